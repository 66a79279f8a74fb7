import { encodeAlpha5 } from '../../core/elements/alpha5.ts';
import { isoUtc } from '../../core/screening/job.ts';
import type { ScreeningConjunction } from './run-screening.ts';

/** One conjunction in the SST result's snake_case form (product spec §3; `ssa screen` prints these). */
export interface SstConjunctionJson {
  readonly primary_object: string;
  readonly secondary_object: string;
  readonly primary_norad: string;
  readonly secondary_norad: string;
  /** ISO 8601 UTC, milliseconds, ending in Z. */
  readonly tca: string;
  readonly miss_distance_km: number;
  readonly relative_velocity_km_s: number;
  /** Foster 2D Pc; Alfano's maximum where Pc is undefined (zero relative velocity). */
  readonly collision_probability: number;
  readonly max_collision_probability: number;
  readonly risk_level: 'critical' | 'high' | 'medium' | 'low';
}

/** The catalogue number as TLEs write it: 5 digits, Alpha-5 above 99,999. */
export function noradText(norad: number): string {
  try {
    return encodeAlpha5(norad);
  } catch {
    return String(norad);
  }
}

export function sstConjunction(c: ScreeningConjunction): SstConjunctionJson {
  const { approach, risk } = c;
  return {
    primary_object: c.primaryName,
    secondary_object: c.secondaryName,
    primary_norad: noradText(approach.primary),
    secondary_norad: noradText(approach.secondary),
    tca: isoUtc(approach.tca),
    miss_distance_km: approach.missDistanceKm,
    relative_velocity_km_s: approach.relativeSpeedKmS,
    collision_probability: risk.pc ?? risk.maxPc,
    max_collision_probability: risk.maxPc,
    risk_level: risk.riskLevel,
  };
}
