import { encodeAlpha5 } from '../../core/elements/index.ts';
import { isoUtc, type ProximityRecord, type StaleObject } from '../../core/screening/index.ts';
import type { PcMethod, PcViolation } from '../../core/probability/index.ts';
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
  /** The chosen Pc (pc_method, as NASA CARA's PcMultiStep chooses); Alfano's maximum where no method gives one. */
  readonly collision_probability: number;
  readonly max_collision_probability: number;
  readonly risk_level: 'critical' | 'high' | 'medium' | 'low';
  /** Foster 2D Pc (null: undefined). */
  readonly pc2d: number | null;
  /** Hall 3D-Nc Pc where the 2D method was flagged (null: not computed). */
  readonly pc3d: number | null;
  readonly pc_method: PcMethod;
  readonly pc_violations: readonly PcViolation[];
}

/** A pair that stays close, in the SST result's snake_case form. */
export interface SstProximityJson {
  readonly primary_object: string;
  readonly secondary_object: string;
  readonly primary_norad: string;
  readonly secondary_norad: string;
  readonly kind: ProximityRecord['kind'];
  readonly start: string;
  readonly end: string;
  readonly min_distance_km: number;
  readonly max_distance_km: number;
  readonly mean_distance_km: number;
  readonly relative_speed_m_s: number;
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
    pc2d: risk.pc2d,
    pc3d: risk.pc3d,
    pc_method: risk.pcMethod,
    pc_violations: risk.violations,
  };
}

export function sstProximity(p: ProximityRecord, name: (norad: number) => string): SstProximityJson {
  return {
    primary_object: name(p.primary),
    secondary_object: name(p.secondary),
    primary_norad: noradText(p.primary),
    secondary_norad: noradText(p.secondary),
    kind: p.kind,
    start: isoUtc(p.startMs),
    end: isoUtc(p.endMs),
    min_distance_km: p.minKm,
    max_distance_km: p.maxKm,
    mean_distance_km: p.meanKm,
    relative_speed_m_s: p.relativeSpeedMPerS,
  };
}

/** A stale element set (core/screening/stale.ts) as the SST result and `ssa screen` list it. */
export interface SstStaleJson {
  norad: string;
  name: string;
  epoch: string;
  age_days: number;
  /** One of the job's primaries. */
  primary: boolean;
}

export function sstStale(s: StaleObject, name: (norad: number) => string, primaries: ReadonlySet<number>): SstStaleJson {
  return { norad: noradText(s.norad), name: name(s.norad), epoch: isoUtc(s.epoch), age_days: Math.round(s.ageDays * 100) / 100, primary: primaries.has(s.norad) };
}
