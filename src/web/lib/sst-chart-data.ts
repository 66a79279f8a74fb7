import type { RiskLevel, SstConjunction } from '@contracts/conjunctions.ts';
import { countByRisk, RISK_LABELS, RISK_LEVELS, riskStyle } from '@/lib/risk-levels';
import { hoursUntil, pairLabel, probabilityPercent } from '@/lib/sst-format';

/*
 * The data behind the SST page's four charts (spec §2). Kept apart from the
 * Recharts components so the rules (non-zero slices, ascending hours, never
 * below 0) are tested without drawing.
 *
 * A wide threshold finds thousands of approaches (50 km around four LEO
 * satellites over 48 h: about 9,000). Thousands of bars are unreadable and
 * take seconds to draw, so the bar charts keep the 100 closest / soonest and
 * the scatter the 1,000 most probable; the chart says so (subsetNote).
 */

/** Bars a chart shows readably at the card's width (about 5 px each). */
export const MAX_BARS = 100;
/** Points the scatter draws. */
export const MAX_POINTS = 1000;

/** What a chart draws, and how many conjunctions it was chosen from. */
export interface ChartSeries<T> {
  items: T[];
  total: number;
}

/** 'Closest 100 of 8944 conjunctions' when a chart shows a subset; undefined when it shows them all. */
export function subsetNote(which: string, series: ChartSeries<unknown>): string | undefined {
  return series.items.length < series.total ? `${which} ${series.items.length} of ${series.total} conjunctions` : undefined;
}

type ChartConjunction = Pick<SstConjunction, 'primary_object' | 'secondary_object' | 'tca' | 'miss_distance_km' | 'relative_velocity_km_s' | 'risk_level'> & {
  collision_probability?: number | null;
};

export interface RiskSlice {
  level: RiskLevel;
  name: string;
  value: number;
  fill: string;
}

/** Risk Level Distribution: one slice per level that occurs, in the order critical, high, medium, low. */
export function riskDistribution(conjunctions: readonly ChartConjunction[]): RiskSlice[] {
  const counts = countByRisk(conjunctions);
  return RISK_LEVELS.filter((level) => counts[level] > 0).map((level) => ({
    level,
    name: RISK_LABELS[level],
    value: counts[level],
    fill: riskStyle(level).chart,
  }));
}

export interface ConjunctionPoint {
  /** 'primary ↔ secondary'. */
  pair: string;
  level: RiskLevel;
  missDistanceKm: number;
  relativeVelocityKmS: number;
  probabilityPercent: number;
  fill: string;
}

/** Miss Distance Analysis and Probability vs Velocity: one point per conjunction, in result order. */
export function conjunctionPoints(conjunctions: readonly ChartConjunction[]): ConjunctionPoint[] {
  return conjunctions.map((conjunction) => ({
    pair: pairLabel(conjunction),
    level: conjunction.risk_level,
    missDistanceKm: conjunction.miss_distance_km,
    relativeVelocityKmS: conjunction.relative_velocity_km_s,
    probabilityPercent: probabilityPercent(conjunction.collision_probability),
    fill: riskStyle(conjunction.risk_level).chart,
  }));
}

/** Miss Distance Analysis: every conjunction in result order, or the MAX_BARS closest, closest first. */
export function missDistanceBars(conjunctions: readonly ChartConjunction[]): ChartSeries<ConjunctionPoint> {
  const points = conjunctionPoints(conjunctions);
  if (points.length <= MAX_BARS) return { items: points, total: points.length };
  return { items: points.sort((a, b) => a.missDistanceKm - b.missDistanceKm).slice(0, MAX_BARS), total: points.length };
}

/** Probability vs Velocity: every conjunction, or the MAX_POINTS most probable. */
export function probabilityVelocityPoints(conjunctions: readonly ChartConjunction[]): ChartSeries<ConjunctionPoint> {
  const points = conjunctionPoints(conjunctions);
  if (points.length <= MAX_POINTS) return { items: points, total: points.length };
  return { items: points.sort((a, b) => b.probabilityPercent - a.probabilityPercent).slice(0, MAX_POINTS), total: points.length };
}

export interface TimeToConjunctionBar {
  pair: string;
  hours: number;
  fill: string;
}

/**
 * Time to Conjunction: hours until each TCA from `now`, ascending; a TCA already
 * passed counts as 0 (spec: never below 0). A TCA that does not parse has no
 * bar. At most MAX_BARS, the soonest.
 */
export function timeToConjunction(conjunctions: readonly ChartConjunction[], now: number): ChartSeries<TimeToConjunctionBar> {
  const bars: TimeToConjunctionBar[] = [];
  for (const conjunction of conjunctions) {
    const hours = hoursUntil(conjunction.tca, now);
    if (hours === null) continue;
    bars.push({ pair: pairLabel(conjunction), hours: Math.max(0, hours), fill: riskStyle(conjunction.risk_level).chart });
  }
  bars.sort((a, b) => a.hours - b.hours);
  return { items: bars.slice(0, MAX_BARS), total: bars.length };
}
