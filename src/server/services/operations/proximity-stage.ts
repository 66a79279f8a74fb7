import type { ProximityRecord } from '../../../core/screening/index.ts';
import type { NewProximity, ProximityRow, ProximityRunWrite } from '../../repositories/proximity-repository.ts';
import { distanceText, utcText } from './descriptions.ts';

/**
 * The proximity stage of a run (issue 11): the run's pairs that stay close (core
 * screening/proximity.ts) matched by pair to the open stored proximities. A pair seen again is
 * updated, a new one created, one no longer seen closed. A new proximity of an adversary-owned
 * satellite with a fleet satellite is a rendezvous and proximity operation: a `proximity_detected`
 * event announces it (the threat stage raises the object's assessment).
 */
export interface ProximityWriteContext {
  runId: number;
  now: Date;
  fleetIds: ReadonlySet<number>;
  isAdversary: (norad: number) => boolean;
  nameOf: (norad: number) => string;
}

const KIND_TEXT: Record<string, string> = { attached: 'attached to', formation: 'in formation with', proximity_operation: 'in proximity operations with' };

export function planProximityWrite(open: readonly ProximityRow[], records: readonly ProximityRecord[], ctx: ProximityWriteContext): ProximityRunWrite {
  const key = (a: number, b: number) => `${a}:${b}`;
  const openByPair = new Map(open.map((row) => [key(row.primaryNorad, row.secondaryNorad), row]));
  const write: ProximityRunWrite = { created: [], updated: [], closed: [], events: [] };
  const seen = new Set<number>();
  for (const p of records) {
    const values = {
      kind: p.kind,
      startAt: new Date(p.startMs),
      endAt: new Date(p.endMs),
      minKm: p.minKm,
      maxKm: p.maxKm,
      meanKm: p.meanKm,
      relativeSpeedMS: p.relativeSpeedMPerS,
      lastUpdated: ctx.now,
      lastRunId: ctx.runId,
    };
    const row = openByPair.get(key(p.primary, p.secondary));
    if (row) {
      seen.add(row.id);
      write.updated.push({ id: row.id, set: values });
      continue;
    }
    const created: NewProximity = { primaryNorad: p.primary, secondaryNorad: p.secondary, ...values, status: 'open', firstDetected: ctx.now };
    write.created.push(created);
    const [fleet, other] = ctx.fleetIds.has(p.primary) ? [p.primary, p.secondary] : [p.secondary, p.primary];
    if (ctx.fleetIds.has(fleet) && !ctx.fleetIds.has(other) && ctx.isAdversary(other)) {
      write.events.push({
        eventType: 'proximity_detected',
        timestamp: ctx.now,
        description: `Rendezvous and proximity operation: ${ctx.nameOf(other)} (${other}) ${KIND_TEXT[p.kind] ?? 'near'} ${ctx.nameOf(fleet)}, closest ${distanceText(p.minKm)}, ${p.relativeSpeedMPerS.toFixed(1)} m/s, from ${utcText(p.startMs)}`,
        conjunctionId: null,
        noradId: other,
      });
    }
  }
  write.closed = open.filter((row) => !seen.has(row.id)).map((row) => row.id);
  return write;
}
