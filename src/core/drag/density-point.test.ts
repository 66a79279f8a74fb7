import { describe, expect, it } from 'vitest';
import { nrlmsiseDensity } from '../atmosphere/nrlmsise00/index.ts';
import { utcMs } from '../units.ts';
import { densityPointAtGeodetic } from './atmosphere-frame.ts';
import { densityAt, densityAtOrNull, DTM2020_NRLMSISE_FACTOR, NRLMSISE_MULTIPLIERS, nrlmsiseAt } from './density.ts';

const TIME = utcMs(Date.parse('2026-03-21T12:00:00Z'));
const MODERATE = { f107: 150, f107A: 150, ap: 15 };
/** WGS-84 first eccentricity squared (NIMA TR8350.2, Table 3.3). */
const E2 = 0.00669437999014;
const RAD = Math.PI / 180;

describe('densityPointAtGeodetic', () => {
  it('keeps the geodetic place and gives the geocentric latitude: on the ellipsoid tan φc = (1 − e²) tan φ', () => {
    for (const lat of [0, 32, 45, -60, 89]) {
      const p = densityPointAtGeodetic(TIME, lat, 35, 0);
      expect(p).toMatchObject({ time: TIME, latitudeDeg: lat, longitudeDeg: 35, altitudeKm: 0 });
      expect(p.geocentricLatitudeDeg).toBeCloseTo(Math.atan((1 - E2) * Math.tan(lat * RAD)) / RAD, 10);
    }
    // 45° N: the largest difference, 11.5′ (0.1924°) on the ellipsoid; less with height.
    expect(45 - densityPointAtGeodetic(TIME, 45, 0, 0).geocentricLatitudeDeg).toBeCloseTo(0.1924, 4);
    expect(45 - densityPointAtGeodetic(TIME, 45, 0, 400).geocentricLatitudeDeg).toBeLessThan(0.1924);
  });
});

describe('NRLMSISE-00 and the spec’s multiples at a point', () => {
  it('nrlmsiseAt is the model in full on the drag code’s space weather; densityAt its total mass density', () => {
    const point = densityPointAtGeodetic(TIME, 0, 0, 400);
    const full = nrlmsiseAt(point, MODERATE);
    expect(full).toEqual(nrlmsiseDensity({ time: TIME, latitudeDeg: 0, longitudeDeg: 0, altitudeKm: 400, ...MODERATE }));
    // shared/reference/atmosphere/README.md moderate case: 6.775e-12 kg/m³ at 400 km.
    expect(full.densityKgPerM3.toPrecision(4)).toBe('6.775e-12');
    expect(densityAt('nrlmsise00', point, MODERATE)).toBe(full.densityKgPerM3);
  });

  it('names the spec §9 readings-card multipliers of the models not implemented', () => {
    expect(NRLMSISE_MULTIPLIERS).toEqual({ dtm2020: 1.08, tiegcm: 1.25, msis86: 0.92 });
    expect(NRLMSISE_MULTIPLIERS.dtm2020).toBe(DTM2020_NRLMSISE_FACTOR);
  });

  it('densityAtOrNull is null where JB2008 is not defined (below 90 km), the density elsewhere', () => {
    expect(densityAtOrNull('jb2008', densityPointAtGeodetic(TIME, 0, 0, 80), MODERATE)).toBeNull();
    const point = densityPointAtGeodetic(TIME, 0, 0, 400);
    expect(densityAtOrNull('jb2008', point, MODERATE)).toBe(densityAt('jb2008', point, MODERATE));
  });
});
