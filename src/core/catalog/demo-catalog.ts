/**
 * The embedded demo catalogue (DECISIONS.md §2): about 50,000 objects whose
 * population follows the real catalogue, with element-set epochs around the
 * current day, the fleet, the spec's 12 adversary satellites, and element-set
 * histories in which a few manoeuvres are hidden for the detector to find.
 *
 * Deterministic: the same seed and the same UTC day give the same catalogue.
 *
 * Method. Orbits are drawn from POPULATION_BINS (scripts/derive-population.ts):
 * a bin is chosen with probability proportional to its count in the real
 * catalogue, then perigee, apogee and inclination are drawn uniformly inside it;
 * node, perigee argument and mean anomaly are uniform (they are not
 * statistically stable over years, since J2 turns the planes), B* is the bin's
 * median with a log-normal spread. Counts per kind: active payloads as in the
 * 2026 active set, inactive payloads, rocket bodies and unknowns as in the 2023
 * catalogue scaled for growth, and debris fills the rest up to the target size
 * (the tracked fragment population has grown roughly twofold since 2023 with
 * the Space Fence radar, ESA Space Environment Report 2024).
 *
 * Generic objects get NORAD ids from 200000 up (Alpha-5 "L0000"), named objects
 * without public ids 190000+: no demo object can be mistaken for a real one
 * that is imported later.
 */
import type { ElementSet } from '../elements/element-set.ts';
import { gmst } from '../time/gmst.ts';
import { MS_PER_DAY } from '../time/julian.ts';
import { degrees, utcMs, type UtcMs } from '../units.ts';
import { WGS72_MU, WGS72_RADIUS } from '../orbit/wgs72.ts';
import { ADVERSARIES, FLEET, ISRAEL_OWNER, OWNER_CODES, type NamedOrbitEstimate } from './named-objects.ts';
import { POPULATION_BINS, POPULATION_FAMILIES, POPULATION_KINDS, REFERENCE_ORBITS } from './population.data.ts';
import { createRandom, type Random } from './random.ts';
import type { ObjectType } from './satcat.ts';
import { meanMotionRevPerDay, secularRates } from './secular.ts';

/** The SATCAT object type (satcat.ts): the demo catalogue has the same four. */
export type DemoObjectType = ObjectType;

export interface DemoObject {
  noradId: number;
  name: string;
  cosparId: string;
  objectType: DemoObjectType;
  owner: string | null;
  rcsSize: 'SMALL' | 'MEDIUM' | 'LARGE' | null;
  massKg: number | null;
  launchDate: string;
  category: string | null;
  mission: string | null;
  description: string | null;
}

export type ManeuverType = 'orbit_raising' | 'orbit_lowering' | 'plane_change';

/** A manoeuvre hidden in a history: the ground truth detection tests compare with. */
export interface InjectedManeuver {
  noradId: number;
  /** Instant of the burn. */
  time: UtcMs;
  type: ManeuverType;
  direction: 'prograde' | 'retrograde' | 'other';
  /** Impulse, m/s. */
  deltaV: number;
}

export interface DemoCatalog {
  objects: DemoObject[];
  /** Every element set, oldest first per object; the last one of each object is its newest. */
  sets: ElementSet[];
  maneuvers: InjectedManeuver[];
}

export interface DemoCatalogOptions {
  /** The current time; epochs fall within a few days before it. */
  now: UtcMs;
  /** Number of objects (default 50,000). */
  size?: number;
  seed?: number;
  /** Objects with a 14-day element-set history besides the named ones (default 400). */
  historyObjects?: number;
}

export const DEMO_FIRST_NORAD = 200_000;
export const DEMO_CATALOG_SIZE = 50_000;
const HISTORY_DAYS = 14;
const DEG = Math.PI / 180;

/** Owner codes for name families (SATCAT codes); families not listed get no owner. */
const FAMILY_OWNERS: readonly [RegExp, string][] = [
  [/^(STARLINK|KUIPER|FLOCK|LEMUR|IRIDIUM|ORBCOMM|GLOBALSTAR|USA |NAVSTAR|GPS|SKYSAT|DOVE|SPIRE|HAWK|TRANSPORTER|NOAA|DMSP|BLACKSKY|CAPELLA|DELTA|ATLAS|FALCON|CENTAUR|THORAD|TITAN|SCOUT|MINOTAUR|PEGASUS|ELECTRON|AEROCUBE|TACSAT|SMDC)/, 'US'],
  [/^(ONEWEB)/, 'UK'],
  [/^(COSMOS|SL-|MOLNIYA|METEOR|GLONASS|BREEZE|GONETS|RESURS|KANOPUS|EXPRESS|RASSVET|SOYUZ|PROGRESS|STRELA|PARUS|TSIKADA|RADUGA|GORIZONT|ZARYA|FREGAT)/, 'CIS'],
  [/^(CZ-|YAOGAN|FENGYUN|SHIYAN|JILIN|GAOFEN|BEIDOU|TIANHUI|QIANFAN|GUOWANG|HULIANWANG|SZ-|ZHUQUE|KINETICA|CSS|TIANZHOU|CHUANGXIN|SUPERVIEW|WEIHAI|QIANKUN|TIANQI|KL-|HXMT|CE-SAT|SHENZHOU|CERES)/, 'PRC'],
  [/^(ARIANE|SPOT|HELIOS|CSO|PLEIADES|ELISA)/, 'FR'],
  [/^(H-2A|H-II|HIMAWARI|QZS|ALOS)/, 'JPN'],
  [/^(PSLV|GSLV|CARTOSAT|RISAT|IRNSS|GSAT|OCEANSAT|RESOURCESAT)/, 'IND'],
];

function ownerOf(family: string): string | null {
  for (const [pattern, owner] of FAMILY_OWNERS) if (pattern.test(family)) return owner;
  return null;
}

type Kind = (typeof POPULATION_KINDS)[number];

/** Cumulative weights per kind for bin sampling. */
function binSampler(kind: number) {
  const bins = POPULATION_BINS.filter((b) => b[0] === kind);
  const cumulative: number[] = [];
  let total = 0;
  for (const b of bins) cumulative.push((total += b[4]));
  return {
    total,
    draw(random: Random) {
      const x = random.next() * total;
      let lo = 0;
      let hi = cumulative.length - 1;
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        if ((cumulative[mid] ?? 0) > x) hi = mid;
        else lo = mid + 1;
      }
      const bin = bins[lo];
      if (!bin) throw new RangeError(`no population bin for kind ${kind}`);
      return bin;
    },
  };
}

const altStep = (alt: number) => (alt < 2000 ? 25 : alt < 30000 ? 500 : 50);

interface Orbit {
  aKm: number;
  e: number;
  inclination: number;
  raan: number;
  argPerigee: number;
  meanAnomaly: number;
  bstar: number;
}

function orbitFromApsides(perigeeKm: number, apogeeKm: number, inclination: number, bstar: number, random: Random): Orbit {
  const rp = WGS72_RADIUS + Math.min(perigeeKm, apogeeKm);
  const ra = WGS72_RADIUS + Math.max(perigeeKm, apogeeKm);
  return {
    aKm: (rp + ra) / 2,
    e: (ra - rp) / (ra + rp),
    inclination,
    raan: random.uniform(0, 360),
    argPerigee: random.uniform(0, 360),
    meanAnomaly: random.uniform(0, 360),
    bstar,
  };
}

function orbitFromReference(norad: number, random: Random): Orbit | undefined {
  const ref = REFERENCE_ORBITS[norad];
  if (!ref) return undefined;
  const n = (ref.meanMotion * 2 * Math.PI) / 86400;
  return {
    aKm: Math.cbrt(WGS72_MU / (n * n)),
    e: ref.eccentricity,
    inclination: ref.inclination,
    raan: random.uniform(0, 360),
    argPerigee: random.uniform(0, 360),
    meanAnomaly: random.uniform(0, 360),
    bstar: ref.bstar,
  };
}

function orbitFromEstimate(estimate: NamedOrbitEstimate, random: Random): Orbit {
  return orbitFromApsides(estimate.perigeeKm, estimate.apogeeKm, estimate.inclinationDeg, estimate.bstar, random);
}

const wrap360 = (deg: number) => ((deg % 360) + 360) % 360;

/** The orbit `dtSeconds` later (negative: earlier), moved along by the secular J2 rates. */
function advance(orbit: Orbit, dtSeconds: number): Orbit {
  const rates = secularRates(orbit.aKm, orbit.e, orbit.inclination * DEG);
  return {
    ...orbit,
    raan: wrap360(orbit.raan + (rates.raanDot * dtSeconds) / DEG),
    argPerigee: wrap360(orbit.argPerigee + (rates.argPerigeeDot * dtSeconds) / DEG),
    meanAnomaly: wrap360(orbit.meanAnomaly + (rates.meanAnomalyDot * dtSeconds) / DEG),
  };
}

function elementSet(norad: number, orbit: Orbit, epoch: number, setNo: number, launchMs: number): ElementSet {
  const meanMotion = meanMotionRevPerDay(orbit.aKm);
  return {
    norad,
    classification: 'U',
    epoch: utcMs(Math.round(epoch)),
    meanMotion: Number(meanMotion.toFixed(8)),
    eccentricity: Number(orbit.e.toFixed(7)),
    inclination: degrees(Number(orbit.inclination.toFixed(4))),
    raan: degrees(Number(orbit.raan.toFixed(4))),
    argPerigee: degrees(Number(orbit.argPerigee.toFixed(4))),
    meanAnomaly: degrees(Number(orbit.meanAnomaly.toFixed(4))),
    bstar: Number(orbit.bstar.toPrecision(5)),
    meanMotionDot: 0,
    meanMotionDdot: 0,
    elementSetNo: 999,
    revAtEpoch: Math.max(0, Math.floor(((epoch - launchMs) / MS_PER_DAY) * meanMotion)) % 100000,
    ephemerisType: 0,
  };
}

/** Orbit-determination noise of one element set (about 20 m in a, 0.001° in angles). */
function withNoise(orbit: Orbit, random: Random): Orbit {
  return {
    ...orbit,
    aKm: orbit.aKm + 0.02 * random.normal(),
    e: Math.max(0, orbit.e + 2e-6 * random.normal()),
    inclination: orbit.inclination + 0.0005 * random.normal(),
    raan: wrap360(orbit.raan + 0.0005 * random.normal()),
  };
}

interface Plan {
  maneuver?: { at: number; type: ManeuverType; deltaV: number };
}

/**
 * A history of element sets about one day apart ending at `newestEpoch`. A
 * manoeuvre at `plan.maneuver.at` splits it: sets after it carry `orbit`, sets
 * before it the orbit before the burn (continuous in position at the burn).
 * Tangential burn: Δa = 2aΔv/v; plane change at the node: Δi = Δv/v (Vallado §6.3-6.4).
 */
function history(norad: number, orbit: Orbit, newestEpoch: number, launchMs: number, random: Random, plan: Plan): ElementSet[] {
  const epochs: number[] = [newestEpoch];
  for (let k = 1; k <= HISTORY_DAYS; k++) epochs.push(newestEpoch - k * MS_PER_DAY + random.uniform(-0.2, 0.2) * MS_PER_DAY);
  epochs.reverse();
  let before = orbit;
  const burn = plan.maneuver;
  if (burn) {
    const atBurn = advance(orbit, (burn.at - newestEpoch) / 1000);
    const v = Math.sqrt(WGS72_MU / orbit.aKm);
    const dv = burn.deltaV / 1000;
    if (burn.type === 'plane_change') before = { ...atBurn, inclination: atBurn.inclination - (dv / v) / DEG };
    else before = { ...atBurn, aKm: atBurn.aKm - (burn.type === 'orbit_raising' ? 1 : -1) * ((2 * orbit.aKm * dv) / v) };
  }
  return epochs.map((epoch) => {
    const after = !burn || epoch >= burn.at;
    const base = after ? advance(orbit, (epoch - newestEpoch) / 1000) : advance(before, (epoch - (burn?.at ?? newestEpoch)) / 1000);
    return elementSet(norad, withNoise(base, random), epoch, 999, launchMs);
  });
}

function cosparOf(year: number, launchNo: number, piece: number): string {
  const letters = 'ABCDEFGHJKLMNPQRSTUVWXYZ'; // COSPAR pieces skip I and O
  const first = Math.floor(piece / letters.length);
  const suffix = (first > 0 ? letters[first - 1] ?? 'Z' : '') + (letters[piece % letters.length] ?? 'A');
  return `${year}-${String(launchNo).padStart(3, '0')}${suffix}`;
}

function isoDate(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/** Manoeuvres hidden in the named objects' histories: one each, as their operators would fly them. */
const NAMED_MANEUVERS: Readonly<Record<number, { type: ManeuverType; deltaV: number; daysAgo: number }>> = {
  190016: { type: 'orbit_raising', deltaV: 4.2, daysAgo: 5.3 }, // OFEQ-16 re-boost against drag
  190011: { type: 'orbit_raising', deltaV: 2.6, daysAgo: 9.6 },
  54880: { type: 'orbit_raising', deltaV: 1.8, daysAgo: 3.4 }, // EROS C3 station-keeping
  53323: { type: 'orbit_lowering', deltaV: 6.5, daysAgo: 7.2 }, // COSMOS 2558 phasing
  59773: { type: 'plane_change', deltaV: 12.0, daysAgo: 4.7 }, // COSMOS 2576 plane adjustment
  44797: { type: 'orbit_raising', deltaV: 8.0, daysAgo: 10.1 }, // COSMOS 2542
  61072: { type: 'orbit_raising', deltaV: 5.5, daysAgo: 2.6 }, // CHAMRAN-1 manoeuvre demonstration
  53370: { type: 'orbit_lowering', deltaV: 3.1, daysAgo: 8.4 }, // KHAYYAM
};

function injected(noradId: number, burn: NonNullable<Plan['maneuver']>): InjectedManeuver {
  const direction = burn.type === 'orbit_raising' ? 'prograde' : burn.type === 'orbit_lowering' ? 'retrograde' : 'other';
  return { noradId, time: utcMs(burn.at), type: burn.type, direction, deltaV: burn.deltaV };
}

export function generateDemoCatalog(options: DemoCatalogOptions): DemoCatalog {
  const size = options.size ?? DEMO_CATALOG_SIZE;
  const day = Math.floor(options.now / MS_PER_DAY);
  const random = createRandom(((options.seed ?? 20_261_121) ^ (day * 2654435761)) >>> 0);
  const objects: DemoObject[] = [];
  const sets: ElementSet[] = [];
  const maneuvers: InjectedManeuver[] = [];

  // Epochs count back from the start of the current UTC day, so the whole
  // catalogue depends on the day only (and every epoch is in the past).
  const dayStart = day * MS_PER_DAY;
  const newestEpoch = (maxAgeDays: number) => dayStart - random.uniform(0.05, maxAgeDays) * MS_PER_DAY;
  const addNamed = (object: DemoObject, orbit: Orbit, longitudeSlot?: number) => {
    objects.push(object);
    const epoch = newestEpoch(1);
    if (longitudeSlot !== undefined) {
      // Near-circular, near-equatorial: the sub-satellite longitude is Ω + ω + M − GMST.
      orbit.meanAnomaly = wrap360(longitudeSlot + gmst(utcMs(epoch)) / DEG - orbit.raan - orbit.argPerigee);
    }
    const planned = NAMED_MANEUVERS[object.noradId];
    const plan: Plan = planned ? { maneuver: { at: epoch - planned.daysAgo * MS_PER_DAY, type: planned.type, deltaV: planned.deltaV } } : {};
    sets.push(...history(object.noradId, orbit, epoch, Date.parse(object.launchDate), random, plan));
    if (plan.maneuver) maneuvers.push(injected(object.noradId, plan.maneuver));
  };

  for (const sat of FLEET) {
    const orbit = sat.estimate ? orbitFromEstimate(sat.estimate, random) : orbitFromReference(sat.norad, random);
    if (!orbit) throw new RangeError(`no orbit for fleet satellite ${sat.name}`);
    addNamed(
      {
        noradId: sat.norad,
        name: sat.name,
        cosparId: sat.cosparId,
        objectType: 'payload',
        owner: ISRAEL_OWNER,
        rcsSize: sat.massKg !== null && sat.massKg < 50 ? 'SMALL' : 'LARGE',
        massKg: sat.massKg,
        launchDate: sat.launchDate,
        category: sat.category,
        mission: null,
        description: sat.description,
      },
      orbit,
      sat.longitudeSlot,
    );
  }
  for (const adv of ADVERSARIES) {
    const orbit = orbitFromReference(adv.norad, random);
    if (!orbit) throw new RangeError(`no orbit for adversary ${adv.name}`);
    addNamed(
      {
        noradId: adv.norad,
        name: adv.name,
        cosparId: adv.cosparId,
        objectType: 'payload',
        owner: OWNER_CODES[adv.country],
        rcsSize: 'LARGE',
        massKg: null,
        launchDate: adv.launchDate,
        category: null,
        mission: adv.mission,
        description: adv.description,
      },
      orbit,
    );
  }

  // Generic population.
  const remaining = size - objects.length;
  const kindIndex = (k: Kind) => POPULATION_KINDS.indexOf(k);
  const samplers = POPULATION_KINDS.map((_, i) => binSampler(i));
  const countOf = (k: Kind) => samplers[kindIndex(k)]?.total ?? 0;
  const scale = remaining / 50_000;
  const targets: Record<Kind, number> = {
    active_payload: Math.round(countOf('active_payload') * scale),
    inactive_payload: Math.round(countOf('inactive_payload') * 1.2 * scale),
    rocket_body: Math.round(countOf('rocket_body') * 1.15 * scale),
    unknown: Math.round(countOf('unknown') * scale),
    debris: 0,
  };
  targets.debris = Math.max(0, remaining - targets.active_payload - targets.inactive_payload - targets.rocket_body - targets.unknown);

  const serials = new Map<string, number>();
  const usedCospar = new Set(objects.map((o) => o.cosparId));
  let norad = DEMO_FIRST_NORAD;
  let withHistory = options.historyObjects ?? 400;
  const historyEvery = Math.max(1, Math.floor(targets.active_payload / Math.max(1, withHistory)));
  let activeCount = 0;

  for (const kind of POPULATION_KINDS) {
    const sampler = samplers[kindIndex(kind)];
    if (!sampler) continue;
    for (let i = 0; i < targets[kind]; i++) {
      let bin = sampler.draw(random);
      // Objects in their last days before re-entry (perigee under 180 km) are
      // real but make a poor demo: SGP4 gives up on them within hours.
      while (bin[1] < 180) bin = sampler.draw(random);
      const [, perigeeBin, apogeeBin, inclBin, , medianBstar, familyIdx] = bin;
      const perigee = perigeeBin + random.uniform(0, altStep(perigeeBin));
      const apogee = Math.max(perigee, apogeeBin + random.uniform(0, altStep(apogeeBin)));
      const incl = Math.min(179.9, inclBin + random.uniform(0, 1));
      const bstar = medianBstar * Math.exp(0.5 * random.normal());
      const orbit = orbitFromApsides(perigee, apogee, incl, bstar, random);
      const family = POPULATION_FAMILIES[familyIdx] ?? 'OBJECT';
      const payload = kind === 'active_payload' || kind === 'inactive_payload';
      const serial = (serials.get(family) ?? 0) + 1;
      serials.set(family, serial);
      const name = payload ? `${family}${1000 + serial}` : family;
      const year =
        kind === 'active_payload' ? Math.min(2026, 2026 - Math.floor(Math.abs(random.normal()) * 3)) : kind === 'inactive_payload' ? random.int(1962, 2022) : random.int(1965, 2026);
      let cosparId: string;
      do cosparId = cosparOf(year, random.int(1, year >= 2018 ? 300 : 120), payload ? random.int(0, 30) : random.int(1, 500));
      while (usedCospar.has(cosparId));
      usedCospar.add(cosparId);
      const launchMs = Math.min(Date.UTC(year, 0, 1) + random.uniform(0, 364) * MS_PER_DAY, dayStart - 30 * MS_PER_DAY);
      const objectType: DemoObjectType = payload ? 'payload' : (kind as DemoObjectType);
      const object: DemoObject = {
        noradId: norad++,
        name,
        cosparId,
        objectType,
        owner: ownerOf(family),
        rcsSize: objectType === 'debris' || objectType === 'unknown' ? (random.next() < 0.8 ? 'SMALL' : 'MEDIUM') : objectType === 'rocket_body' ? 'LARGE' : random.next() < 0.6 ? 'MEDIUM' : 'LARGE',
        massKg: null,
        launchDate: isoDate(launchMs),
        category: null,
        mission: null,
        description: null,
      };
      objects.push(object);
      const epoch = newestEpoch(kind === 'active_payload' ? 1.5 : 3);
      if (kind === 'active_payload' && withHistory > 0 && activeCount++ % historyEvery === 0) {
        withHistory--;
        // About one in twelve operators manoeuvred in the last two weeks.
        const plan: Plan = {};
        if (random.next() < 0.08) {
          const roll = random.next();
          const type: ManeuverType = roll < 0.5 ? 'orbit_raising' : roll < 0.8 ? 'orbit_lowering' : 'plane_change';
          plan.maneuver = { at: epoch - random.uniform(2, 12) * MS_PER_DAY, type, deltaV: Number(random.uniform(1, 10).toFixed(2)) };
        }
        sets.push(...history(object.noradId, orbit, epoch, launchMs, random, plan));
        if (plan.maneuver) maneuvers.push(injected(object.noradId, plan.maneuver));
      } else {
        sets.push(elementSet(object.noradId, orbit, epoch, 999, launchMs));
      }
    }
  }
  return { objects, sets, maneuvers };
}
