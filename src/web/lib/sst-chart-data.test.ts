import { describe, expect, it } from 'vitest';
import { makeConjunction } from '@/test/sst-fixtures';
import {
  conjunctionPoints,
  MAX_BARS,
  MAX_POINTS,
  missDistanceBars,
  probabilityVelocityPoints,
  riskDistribution,
  subsetNote,
  timeToConjunction,
} from '@/lib/sst-chart-data';

const NOW = Date.parse('2025-03-01T12:00:00.000Z');

describe('SST chart data (spec §2)', () => {
  it('slices the risk levels that occur, in order, in their colours', () => {
    const conjunctions = [makeConjunction({ risk_level: 'low' }), makeConjunction({ risk_level: 'critical' }), makeConjunction({ risk_level: 'low' })];
    expect(riskDistribution(conjunctions)).toEqual([
      { level: 'critical', name: 'Critical', value: 1, fill: '#dc2626' },
      { level: 'low', name: 'Low', value: 2, fill: '#16a34a' },
    ]);
  });

  it('gives one point per conjunction with miss distance, velocity and probability percent', () => {
    const [point] = conjunctionPoints([
      makeConjunction({ secondary_object: 'ISS (ZARYA)', miss_distance_km: 2.5, relative_velocity_km_s: 9.1, collision_probability: 0.0002, risk_level: 'high' }),
    ]);
    expect(point).toEqual({ pair: 'OFEQ-16 ↔ ISS (ZARYA)', level: 'high', missDistanceKm: 2.5, relativeVelocityKmS: 9.1, probabilityPercent: 0.02, fill: '#f97316' });
  });

  it('treats a missing probability as 0', () => {
    const conjunction = { ...makeConjunction(), collision_probability: undefined };
    expect(conjunctionPoints([conjunction])[0]?.probabilityPercent).toBe(0);
  });

  it('sorts hours to TCA ascending, never below 0, and skips a TCA that does not parse', () => {
    const bars = timeToConjunction(
      [
        makeConjunction({ secondary_object: 'C', tca: '2025-03-02T12:00:00.000Z' }),
        makeConjunction({ secondary_object: 'A', tca: '2025-03-01T06:00:00.000Z' }),
        makeConjunction({ secondary_object: 'B', tca: '2025-03-01T18:00:00+00:00Z' }),
        makeConjunction({ secondary_object: 'X', tca: 'not a time' }),
      ],
      NOW,
    );
    expect(bars.total).toBe(3);
    expect(bars.items.map(({ pair, hours }) => [pair, hours])).toEqual([
      ['OFEQ-16 ↔ A', 0],
      ['OFEQ-16 ↔ B', 6],
      ['OFEQ-16 ↔ C', 24],
    ]);
  });

  it('draws every conjunction of a result that fits, in result order, and says nothing', () => {
    const conjunctions = [makeConjunction({ miss_distance_km: 3 }), makeConjunction({ miss_distance_km: 1 })];
    const series = missDistanceBars(conjunctions);
    expect(series.items.map((point) => point.missDistanceKm)).toEqual([3, 1]);
    expect(subsetNote('Closest', series)).toBeUndefined();
  });

  it('keeps the 100 closest, 100 soonest and 1,000 most probable of a large result, and says so', () => {
    const conjunctions = Array.from({ length: 2500 }, (_, index) =>
      makeConjunction({
        secondary_object: `OBJECT ${index}`,
        miss_distance_km: 2500 - index,
        collision_probability: index / 1e7,
        tca: new Date(NOW + (2500 - index) * 60_000).toISOString(),
      }),
    );
    const closest = missDistanceBars(conjunctions);
    expect(closest.items).toHaveLength(MAX_BARS);
    expect(closest.items[0]?.missDistanceKm).toBe(1);
    expect(closest.items.at(-1)?.missDistanceKm).toBe(100);
    expect(subsetNote('Closest', closest)).toBe('Closest 100 of 2500 conjunctions');

    const soonest = timeToConjunction(conjunctions, NOW);
    expect(soonest.items).toHaveLength(MAX_BARS);
    expect(soonest.items[0]?.pair).toBe('OFEQ-16 ↔ OBJECT 2499');
    expect(subsetNote('Soonest', soonest)).toBe('Soonest 100 of 2500 conjunctions');

    const probable = probabilityVelocityPoints(conjunctions);
    expect(probable.items).toHaveLength(MAX_POINTS);
    expect(probable.items[0]?.pair).toBe('OFEQ-16 ↔ OBJECT 2499');
    expect(Math.min(...probable.items.map((point) => point.probabilityPercent))).toBeCloseTo(1500 / 1e5, 10);
    expect(subsetNote('Most probable', probable)).toBe('Most probable 1000 of 2500 conjunctions');
  });
});
