/**
 * CZML of an SGP4 ephemeris: the packets and properties the CZML guide names (document packet with
 * version "1.0" and clock; object packet with availability, position epoch, Lagrange interpolation,
 * INERTIAL frame and [t, x, y, z] samples in seconds and metres), the samples equal to the EME2000
 * ephemeris in metres.
 */
import { describe, expect, it } from 'vitest';
import type { ElementSet } from '../elements/element-set.ts';
import { readTle } from '../elements/tle-parse.ts';
import { utcMs } from '../units.ts';
import { czmlDocument } from './czml.ts';
import { sampleEphemeris } from './sample.ts';

// ISS (ZARYA), lines 19682-19683 of shared/reference/catalog/full_catalog_3le_2023-10-09.txt.
const ISS = readTle(
  '1 25544U 98067A   23282.71486326  .00020100  00000-0  35938-3 0  9998',
  '2 25544  51.6410 121.2575 0005123  92.3190 358.8196 15.49983917419557',
  'ISS (ZARYA)',
) as ElementSet;
const T0 = utcMs(Date.parse('2023-10-09T18:00:00Z'));

describe('czmlDocument', () => {
  it('writes the document and object packets with EME2000 samples in metres', () => {
    const eph = sampleEphemeris(ISS, T0, utcMs(T0 + 5_400_000), 60, 'EME2000');
    const doc = JSON.parse(JSON.stringify(czmlDocument({ id: 'norad-25544', name: 'ISS (ZARYA)' }, eph.states))) as [Record<string, unknown>, { position: { cartesian: number[] } } & Record<string, unknown>];
    expect(doc[0]).toMatchObject({ id: 'document', version: '1.0', clock: { interval: '2023-10-09T18:00:00.000Z/2023-10-09T19:30:00.000Z', currentTime: '2023-10-09T18:00:00.000Z' } });
    const object = doc[1];
    expect(object).toMatchObject({ id: 'norad-25544', name: 'ISS (ZARYA)', availability: '2023-10-09T18:00:00.000Z/2023-10-09T19:30:00.000Z', label: { text: 'ISS (ZARYA)' } });
    expect(object.position).toMatchObject({ epoch: '2023-10-09T18:00:00.000Z', interpolationAlgorithm: 'LAGRANGE', interpolationDegree: 5, referenceFrame: 'INERTIAL' });
    const cartesian = object.position.cartesian;
    expect(cartesian).toHaveLength(eph.states.length * 4);
    eph.states.forEach((s, k) => {
      expect(cartesian.slice(4 * k, 4 * k + 4)).toEqual([k * 60, s.r[0] * 1000, s.r[1] * 1000, s.r[2] * 1000]);
    });
    // An ISS radius (perigee and apogee about 415 and 425 km up): 6,780 to 6,810 km.
    const r = Math.hypot(cartesian[1]!, cartesian[2]!, cartesian[3]!);
    expect(r).toBeGreaterThan(6.78e6);
    expect(r).toBeLessThan(6.81e6);
  });

  it('needs two states for a path', () => {
    const eph = sampleEphemeris(ISS, T0, utcMs(T0 + 60_000), 60, 'EME2000');
    expect(() => czmlDocument({ id: 'x', name: 'x' }, eph.states.slice(0, 1))).toThrow('at least two states');
  });
});
