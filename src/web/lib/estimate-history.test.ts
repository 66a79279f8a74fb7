import { describe, expect, it } from 'vitest';
import { formatDecadeTick, historyPoints, timeDomain } from '@/lib/estimate-history';

const estimate = (at: string, collisionProbability: number | null, source = 'CARA') => ({
  at,
  tca: '2021-12-20T01:25:35.287Z',
  missDistance: 9422,
  collisionProbability,
  pcMethod: 'pc3d' as const,
  riskLevel: 'high' as const,
  source,
});

describe('estimate history', () => {
  it('orders the estimates by time and keeps off the log axis what cannot be on it', () => {
    const points = historyPoints([
      estimate('2021-12-16T00:00:00Z', 2e-5, 'screening'),
      estimate('2021-12-15T00:00:00Z', 0),
      estimate('not a time', 1e-5),
      estimate('2021-12-17T00:00:00Z', null),
    ]);
    expect(points.map((point) => [new Date(point.at).toISOString(), point.pc, point.source])).toEqual([
      ['2021-12-15T00:00:00.000Z', null, 'CARA'],
      ['2021-12-16T00:00:00.000Z', 2e-5, 'screening'],
      ['2021-12-17T00:00:00.000Z', null, 'CARA'],
    ]);
  });

  it('spans the estimates in time, or an hour either side of one', () => {
    const one = historyPoints([estimate('2021-12-15T00:00:00Z', 1e-5)]);
    expect(timeDomain(one)).toEqual([Date.parse('2021-12-14T23:00:00Z'), Date.parse('2021-12-15T01:00:00Z')]);
    const two = historyPoints([estimate('2021-12-15T00:00:00Z', 1e-5), estimate('2021-12-16T00:00:00Z', 1e-5)]);
    expect(timeDomain(two)).toEqual([Date.parse('2021-12-15T00:00:00Z'), Date.parse('2021-12-16T00:00:00Z')]);
  });

  it("labels a decade as '1e-5'", () => {
    expect([1e-5, 1, 1e-168].map(formatDecadeTick)).toEqual(['1e-5', '1e0', '1e-168']);
  });
});
