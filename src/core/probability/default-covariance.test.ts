import { describe, expect, it } from 'vitest';
import { parseTle } from '../elements/tle-parse.ts';
import { utcMs } from '../units.ts';
import { defaultCovarianceForElementSet, defaultCovarianceRtn, epochSigmas, IN_TRACK_GROWTH_M_PER_DAY, orbitRegime } from './default-covariance.ts';

const circular = (perigee: number, inclination: number) => ({ perigeeAltitudeKm: perigee, apogeeAltitudeKm: perigee + 10, eccentricity: 0.0007, inclinationDeg: inclination });
const s = (radialM: number, inTrackM: number, crossTrackM: number) => ({ radialM, inTrackM, crossTrackM });

describe('epoch sigmas: Flohrer, Krag & Klinkrad (AMOS 2008) Tables 1 and 2', () => {
  it('reads Table 2 by eccentricity, perigee band and inclination band', () => {
    expect(epochSigmas(circular(420, 51.6))).toEqual({
      sigmas: s(107, 308, 169),
      regime: 'LEO',
      source: { table: 2, shape: 'near-circular', perigeeBand: 'below 800 km', inclinationBand: '30-60 deg' },
    });
    expect(epochSigmas(circular(620, 97.9)).sigmas).toEqual(s(115, 517, 137)); // sun-synchronous, low band
    expect(epochSigmas(circular(500, 5)).sigmas).toEqual(s(67, 118, 75));
    expect(epochSigmas(circular(1200, 99)).sigmas).toEqual(s(91, 428, 114)); // the upper LEO band
    expect(epochSigmas({ perigeeAltitudeKm: 19_870, apogeeAltitudeKm: 20_495, eccentricity: 0.012, inclinationDeg: 54.8 })).toMatchObject({
      sigmas: s(71, 228, 95),
      regime: 'MEO',
    });
    expect(epochSigmas({ perigeeAltitudeKm: 35_780, apogeeAltitudeKm: 35_792, eccentricity: 0.0002, inclinationDeg: 0.05 })).toMatchObject({
      sigmas: s(357, 432, 83),
      regime: 'GEO',
    });
    // Molniya and GTO: eccentric, perigee below 800 km.
    expect(epochSigmas({ perigeeAltitudeKm: 600, apogeeAltitudeKm: 39_750, eccentricity: 0.72, inclinationDeg: 63.4 }).sigmas).toEqual(s(494, 814, 1337));
    expect(epochSigmas({ perigeeAltitudeKm: 250, apogeeAltitudeKm: 35_786, eccentricity: 0.73, inclinationDeg: 28 }).sigmas).toEqual(s(2252, 4270, 1421));
  });

  it('falls back on Table 1’s regime average where Table 2 has no entry', () => {
    // Near-circular above 25,000 km at 45°: no Table 2 cell; MEO by heights.
    expect(epochSigmas({ perigeeAltitudeKm: 30_000, apogeeAltitudeKm: 30_100, eccentricity: 0.001, inclinationDeg: 45 })).toEqual({
      sigmas: s(73, 131, 54),
      regime: 'MEO',
      source: { table: 1, regime: 'MEO' },
    });
    expect(epochSigmas({ perigeeAltitudeKm: 35_780, apogeeAltitudeKm: 35_792, eccentricity: 0.0002, inclinationDeg: 70 }).source).toEqual({ table: 1, regime: 'GEO' });
  });

  it('classifies regimes by perigee and apogee heights', () => {
    expect(orbitRegime(400, 420)).toBe('LEO');
    expect(orbitRegime(1500, 1999)).toBe('LEO');
    expect(orbitRegime(19_000, 21_000)).toBe('MEO');
    expect(orbitRegime(35_700, 35_900)).toBe('GEO');
    expect(orbitRegime(250, 35_786)).toBe('GTO');
    expect(orbitRegime(2500, 40_000)).toBe('HEO');
  });
});

describe('growth with element-set age and object type', () => {
  const iss = { ...circular(420, 51.6), objectType: 'payload' as const };

  it('adds 1 km/day in-track (Levit & Marshall 2011) in quadrature, either side of the epoch, and leaves R and N alone', () => {
    expect(IN_TRACK_GROWTH_M_PER_DAY).toBe(1000);
    expect(defaultCovarianceRtn({ ...iss, ageDays: 0 }).sigmas).toEqual(s(107, 308, 169));
    const two = defaultCovarianceRtn({ ...iss, ageDays: 2 });
    expect(two.sigmas.inTrackM).toBeCloseTo(Math.hypot(308, 2000), 9);
    expect(two.sigmas.radialM).toBe(107);
    expect(two.sigmas.crossTrackM).toBe(169);
    expect(two.epochSigmas).toEqual(s(107, 308, 169));
    expect(defaultCovarianceRtn({ ...iss, ageDays: -2 }).sigmas).toEqual(two.sigmas);
  });

  it('grows debris and unknown objects 1.5× faster (project assumption), payloads and rocket bodies alike', () => {
    const at = (objectType: 'payload' | 'rocket_body' | 'debris' | 'unknown') => defaultCovarianceRtn({ ...iss, objectType, ageDays: 3 }).sigmas.inTrackM;
    expect(at('rocket_body')).toBe(at('payload'));
    expect(at('debris')).toBeCloseTo(Math.hypot(308, 4500), 9);
    expect(at('unknown')).toBe(at('debris'));
  });

  it('works from an element set (ISS, 2020-12-13) one day after its epoch', () => {
    const [set] = parseTle(
      ['1 25544U 98067A   20348.69171878  .00000888  00000-0  24124-4 0  9995', '2 25544  51.6444 180.2777 0001779 128.5985 350.1361 15.49181153259845'].join('\n'),
    ).sets;
    const c = defaultCovarianceForElementSet(set!, 'payload', utcMs(set!.epoch + 86_400_000));
    expect(c.regime).toBe('LEO');
    expect(c.sigmas).toEqual({ radialM: 107, inTrackM: Math.hypot(308, 1000), crossTrackM: 169 });
  });

  it('refuses impossible orbits and ages', () => {
    expect(() => defaultCovarianceRtn({ ...iss, ageDays: Number.NaN })).toThrow(RangeError);
    expect(() => defaultCovarianceRtn({ ...iss, eccentricity: 1.2, ageDays: 0 })).toThrow(RangeError);
    expect(() => defaultCovarianceRtn({ ...iss, apogeeAltitudeKm: 100, ageDays: 0 })).toThrow(RangeError);
  });
});
