/**
 * node-windows.ts keeps per-track caches and reusable scratch buffers: none of that may change a
 * result. These tests check that the results do not depend on whether a track's cache is cold or
 * warm, on the order of the pairs or on a change of grid between calls; and mergeIntervals. (That
 * the filters are conservative is the recall test's business:
 * tests/integration/screening-recall.test.ts.)
 */
import { describe, expect, it } from 'vitest';
import { parseElementSets } from '../elements/parse-element-sets.ts';
import { createSgp4 } from '../propagation/sgp4.ts';
import { utcMs } from '../units.ts';
import { mergeIntervals, pairCandidates, type PairGeometry } from './node-windows.ts';
import { buildTrack, gridTimes, type ObjectTrack } from './object-track.ts';

// From the 2023-10-09 catalogue: pairs that get candidate intervals (LEO; an eccentric secondary,
// e ≈ 0.15, whose window is mapped exactly), one rejected on the orbit path, two nearly coplanar
// (one of them in GEO).
const ELEMENTS = `0 TECHSAT 1B
1 25397U 98043D   23282.40800592  .00000298  00000-0  14973-3 0  9991
2 25397  98.8835 240.9209 0001852 130.1863 229.9477 14.23921734311587
0 COSMOS 158
1 02801U 67045A   23282.60770960  .00000192  00000-0  72785-4 0  9990
2 02801  74.0394  69.1237 0056809 158.6738 201.6802 14.36703351955498
0 SOLRAD 1 (GREB)
1 00046U 60007B   23282.61574891  .00001960  00000-0  39301-3 0  9996
2 00046  66.6930  17.0428 0211487 307.8244  50.3884 14.50898233314385
0 THOR ABLESTAR R/B
1 00047U 60007C   23282.37390715  .00001114  00000-0  27173-3 0  9996
2 00047  66.6649 161.0711 0220346 140.0730 221.6818 14.43052052309027
0 SL-3 DEB
1 19643U 78121C   23282.42679640  .00000475  00000-0  23173-3 0  9992
2 19643  81.2394  62.8020 0065765 119.3668 296.6178 14.15432270804610
0 AMOS 3
1 32794U 08022A   23282.30891975 -.00000041  00000-0  00000-0 0  9992
2 32794   0.0295 123.3688 0003037  61.3109 300.0990  1.00271425 72492
0 HORIZONS 1 (GALAXY 13)
1 27954U 03044A   23282.61053809  .00000043  00000-0  00000-0 0  9994
2 27954   0.0191 133.2540 0000713 165.8801 171.6333  1.00271275 36736
0 DUCHIFAT 1
1 40021U 14033M   23282.84385730  .00017266  00000-0  13869-2 0  9994
2 40021  98.0678 250.7123 0009905 235.5506 124.4780 15.00072278506364
0 MAGION 3
1 21835U 91086E   23282.47938765  .00003176  00000-0  58049-3 0  9995
2 21835  82.5334  68.8876 1481650  76.5503 299.5919 12.14629504394037
`;

const PAIRS: readonly [number, number][] = [
  [25397, 2801],
  [25397, 46],
  [25397, 47],
  [25397, 19643],
  [32794, 27954],
  [40021, 21835],
];

const models = new Map(parseElementSets(ELEMENTS).sets.map((set) => [set.norad, createSgp4(set)]));

function tracksOver(hours: number): Map<number, ObjectTrack> {
  const start = utcMs(Date.UTC(2023, 9, 9));
  const times = gridTimes({ start, end: utcMs(start + hours * 3_600_000) });
  const tracks = new Map<number, ObjectTrack>();
  for (const [norad, model] of models) {
    const built = buildTrack({ norad, model }, times);
    if (built.kind !== 'regular') throw new Error(`no track for ${norad}`);
    tracks.set(norad, built.track);
  }
  return tracks;
}

/** A copy of a track as a new object: its per-track cache starts cold. */
const fresh = (track: ObjectTrack): ObjectTrack => Object.assign(Object.create(Object.getPrototypeOf(track) as object) as ObjectTrack, track);

const screenAll = (tracks: Map<number, ObjectTrack>, threshold: number): PairGeometry[] =>
  PAIRS.map(([a, b]) => pairCandidates(tracks.get(a)!, tracks.get(b)!, threshold));

describe('pairCandidates', () => {
  const day2 = tracksOver(48);
  const cold = screenAll(new Map([...day2].map(([norad, track]) => [norad, fresh(track)])), 5);

  it('covers the cases it is meant to: candidates, a radial rejection, a coplanar pair', () => {
    expect(cold.filter((g) => g.intervals.length > 0).length).toBeGreaterThanOrEqual(4);
    expect(cold.some((g) => g.intervals.length === 0 && !g.coplanar && g.radialRejections > 0)).toBe(true);
    expect(cold.some((g) => g.coplanar)).toBe(true);
  });

  it('gives the same results with warm caches, in another order and after another grid', () => {
    const warm = screenAll(day2, 5);
    screenAll(day2, 5);
    expect(screenAll(day2, 5)).toEqual(cold);
    expect(warm).toEqual(cold);
    const reversed = [...PAIRS].reverse().map(([a, b]) => pairCandidates(day2.get(a)!, day2.get(b)!, 5));
    expect(reversed.reverse()).toEqual(cold);
    // A 24-h grid in between reallocates the scratch buffers.
    screenAll(tracksOver(24), 5);
    expect(screenAll(day2, 5)).toEqual(cold);
  });

  it('returns sorted, disjoint intervals inside the grid', () => {
    for (const threshold of [1, 5, 25]) {
      for (const g of screenAll(day2, threshold)) {
        const times = day2.get(25397)!.times;
        for (let i = 0; i < g.intervals.length; i += 2) {
          expect(g.intervals[i]!).toBeLessThanOrEqual(g.intervals[i + 1]!);
          if (i > 0) expect(g.intervals[i]!).toBeGreaterThan(g.intervals[i - 1]!);
          expect(g.intervals[i]!).toBeGreaterThanOrEqual(times[0]!);
          expect(g.intervals[i + 1]!).toBeLessThanOrEqual(times[times.length - 1]!);
        }
      }
    }
  });
});

describe('mergeIntervals', () => {
  it('sorts and merges overlapping or touching intervals', () => {
    expect(mergeIntervals([])).toEqual([]);
    expect(mergeIntervals([1, 2, 2, 3, 5, 6])).toEqual([1, 3, 5, 6]);
    expect(mergeIntervals([5, 6, 1, 2, 1.5, 4])).toEqual([1, 4, 5, 6]);
    expect(mergeIntervals([0, 10, 2, 3, 4, 5])).toEqual([0, 10]);
    expect(mergeIntervals([3, 3, 1, 1])).toEqual([1, 1, 3, 3]);
  });
});
