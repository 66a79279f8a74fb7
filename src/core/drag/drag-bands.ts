/**
 * The product spec's bands for changes and multiples of drag (§9), as the Orbital Drag page labels them:
 * - "Forecast trend arrows (7-day change against current drag): under 1% stable; above 15% strong increase; 5-15%
 *   increase; 0-5% slight increase; same bands for decreases. 24-hour forecast shows only up, down or stable."
 * - "Impact levels: Critical 3-5x drag, High 2-3x, Moderate 1.5-2x, otherwise Minimal. Alert level colours: Major
 *   red, High orange, else yellow."
 */

export type DragTrend = 'strong decrease' | 'decrease' | 'slight decrease' | 'stable' | 'slight increase' | 'increase' | 'strong increase';
export type DragImpact = 'Minimal' | 'Moderate' | 'High' | 'Critical';

/** The change from `from` to `to` in percent of `from` (0 when `from` is not positive). */
export function percentChange(from: number, to: number): number {
  return from > 0 ? ((to - from) / from) * 100 : 0;
}

/** The 7-day trend of a change in percent: under 1 % stable; 1–5 % slight; 5–15 %; over 15 % strong; both ways. */
export function trendOf(changePercent: number): DragTrend {
  const size = Math.abs(changePercent);
  if (size < 1) return 'stable';
  const direction = changePercent > 0 ? 'increase' : 'decrease';
  if (size > 15) return `strong ${direction}`;
  if (size >= 5) return direction;
  return `slight ${direction}`;
}

/** The 24-hour arrow of a change in percent: up, down, or stable under 1 % (the 7-day trend's stable band). */
export function shortTrendOf(changePercent: number): 'up' | 'down' | 'stable' {
  if (Math.abs(changePercent) < 1) return 'stable';
  return changePercent > 0 ? 'up' : 'down';
}

/** The impact of a drag multiple: Critical from 3× (the spec's 3–5× and beyond), High 2–3×, Moderate 1.5–2×, else Minimal. */
export function impactOf(factor: number): DragImpact {
  if (factor >= 3) return 'Critical';
  if (factor >= 2) return 'High';
  if (factor >= 1.5) return 'Moderate';
  return 'Minimal';
}

/** The alert level of a drag multiple worth an alert (Moderate impact and above): Critical → Major (red), High → High (orange), Moderate → Moderate. */
export function dragAlertLevel(factor: number): 'Major' | 'High' | 'Moderate' | undefined {
  switch (impactOf(factor)) {
    case 'Critical':
      return 'Major';
    case 'High':
      return 'High';
    case 'Moderate':
      return 'Moderate';
    case 'Minimal':
      return undefined;
  }
}
