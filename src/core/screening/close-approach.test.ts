/**
 * The RTN decomposition of a miss vector against a real CCSDS CDM: NASA CARA's TERRA vs
 * IRIDIUM 33 DEB message (shared/reference/cdm, TCA 2021-03-24T15:10:47.417), which gives both
 * states at TCA and RELATIVE_POSITION_R/T/N = −5.5 / 73.7 / −78.2 m (object 2 − object 1 in
 * object 1's RTN frame, CCSDS 508.0-B-1 §3.5, rounded to 0.1 m).
 */
import { describe, expect, it } from 'vitest';
import { rtnComponents } from './close-approach.ts';

describe('rtnComponents', () => {
  it('reproduces the CDM relative position of TERRA vs IRIDIUM 33 DEB', () => {
    const r1 = [31.46975532131119380, 1068.529615130502634, 6991.045229035728880] as const;
    const v1 = [7.032447307172804862, -2.596820803888302720, 0.3643332059915923571] as const;
    const r2 = [31.51145127446365279, 1068.430921431128127, 6991.054608003071735] as const;
    const miss = [r2[0] - r1[0], r2[1] - r1[1], r2[2] - r1[2]] as const;
    const rtn = rtnComponents(r1, v1, miss);
    expect(rtn.radial * 1000).toBeCloseTo(-5.5, 0);
    expect(Math.abs(rtn.radial * 1000 - -5.5)).toBeLessThan(0.06);
    expect(Math.abs(rtn.inTrack * 1000 - 73.7)).toBeLessThan(0.06);
    expect(Math.abs(rtn.crossTrack * 1000 - -78.2)).toBeLessThan(0.06);
    // MISS_DISTANCE = 108 m.
    expect(Math.hypot(rtn.radial, rtn.inTrack, rtn.crossTrack) * 1000).toBeCloseTo(108, 0);
  });
});
