import type { RiskLevel } from '@contracts/conjunctions.ts';

/*
 * Spec §9: risk colours red, orange, yellow, green for critical, high, medium,
 * low; badges, count cards and chart slices take them from here so they agree.
 */

export const RISK_LEVELS: readonly RiskLevel[] = ['critical', 'high', 'medium', 'low'];

export const RISK_LABELS: Record<RiskLevel, string> = {
  critical: 'Critical',
  high: 'High',
  medium: 'Medium',
  low: 'Low',
};

export interface RiskStyle {
  /** Badge background and text. */
  badge: string;
  /** Text colour (count cards). */
  text: string;
  /** Chart fill (SVG colour). */
  chart: string;
}

const STYLES: Record<RiskLevel, RiskStyle> = {
  critical: { badge: 'border-transparent bg-red-600 text-white', text: 'text-red-500', chart: '#dc2626' },
  high: { badge: 'border-transparent bg-orange-500 text-white', text: 'text-orange-500', chart: '#f97316' },
  medium: { badge: 'border-transparent bg-yellow-500 text-black', text: 'text-yellow-500', chart: '#eab308' },
  low: { badge: 'border-transparent bg-green-600 text-white', text: 'text-green-500', chart: '#16a34a' },
};

/** A value outside the four levels renders neutral (as the spec treats other values elsewhere). */
export const NEUTRAL_RISK_STYLE: RiskStyle = { badge: 'border-transparent bg-secondary text-secondary-foreground', text: 'text-muted-foreground', chart: '#94a3b8' };

export function riskStyle(level: string): RiskStyle {
  return (RISK_LEVELS as readonly string[]).includes(level) ? STYLES[level as RiskLevel] : NEUTRAL_RISK_STYLE;
}

export type RiskCounts = Record<RiskLevel, number>;

/** Spec §2: the four count cards count conjunctions by risk_level. */
export function countByRisk(conjunctions: readonly { risk_level: string }[]): RiskCounts {
  const counts: RiskCounts = { critical: 0, high: 0, medium: 0, low: 0 };
  for (const { risk_level: level } of conjunctions) {
    if ((RISK_LEVELS as readonly string[]).includes(level)) counts[level as RiskLevel] += 1;
  }
  return counts;
}
