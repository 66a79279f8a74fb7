import type { ConjunctionEstimate } from '@contracts/conjunction-events.ts';

/*
 * The detail view's history chart (issue 11): one point per estimate at the time
 * it was made, with its Pc (on a log axis, so a Pc of 0 or none has no point there)
 * and miss distance, and the source it came from for the tooltip.
 */

export interface HistoryPoint {
  /** When the estimate was made, ms. */
  at: number;
  /** Pc, or null when it cannot sit on a log axis (none, or 0). */
  pc: number | null;
  pcMethod: string | null;
  miss: number;
  source: string;
}

/** The estimates as chart points, oldest first; estimates whose time does not parse are left out. */
export function historyPoints(history: readonly ConjunctionEstimate[]): HistoryPoint[] {
  return history
    .flatMap((estimate) => {
      const at = Date.parse(estimate.at);
      if (Number.isNaN(at)) return [];
      const pc = estimate.collisionProbability;
      return [{ at, pc: pc !== null && Number.isFinite(pc) && pc > 0 ? pc : null, pcMethod: estimate.pcMethod, miss: estimate.missDistance, source: estimate.source }];
    })
    .sort((a, b) => a.at - b.at);
}

const HOUR_MS = 3_600_000;

/** The time axis: the estimates' span, or an hour either side of a single one. */
export function timeDomain(points: readonly HistoryPoint[]): [number, number] {
  if (points.length === 0) return [0, 1];
  const first = points[0]!.at;
  const last = points.at(-1)!.at;
  return first === last ? [first - HOUR_MS, last + HOUR_MS] : [first, last];
}

/** A decade tick as '1e-5'. */
export function formatDecadeTick(value: number): string {
  return value.toExponential(0).replace('e+', 'e');
}
