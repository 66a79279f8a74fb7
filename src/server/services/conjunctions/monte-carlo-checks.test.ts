/**
 * What a finished on-demand Monte Carlo does to the stored event (MonteCarloChecks.storedAs), with a
 * repository and runner of our own: where the method choice calls for a Monte Carlo the result is
 * written as the event's estimate, guarded by the event's lastUpdated ('stale' when it changed
 * meanwhile); elsewhere nothing is written. The real database path is tests/integration/
 * monte-carlo-check-api.test.ts.
 */
import { describe, expect, it } from 'vitest';
import type { MonteCarloPcResult } from '../../../core/probability/index.ts';
import { REGIMES } from '../../../core/probability/regimes.test-support.ts';
import type { ConjunctionEventRepository, ConjunctionEventRow } from '../../repositories/conjunction-event-repository.ts';
import { MonteCarloChecks } from './monte-carlo-checks.ts';

const km = (v: readonly number[]) => [v[0]! / 1000, v[1]! / 1000, v[2]! / 1000] as [number, number, number];

/** A stored CDM event of a constructed regime (states and covariances as a CDM import keeps them). */
function rowOf(regimeId: string): ConjunctionEventRow {
  const g = REGIMES.find((r) => r.id === regimeId)!.input;
  const object = (r: readonly number[], v: readonly number[], name: string) => ({ name, objectType: 'payload', owner: null, cosparId: null, r: km(r), v: km(v), sigmasM: null, orbit: { perigeeAltitudeKm: 600, apogeeAltitudeKm: 620, eccentricity: 0.001, inclinationDeg: 98 }, epochMs: 0 });
  return {
    id: 7,
    conjunctionId: 'CNJ-2026-007',
    primaryNorad: 1,
    secondaryNorad: 2,
    tca: new Date('2026-12-10T00:00:00Z'),
    missKm: 0.004,
    radialKm: 0,
    inTrackKm: 0,
    crossTrackKm: 0,
    relativeVelocityKmS: 0,
    pc: 0.3,
    maxPc: 0.4,
    riskLevel: 'critical',
    source: 'TEST',
    pc2d: 0.3,
    pc3d: 0.3,
    pcMethod: 'pc3d',
    status: 'open',
    closeReason: null,
    alertStatus: 'new',
    assignee: null,
    decision: null,
    firstDetected: new Date('2026-12-06T00:00:00Z'),
    lastUpdated: new Date('2026-12-06T01:00:00Z'),
    lastRunId: null,
    details: {
      tcaMs: Date.parse('2026-12-10T00:00:00Z'),
      hbrM: g.hbrM,
      covariance: 'CDM TEST',
      sigmaM: 10,
      primary: object(g.r1M, g.v1MPerS, 'ONE'),
      secondary: object(g.r2M, g.v2MPerS, 'TWO'),
      cdm: { messageId: 'M', originator: 'TEST', frame: 'EME2000', primaryCovariance: g.cov1, secondaryCovariance: g.cov2 },
    },
    cdmKvn: null,
    cdmGeneratedAt: null,
  };
}

const mc: MonteCarloPcResult = { pc: 2e-3, hits: 200, samples: 100_000, interval: [1.7e-3, 2.3e-3], confidence: 0.95, stoppedBy: 'precision', window: { startS: -100, endS: 100 }, seed: 1 };

function checksWith(row: ConjunctionEventRow, applies: boolean) {
  const writes: Parameters<ConjunctionEventRepository['applyEstimateIfUnchanged']>[0][] = [];
  const repo = {
    byConjunctionId: async () => row,
    applyEstimateIfUnchanged: async (w: (typeof writes)[number]) => {
      writes.push(w);
      return applies;
    },
  };
  const checks = new MonteCarloChecks(repo, async () => mc, 1, () => new Date('2026-12-06T02:00:00Z'));
  return { checks, writes };
}

async function finished(checks: MonteCarloChecks, id: string) {
  await checks.start(id, {});
  for (let i = 0; i < 100 && checks.get(id)?.status === 'running'; i += 1) await new Promise((r) => setTimeout(r, 10));
  return checks.get(id)!;
}

describe('MonteCarloChecks: the finished check and the stored event', () => {
  it('writes the Monte Carlo as the event’s estimate where the method choice calls for it', async () => {
    const row = rowOf('multi-orbit');
    const { checks, writes } = checksWith(row, true);
    const check = await finished(checks, row.conjunctionId);
    expect(check.calledFor).toMatch(/^3D-Nc’s own usage tests failed/);
    expect(check).toMatchObject({ status: 'completed', storedAs: 'chosen' });
    expect(writes).toHaveLength(1);
    const w = writes[0]!;
    // Guarded by the lastUpdated it was read with; the level follows the new Pc (2e-3: critical as before, so no announcement).
    expect(w.lastUpdated).toEqual(row.lastUpdated);
    expect(w.set).toMatchObject({ pc: 2e-3, pcMethod: 'sdmc', riskLevel: 'critical', maxPc: 0.4, lastUpdated: new Date('2026-12-06T02:00:00Z') });
    expect(w.update).toMatchObject({ pc: 2e-3, pcMethod: 'sdmc', source: 'TEST', missKm: 0.004 });
    expect(w.events).toEqual([]);
  });

  it('announces a change of risk level', async () => {
    const row = { ...rowOf('multi-orbit'), riskLevel: 'medium' };
    const { checks, writes } = checksWith(row, true);
    await finished(checks, row.conjunctionId);
    expect(writes[0]!.events).toMatchObject([{ eventType: 'alert_updated', conjunctionId: 'CNJ-2026-007', noradId: 2 }]);
    expect(writes[0]!.events[0]!.description).toMatch(/^CNJ-2026-007: ONE × TWO, risk MEDIUM → CRITICAL/);
  });

  it("reports 'stale' when the event changed while the check ran", async () => {
    const row = rowOf('multi-orbit');
    const { checks } = checksWith(row, false);
    expect(await finished(checks, row.conjunctionId)).toMatchObject({ status: 'completed', storedAs: 'stale' });
  });

  it('writes nothing where the method choice does not call for a Monte Carlo', async () => {
    const row = rowOf('leo-crossing');
    const { checks, writes } = checksWith(row, true);
    const check = await finished(checks, row.conjunctionId);
    expect(check).toMatchObject({ status: 'completed', storedAs: 'beside', calledFor: null });
    expect(writes).toEqual([]);
  });
});
