import { describe, expect, it } from 'vitest';
import type { ConjunctionEventRow } from '../../repositories/conjunction-event-repository.ts';
import type { ScreeningConjunction } from '../../screening/run-screening.ts';
import { estimateChanged, planConjunctionWrite, type Estimate } from './conjunction-write.ts';
import type { EventDetails } from './views.ts';

describe('estimateChanged', () => {
  const stored = { tcaMs: 1_000_000, missKm: 3.481060928, pc: 5.906373e-10, maxPc: 3.6428e-5 };

  it('ignores the numerical noise of screening the same element sets again', () => {
    expect(estimateChanged({ tcaMs: 1_000_000.004, missKm: 3.481060928021, pc: 5.906366e-10, maxPc: 3.64279e-5 }, stored)).toBe(false);
    expect(estimateChanged({ ...stored, pc: 2.09e-39 }, { ...stored, pc: 2.08e-39 })).toBe(false);
  });

  it('sees a new TCA, miss distance or probability', () => {
    expect(estimateChanged({ ...stored, tcaMs: stored.tcaMs + 50 }, stored)).toBe(true);
    expect(estimateChanged({ ...stored, missKm: stored.missKm + 0.002 }, stored)).toBe(true);
    expect(estimateChanged({ ...stored, pc: stored.pc * 1.05 }, stored)).toBe(true);
    expect(estimateChanged({ ...stored, maxPc: stored.maxPc * 0.9 }, stored)).toBe(true);
  });
});

describe('planConjunctionWrite: the alert changes a screening run writes (issue 29)', () => {
  const NOW = Date.parse('2026-12-07T00:00:00Z');
  const HOUR = 3_600_000;
  const window = { startMs: NOW, endMs: NOW + 7 * 24 * HOUR };
  const ctx = { runId: 12, now: new Date(NOW), alertLevel: 'high' as const, maxSequence: async () => 0, cdmKvn: () => 'CCSDS_CDM_VERS = 1.0' };

  function estimate(secondary: number, tcaMs: number, riskLevel: 'low' | 'medium' | 'high' | 'critical', pc: number): Estimate {
    const conjunction = {
      approach: { primary: 1, secondary, tca: tcaMs, missDistanceKm: 0.5, missRtnKm: { radial: 0.1, inTrack: 0.4, crossTrack: 0.2 }, relativeSpeedKmS: 10 },
      risk: { pc, maxPc: pc * 10, riskLevel, pc2d: pc, pc3d: null, pcMethod: 'pc2d' },
    } as unknown as ScreeningConjunction;
    const details = { tcaMs, sigmaM: null, primary: { name: 'ONE' }, secondary: { name: `OBJ ${secondary}` } } as unknown as EventDetails;
    return { primary: 1, secondary, tcaMs, missKm: 0.5, pc, maxPc: pc * 10, riskLevel, conjunction, details };
  }

  function row(id: number, secondary: number, tcaMs: number, riskLevel: string, extra: Partial<ConjunctionEventRow> = {}): ConjunctionEventRow {
    return {
      id,
      conjunctionId: `CNJ-2026-${String(id).padStart(3, '0')}`,
      primaryNorad: 1,
      secondaryNorad: secondary,
      tca: new Date(tcaMs),
      missKm: 0.5,
      radialKm: 0.1,
      inTrackKm: 0.4,
      crossTrackKm: 0.2,
      relativeVelocityKmS: 10,
      pc: 1e-6,
      maxPc: 1e-5,
      riskLevel,
      source: 'screening',
      pc2d: 1e-6,
      pc3d: null,
      pcMethod: 'pc2d',
      status: 'open',
      closeReason: null,
      alertStatus: 'new',
      assignee: null,
      decision: null,
      firstDetected: new Date(NOW - HOUR),
      lastUpdated: new Date(NOW - HOUR),
      lastRunId: 11,
      details: {},
      cdmKvn: null,
      cdmGeneratedAt: null,
      ...extra,
    };
  }

  it('writes detected, risk_raised and closed with their reasons', async () => {
    const open = [
      row(1, 101, NOW + 24 * HOUR, 'medium', { alertStatus: 'assessing' }),
      row(2, 102, NOW + 48 * HOUR, 'high'),
      row(3, 103, NOW - HOUR, 'high', { alertStatus: 'acknowledged' }),
    ];
    const { write } = await planConjunctionWrite(open, [estimate(101, NOW + 24 * HOUR, 'high', 2e-5), estimate(104, NOW + 72 * HOUR, 'critical', 3e-4)], window, ctx);
    expect(write.created.map((c) => [c.event.conjunctionId, c.event.alertStatus, c.changes])).toEqual([
      ['CNJ-2026-001', 'new', [{ at: ctx.now, actor: null, kind: 'detected', toStatus: 'new', toRisk: 'critical', reason: 'screening run 12' }]],
    ]);
    expect(write.closed).toEqual([
      { id: 2, reason: 'not_found' },
      { id: 3, reason: 'tca_passed' },
    ]);
    expect(write.changes).toEqual([
      { eventId: 1, at: ctx.now, actor: null, kind: 'risk_raised', fromRisk: 'medium', toRisk: 'high', fromStatus: 'assessing', toStatus: 'assessing', reason: 'screening run 12' },
      { eventId: 2, at: ctx.now, actor: null, kind: 'closed', fromStatus: 'new', toStatus: 'closed', fromRisk: 'high', reason: 'no longer found by screening' },
      { eventId: 3, at: ctx.now, actor: null, kind: 'closed', fromStatus: 'acknowledged', toStatus: 'closed', fromRisk: 'high', reason: 'TCA passed' },
    ]);
  });

  it('reopens a closed alert it finds again where the rules say, and matches the others without storing them twice', async () => {
    const closed = [
      row(5, 105, NOW + 24 * HOUR, 'high', { status: 'closed', closeReason: 'operator', alertStatus: 'closed', decision: 'risk_accepted' }),
      row(6, 106, NOW + 24 * HOUR, 'high', { status: 'closed', closeReason: 'operator', alertStatus: 'closed', decision: 'risk_accepted' }),
      row(7, 107, NOW + 24 * HOUR, 'medium', { status: 'closed', closeReason: 'not_found', alertStatus: 'closed' }),
    ];
    const run = [estimate(105, NOW + 24 * HOUR, 'high', 2e-5), estimate(106, NOW + 24 * HOUR, 'critical', 2e-4), estimate(107, NOW + 24 * HOUR, 'medium', 1e-6)];
    const { write, counts } = await planConjunctionWrite([], run, window, { ...ctx, closedEvents: closed });
    // The operator's decision stands at the same risk; raised, it is a new alert again; one screening had lost is open again.
    expect(write.created).toEqual([]);
    expect(write.closed).toEqual([]);
    expect(write.updated.map((u) => [u.id, u.set.status, u.set.alertStatus, u.set.decision, u.set.closeReason, u.set.riskLevel])).toEqual([
      [6, 'open', 'new', null, null, 'critical'],
      [7, 'open', 'new', null, null, 'medium'],
    ]);
    expect(write.changes!.map((c) => [c.eventId, c.kind, c.fromStatus, c.toStatus, c.reason])).toEqual([
      [6, 'reopened', 'closed', 'new', 'screening run 12 raised the risk from high to critical'],
      [7, 'reopened', 'closed', 'new', 'screening run 12 found it again (medium)'],
    ]);
    expect(counts).toEqual({ created: 0, updated: 2, closed: 0 });
  });
});
