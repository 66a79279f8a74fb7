import { describe, expect, it } from 'vitest';
import type { ProximityRecord } from '../../../core/screening/index.ts';
import type { ProximityRow } from '../../repositories/proximity-repository.ts';
import { planProximityWrite } from './proximity-stage.ts';

const NOW = new Date('2026-11-26T12:00:00Z');
const record = (primary: number, secondary: number, kind: ProximityRecord['kind'] = 'proximity_operation'): ProximityRecord => ({
  primary,
  secondary,
  kind,
  startMs: NOW.getTime() + 3_600_000,
  endMs: NOW.getTime() + 9 * 3_600_000,
  minKm: 0.8,
  maxKm: 4.9,
  meanKm: 2.5,
  relativeSpeedMPerS: 0.6,
  approaches: 4,
});
const row = (id: number, primary: number, secondary: number): ProximityRow => ({
  id,
  primaryNorad: primary,
  secondaryNorad: secondary,
  kind: 'formation',
  startAt: NOW,
  endAt: NOW,
  minKm: 1,
  maxKm: 2,
  meanKm: 1.5,
  relativeSpeedMS: 1,
  status: 'open',
  firstDetected: NOW,
  lastUpdated: NOW,
  lastRunId: 1,
});
const ctx = {
  runId: 7,
  now: NOW,
  fleetIds: new Set([190016]),
  isAdversary: (n: number) => n === 40000,
  nameOf: (n: number) => ({ 190016: 'OFEQ-16', 40000: 'COSMOS 2558', 41000: 'DEB' })[n] ?? `NORAD ${n}`,
};

describe('planProximityWrite', () => {
  it('creates new pairs, updates known ones, closes those no longer seen', () => {
    const w = planProximityWrite([row(1, 190016, 41000), row(2, 190016, 42000)], [record(190016, 41000), record(190016, 43000)], ctx);
    expect(w.updated).toEqual([{ id: 1, set: expect.objectContaining({ kind: 'proximity_operation', minKm: 0.8, lastRunId: 7, lastUpdated: NOW }) }]);
    expect(w.created).toHaveLength(1);
    expect(w.created[0]).toMatchObject({ primaryNorad: 190016, secondaryNorad: 43000, status: 'open', firstDetected: NOW });
    expect(w.closed).toEqual([2]);
    expect(w.events).toEqual([]);
  });

  it('announces a new proximity of an adversary satellite with the fleet as proximity_detected, once', () => {
    const w = planProximityWrite([], [record(190016, 40000)], ctx);
    expect(w.events).toEqual([
      {
        eventType: 'proximity_detected',
        timestamp: NOW,
        description: 'Rendezvous and proximity operation: COSMOS 2558 (40000) in proximity operations with OFEQ-16, closest 800 m, 0.6 m/s, from 13:00:00 UTC Nov 26',
        conjunctionId: null,
        noradId: 40000,
      },
    ]);
    // Seen again next run: updated, not announced again.
    const again = planProximityWrite([row(5, 190016, 40000)], [record(190016, 40000)], ctx);
    expect(again.events).toEqual([]);
    expect(again.updated).toHaveLength(1);
  });
});
