/**
 * The named objects the demo catalogue places on purpose: the default fleet
 * (Israel's satellites, DECISIONS.md §3) and the 12 adversary satellites of the
 * spec (owners RU/CIS and IR, product spec §9).
 *
 * Orbits: objects with public element sets take their mean orbit (size, shape,
 * inclination, B*) from the reference catalogues (REFERENCE_ORBITS, derived by
 * scripts/derive-population.ts); angles and epochs are the demo's own. Israeli
 * military satellites have no public element sets: their orbits are estimates
 * from public facts (retrograde launches from Palmachim at about 141-144°; the
 * drag presets' altitudes of the product spec §3), their NORAD ids are not
 * public in our sources, so they get ids from the demo's reserved range
 * (190000+), and they say so in their description. TECSAR was launched by
 * India's PSLV into a 41° prograde orbit (public launch reports), not a
 * retrograde one.
 *
 * Masses are public launch masses, rounded; null where no source was at hand.
 */
export type FleetCategory = 'military' | 'commercial' | 'scientific';
export type AdversaryMission = 'electronic_warfare' | 'signals_intelligence' | 'reconnaissance' | 'other';

export interface NamedOrbitEstimate {
  perigeeKm: number;
  apogeeKm: number;
  inclinationDeg: number;
  bstar: number;
}

export interface FleetSatellite {
  norad: number;
  name: string;
  category: FleetCategory;
  cosparId: string;
  launchDate: string;
  massKg: number | null;
  description: string;
  /** For satellites without a public element set. */
  estimate?: NamedOrbitEstimate;
  /** Geostationary slot, degrees east (operator's published slot). */
  longitudeSlot?: number;
}

export const ISRAEL_OWNER = 'ISRA';

export const FLEET: readonly FleetSatellite[] = [
  {
    norad: 190016,
    name: 'OFEQ-16',
    category: 'military',
    cosparId: '2020-044A',
    launchDate: '2020-07-06',
    massKg: 400,
    description: 'Electro-optical reconnaissance satellite (IMOD/IAI). No public element set: estimated orbit; load operator elements through the import.',
    estimate: { perigeeKm: 420, apogeeKm: 480, inclinationDeg: 143.4, bstar: 2.2e-4 },
  },
  {
    norad: 190013,
    name: 'OFEQ-13',
    category: 'military',
    cosparId: '2023-044A',
    launchDate: '2023-03-28',
    massKg: 350,
    description: 'Synthetic-aperture radar reconnaissance satellite (IMOD/IAI). No public element set: estimated orbit; load operator elements through the import.',
    estimate: { perigeeKm: 430, apogeeKm: 460, inclinationDeg: 141.9, bstar: 2.4e-4 },
  },
  {
    norad: 190011,
    name: 'OFEQ-11',
    category: 'military',
    cosparId: '2016-056A',
    launchDate: '2016-09-13',
    massKg: 300,
    description: 'Electro-optical reconnaissance satellite (IMOD/IAI). No public element set: estimated orbit; load operator elements through the import.',
    estimate: { perigeeKm: 380, apogeeKm: 515, inclinationDeg: 142.5, bstar: 2.6e-4 },
  },
  {
    norad: 190009,
    name: 'OFEQ-9',
    category: 'military',
    cosparId: '2010-031A',
    launchDate: '2010-06-22',
    massKg: 300,
    description: 'Electro-optical reconnaissance satellite (IMOD/IAI). No public element set: estimated orbit; load operator elements through the import.',
    estimate: { perigeeKm: 340, apogeeKm: 545, inclinationDeg: 141.8, bstar: 2.8e-4 },
  },
  {
    norad: 190101,
    name: 'TECSAR',
    category: 'military',
    cosparId: '2008-002A',
    launchDate: '2008-01-21',
    massKg: 300,
    description: 'Synthetic-aperture radar satellite (IMOD/IAI), launched by PSLV. No public element set: estimated orbit; load operator elements through the import.',
    estimate: { perigeeKm: 410, apogeeKm: 580, inclinationDeg: 41.0, bstar: 2.0e-4 },
  },
  { norad: 54880, name: 'EROS C3', category: 'commercial', cosparId: '2022-179A', launchDate: '2022-12-30', massKg: null, description: 'High-resolution imaging satellite (ImageSat International).' },
  { norad: 29079, name: 'EROS B', category: 'commercial', cosparId: '2006-014A', launchDate: '2006-04-25', massKg: 290, description: 'High-resolution imaging satellite (ImageSat International).' },
  { norad: 32794, name: 'AMOS-3', category: 'commercial', cosparId: '2008-022A', launchDate: '2008-04-28', massKg: 1260, description: 'Communications satellite (Spacecom); its public elements show it drifting off the geostationary belt.' },
  { norad: 39237, name: 'AMOS-4', category: 'commercial', cosparId: '2013-045A', launchDate: '2013-08-31', massKg: 3500, description: 'Geostationary communications satellite (Spacecom), 65° E.', longitudeSlot: 65 },
  { norad: 44479, name: 'AMOS-17', category: 'commercial', cosparId: '2019-050A', launchDate: '2019-08-06', massKg: 6500, description: 'Geostationary communications satellite (Spacecom), 17° E, Africa coverage.', longitudeSlot: 17 },
  { norad: 64784, name: 'DROR 1', category: 'commercial', cosparId: '2025-148A', launchDate: '2025-07-13', massKg: 4500, description: 'Geostationary communications satellite (IAI for Spacecom), 4° W.', longitudeSlot: -4 },
  { norad: 42901, name: 'VENUS', category: 'scientific', cosparId: '2017-044B', launchDate: '2017-08-02', massKg: 264, description: 'Vegetation and environment monitoring micro-satellite (Israel Space Agency and CNES).' },
  { norad: 25397, name: 'TECHSAT 1B', category: 'scientific', cosparId: '1998-043D', launchDate: '1998-07-10', massKg: 48, description: 'Technion student micro-satellite (Gurwin-II), amateur radio (GO-32).' },
  { norad: 40021, name: 'DUCHIFAT-1', category: 'scientific', cosparId: '2014-033M', launchDate: '2014-06-19', massKg: 1, description: 'Educational 1U CubeSat (Herzliya Science Centre), amateur radio.' },
];

export interface AdversarySatellite {
  norad: number;
  name: string;
  /** Owner code as the spec gives it (RU or IR); stored with the SATCAT codes CIS and IRAN. */
  country: 'RU' | 'IR';
  cosparId: string;
  launchDate: string;
  mission: AdversaryMission;
  /** Per-adversary multiplier of the spec's risk scoring, 0.9-1.8 (product spec §9). */
  riskMultiplier: number;
  description: string;
}

/** SATCAT owner codes for the spec's country codes. */
export const OWNER_CODES = { RU: 'CIS', IR: 'IRAN' } as const;

/**
 * The 12 adversary satellites. Missions follow public reporting; where it is
 * unclear the mission is 'other'. Multipliers rank how closely each is watched:
 * proximity-operations "inspectors" highest.
 */
export const ADVERSARIES: readonly AdversarySatellite[] = [
  { norad: 44797, name: 'COSMOS 2542', country: 'RU', cosparId: '2019-079A', launchDate: '2019-11-25', mission: 'reconnaissance', riskMultiplier: 1.8, description: 'Inspector satellite; approached USA 245 in 2020.' },
  { norad: 44835, name: 'COSMOS 2543', country: 'RU', cosparId: '2019-079D', launchDate: '2019-11-25', mission: 'reconnaissance', riskMultiplier: 1.7, description: 'Sub-satellite released by COSMOS 2542; released a projectile in 2020.' },
  { norad: 53323, name: 'COSMOS 2558', country: 'RU', cosparId: '2022-089A', launchDate: '2022-08-01', mission: 'reconnaissance', riskMultiplier: 1.6, description: 'Inspector satellite launched into the plane of USA 326.' },
  { norad: 59773, name: 'COSMOS 2576', country: 'RU', cosparId: '2024-092A', launchDate: '2024-05-16', mission: 'reconnaissance', riskMultiplier: 1.6, description: 'Inspector satellite launched into the plane of USA 314.' },
  { norad: 40258, name: 'LUCH (OLYMP-K)', country: 'RU', cosparId: '2014-058A', launchDate: '2014-09-27', mission: 'signals_intelligence', riskMultiplier: 1.5, description: 'Geostationary satellite that parks beside commercial communications satellites.' },
  { norad: 55841, name: 'LUCH-5X (OLYMP-K 2)', country: 'RU', cosparId: '2023-031A', launchDate: '2023-03-12', mission: 'signals_intelligence', riskMultiplier: 1.5, description: 'Second OLYMP-K geostationary satellite.' },
  { norad: 51511, name: 'COSMOS 2553', country: 'RU', cosparId: '2022-011A', launchDate: '2022-02-05', mission: 'other', riskMultiplier: 1.2, description: 'Satellite in a 2,000 km orbit, reported as related to an anti-satellite weapon programme.' },
  { norad: 57962, name: 'NOUR 3', country: 'IR', cosparId: '2023-150A', launchDate: '2023-09-27', mission: 'reconnaissance', riskMultiplier: 1.3, description: 'IRGC imaging satellite.' },
  { norad: 53370, name: 'KHAYYAM', country: 'IR', cosparId: '2022-096A', launchDate: '2022-08-09', mission: 'reconnaissance', riskMultiplier: 1.3, description: 'Imaging satellite built in Russia for Iran.' },
  { norad: 59065, name: 'PARS 1', country: 'IR', cosparId: '2024-039Q', launchDate: '2024-02-29', mission: 'reconnaissance', riskMultiplier: 1.0, description: 'Iranian Space Agency remote-sensing satellite.' },
  { norad: 58817, name: 'SORAYA', country: 'IR', cosparId: '2024-015A', launchDate: '2024-01-20', mission: 'other', riskMultiplier: 1.0, description: 'IRGC satellite in a 750 km orbit.' },
  { norad: 61072, name: 'CHAMRAN-1', country: 'IR', cosparId: '2024-165B', launchDate: '2024-09-14', mission: 'other', riskMultiplier: 0.9, description: 'Orbital-manoeuvre technology demonstrator.' },
];
