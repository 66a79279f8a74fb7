import { format, isValid } from 'date-fns';
import { formatGrouped, formatUtcTime } from '@/lib/format';
import { UtcDate } from '@/lib/utc-date';
import { ONE_IN_N_MAX } from '@core/probability/index.ts';

/*
 * Display formats and colours of the SDA Dashboard's conjunction, event and
 * risk cards (spec §2, §3, §8, §9). Times are UTC whatever the browser's zone.
 * Risk/threat colours come from risk-levels.ts; generic number formats from
 * format.ts, satellite-format.ts and sst-format.ts.
 */

/** Spec §2/§3: the probability N as '1:{N}' (printed as received); N is null when Pc is 0 (DECISIONS §5): '1:∞'. */
/** The floor's N as the cards write it. */
const ONE_IN_N_TEXT = '1e30';

export function formatOneInN(n: number | null | undefined): string {
  // The server floors the Pc at 1e-30 (N ≤ 1e30): N at the floor means a Pc below it.
  if (typeof n !== 'number' || !Number.isFinite(n) || n >= ONE_IN_N_MAX) return `< 1:${ONE_IN_N_TEXT}`;
  return n < 1e9 ? `1:${n}` : `1:${n.toExponential(1).replace('+', '')}`;
}

/**
 * Spec §2: a timestamp as UTC 'HH:MM:SS'. Spec §8: when it does not parse, the
 * first 16 characters of the raw text with the T replaced by a space.
 */
export function formatUtcClock(iso: string): string {
  const ms = Date.parse(iso);
  return Number.isNaN(ms) ? iso.slice(0, 16).replace('T', ' ') : formatUtcTime(new Date(ms));
}

/** Spec §2: 'cdm_generated' → 'Cdm Generated' (underscores to spaces, each word's first letter upper-cased). */
export function titleCase(value: string): string {
  return value.replace(/_/g, ' ').replace(/\b\w/g, (letter) => letter.toUpperCase());
}

/** Spec §2: miss distance in metres with 1 decimal, '123.4 m'. */
export function formatMetres(metres: number): string {
  return `${metres.toFixed(1)} m`;
}

/** Spec §9 date format 'MMM d, HH:mm' in UTC ('Mar 3, 14:05'; labels say UTC); text that is not a date is shown as received. */
export function formatShortUtc(iso: string): string {
  const date = new UtcDate(iso);
  return isValid(date) ? format(date, 'MMM d, HH:mm') : iso;
}

/** A risk score in percent, '67%'. */
export function formatRiskPercent(risk: number): string {
  return `${Math.round(risk)}%`;
}

/** Whole days to TCA: 'today', 'in 1 day', 'in 3 days'. */
export function formatDayFromNow(days: number): string {
  if (days <= 0) return 'today';
  return days === 1 ? 'in 1 day' : `in ${days} days`;
}

/**
 * Radar cross-section as the server sends it: m² when known (a number, shown
 * with its unit), else the SATCAT size class (shown as received).
 */
export function formatRcsText(rcs: string | null): string {
  if (rcs === null || rcs.trim() === '') return '—';
  const trimmed = rcs.trim();
  return /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/.test(trimmed) ? `${trimmed} m²` : trimmed;
}

/** Spec §3 event types with their colours (dot and label); any other type is neutral. */
export const EVENT_TYPE_COLOURS: Record<string, { dot: string; text: string }> = {
  cdm_generated: { dot: 'bg-red-500', text: 'text-red-400' },
  maneuver_detected: { dot: 'bg-yellow-500', text: 'text-yellow-400' },
  radar_update: { dot: 'bg-blue-500', text: 'text-blue-400' },
  launch_detected: { dot: 'bg-green-500', text: 'text-green-400' },
  alert_updated: { dot: 'bg-orange-500', text: 'text-orange-400' },
  // Issue 11: an adversary's rendezvous and proximity operation with a fleet satellite.
  proximity_detected: { dot: 'bg-purple-500', text: 'text-purple-400' },
};

export const NEUTRAL_EVENT_COLOUR = { dot: 'bg-slate-500', text: 'text-muted-foreground' };

export function eventTypeColour(eventType: string): { dot: string; text: string } {
  return Object.hasOwn(EVENT_TYPE_COLOURS, eventType) ? EVENT_TYPE_COLOURS[eventType]! : NEUTRAL_EVENT_COLOUR;
}

/* ---- Conjunction Analysis chart axes (spec §2, §9) ---- */

/** Spec §2: the time axis ticks -24h, -12h, -6h, TCA, +6h (hours relative to TCA). */
export const SPEC_HOUR_TICKS = [-24, -12, -6, 0, 6] as const;

/** '-24h', 'TCA', '+6h'. */
export function formatHoursTick(hours: number): string {
  if (hours === 0) return 'TCA';
  return hours > 0 ? `+${hours}h` : `${hours}h`;
}

/**
 * The time axis: the spec's span (-24 h to +6 h) widened to fit the data, with
 * the spec's five ticks plus, before -24 h, ticks every whole number of days
 * (at most six more).
 */
export function hoursAxis(hours: readonly number[]): { domain: [number, number]; ticks: number[] } {
  const min = Math.min(-24, ...hours.map((h) => Math.floor(h)));
  const max = Math.max(6, ...hours.map((h) => Math.ceil(h)));
  const ticks: number[] = [...SPEC_HOUR_TICKS];
  if (min < -24) {
    const days = Math.ceil(-min / 24);
    const stepDays = Math.max(1, Math.ceil((days - 1) / 6));
    for (let day = 1 + stepDays; day <= days; day += stepDays) ticks.unshift(-24 * day);
  }
  if (max > 6) {
    const stepHours = Math.max(6, Math.ceil((max - 6) / 4 / 6) * 6);
    for (let h = 6 + stepHours; h <= max; h += stepHours) ticks.push(h);
  }
  return { domain: [Math.min(min, ticks[0]!), max], ticks };
}

/** Spec §9: the probability axis runs 1:100 to 1:10,000 (Pc 1e-2 to 1e-4) unless the data need more decades. */
export const SPEC_PROBABILITY_DOMAIN: [number, number] = [1e-4, 1e-2];

/**
 * A log-scale Pc axis: whole decades covering the spec's range and every positive value, at most ~8 ticks.
 * `padDecades` adds whole decades beyond the values (not above Pc 1), so that no point sits on the frame
 * (the detail view's estimate history); the dashboard's chart has none.
 */
export function probabilityAxis(values: readonly (number | null)[], { padDecades = 0 }: { padDecades?: number } = {}): { domain: [number, number]; ticks: number[] } {
  const positive = values.filter((v): v is number => v !== null && v > 0 && Number.isFinite(v));
  const lowExp = Math.min(-4, ...positive.map((v) => Math.floor(Math.log10(v)) - padDecades));
  const highExp = Math.max(
    -2,
    ...positive.map((v) => {
      const exp = Math.ceil(Math.log10(v));
      return Math.max(exp, Math.min(exp + padDecades, 0));
    }),
  );
  const step = Math.max(1, Math.ceil((highExp - lowExp) / 8));
  const ticks: number[] = [];
  for (let exp = highExp; exp >= lowExp; exp -= step) ticks.unshift(decade(exp));
  return { domain: [decade(lowExp), decade(highExp)], ticks };
}

/** 10^exp as the nearest double to the decimal ('1e-4'), which 10 ** -4 is not. */
function decade(exp: number): number {
  return Number(`1e${exp}`);
}

/** A Pc axis tick as '1:N' with thousands separators, as the spec writes its axis ('1:10,000'). */
export function formatProbabilityTick(pc: number): string {
  return pc >= 1 ? '1:1' : `1:${formatGrouped(Math.round(1 / pc))}`;
}

/** The smallest 1, 2 or 5 × 10^k at or above `value`. */
export function niceCeil(value: number): number {
  if (!(value > 0)) return 0;
  const magnitude = 10 ** Math.floor(Math.log10(value));
  const step = [1, 2, 5, 10].find((m) => m * magnitude >= value * (1 - 1e-12)) ?? 10;
  return step * magnitude;
}

/** A linear metres axis from 0: `defaultMax` (spec §9: miss distance 0–100 m) widened to a round value that fits. */
export function metresAxis(values: readonly number[], defaultMax: number): [number, number] {
  const finite = values.filter((v) => Number.isFinite(v));
  const max = finite.length ? Math.max(...finite) : 0;
  return [0, Math.max(defaultMax, niceCeil(max))];
}
