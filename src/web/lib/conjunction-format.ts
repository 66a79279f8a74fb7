import { format, isValid } from 'date-fns';
import type { PcMethod } from '@contracts/conjunction-events.ts';
import { formatGrouped } from '@/lib/format';
import { NO_VALUE } from '@/lib/satellite-format';
import { UtcDate } from '@/lib/utc-date';
import { ONE_IN_N_PC_FLOOR } from '@core/probability/index.ts';

/*
 * Display formats of the Conjunction Alerts screen (issue 11): Pc in scientific
 * notation and as 1:N, the Pc method's short badge, English relative time to TCA,
 * metres, km/s and percentages, and UTC timestamps. Times are UTC whatever the
 * browser's zone (UtcDate). Values the server does not have print as '—'.
 */

/** The short badge of each Pc method: Foster 2D, the 2D-Nc upper limit, Hall 2D-Nc, Hall 3D-Nc, Monte Carlo. */
const PC_METHOD_BADGES: Record<PcMethod, string> = {
  pc2d: '2D',
  'nc2d-upper-limit': '2D-Nc ≤',
  nc2d: '2D-Nc',
  pc3d: '3D',
  sdmc: 'MC',
};

/** The badge of `method`; a method this client does not know is shown as received. */
export function pcMethodBadge(method: string): string {
  return Object.hasOwn(PC_METHOD_BADGES, method) ? PC_METHOD_BADGES[method as PcMethod] : method;
}

function finite(value: number | null | undefined): value is number {
  return typeof value === 'number' && Number.isFinite(value);
}

/** A probability in scientific notation with 3 significant digits ('2.12e-2', '3.86e-168'); '0' for 0; '—' when there is none. */
export function formatPc(pc: number | null | undefined): string {
  if (!finite(pc)) return NO_VALUE;
  if (pc === 0) return '0';
  return pc.toExponential(2);
}

/** Below this N, '1:N' is written out in full ('1:47', '1:98,765'); above it, N is in scientific notation. */
const ONE_IN_N_FULL_LIMIT = 1e9;

/** A probability as '1:N' with N = round(1/Pc) ('1:47'); '1:2.6e+17' for tiny values; '< 1:1e30' below the floor of 1e-30 (0 too); '—' when there is none. */
export function formatPcOneInN(pc: number | null | undefined): string {
  if (!finite(pc)) return NO_VALUE;
  if (pc < ONE_IN_N_PC_FLOOR) return '< 1:1e30';
  const n = 1 / pc;
  return n < ONE_IN_N_FULL_LIMIT ? `1:${formatGrouped(Math.round(n))}` : `1:${n.toExponential(1)}`;
}

/**
 * Time from `now` to a TCA in words: 'in 3 h 12 min', '45 min ago', 'in 2 d 5 h', '12 d ago'
 * ('now' within a minute). Whole units elapsed (truncated); minutes are dropped from a day
 * or more and hours from a week or more. '—' when the TCA does not parse.
 */
export function formatRelativeTca(tca: string, now: number): string {
  const ms = Date.parse(tca);
  if (Number.isNaN(ms)) return NO_VALUE;
  const diff = ms - now;
  const totalMinutes = Math.floor(Math.abs(diff) / 60_000);
  if (totalMinutes < 1) return 'now';
  const days = Math.floor(totalMinutes / 1440);
  const hours = Math.floor((totalMinutes % 1440) / 60);
  const minutes = totalMinutes % 60;
  let text: string;
  if (days >= 7) text = `${days} d`;
  else if (days >= 1) text = hours > 0 ? `${days} d ${hours} h` : `${days} d`;
  else if (hours >= 1) text = minutes > 0 ? `${hours} h ${minutes} min` : `${hours} h`;
  else text = `${minutes} min`;
  return diff > 0 ? `in ${text}` : `${text} ago`;
}

/** A timestamp as UTC 'yyyy-MM-dd HH:mm:ss' ('.SSS' too with `milliseconds`); text that is not a date is shown as received. */
export function formatUtcDateTime(iso: string, { milliseconds = false }: { milliseconds?: boolean } = {}): string {
  const date = new UtcDate(iso);
  return isValid(date) ? format(date, milliseconds ? 'yyyy-MM-dd HH:mm:ss.SSS' : 'yyyy-MM-dd HH:mm:ss') : iso;
}

const oneDecimal = new Intl.NumberFormat('en-US', { minimumFractionDigits: 1, maximumFractionDigits: 1 });

/** Metres with 1 decimal and thousands separators, no unit ('9,422.0', '-234.0'): the table's columns carry the unit. */
export function formatMetresValue(metres: number | null | undefined): string {
  return finite(metres) ? oneDecimal.format(metres) : NO_VALUE;
}

/** Metres with their unit ('9,422.0 m'). */
export function formatMetresWithUnit(metres: number | null | undefined): string {
  return finite(metres) ? `${oneDecimal.format(metres)} m` : NO_VALUE;
}

/**
 * A relative speed in km/s, no unit: 3 decimals ('11.073', '0.011'), and below 1 m/s two
 * significant digits ('0.00031': a formation drifting at 0.3 m/s must not read as 0.000).
 */
export function formatSpeedValue(kmPerSecond: number | null | undefined): string {
  if (!finite(kmPerSecond)) return NO_VALUE;
  if (kmPerSecond !== 0 && Math.abs(kmPerSecond) < 0.001) return String(Number(kmPerSecond.toPrecision(2)));
  return kmPerSecond.toFixed(3);
}

/** A fraction as a percentage with 3 significant digits ('15.2 %', '0.5 %', '250 %'). */
export function formatFractionPercent(fraction: number | null | undefined): string {
  if (!finite(fraction)) return NO_VALUE;
  return `${Number((fraction * 100).toPrecision(3))} %`;
}

/** 'payload' → 'Payload', 'rocket_body' → 'Rocket body'. */
export function formatObjectType(objectType: string): string {
  const words = objectType.replace(/_/g, ' ').trim();
  return words ? words[0]!.toUpperCase() + words.slice(1) : NO_VALUE;
}

const CLOSE_REASONS: Record<string, string> = {
  tca_passed: 'TCA passed',
  not_found: 'No longer found by screening',
};

/** Why an event was closed, in words; an unknown reason is shown as received. */
export function formatCloseReason(reason: string | null): string {
  if (reason === null) return NO_VALUE;
  return CLOSE_REASONS[reason] ?? reason;
}

/** 'Open', 'Closed (TCA passed)'. */
export function formatEventStatus(status: string, closeReason: string | null): string {
  if (status === 'closed') return closeReason ? `Closed (${formatCloseReason(closeReason)})` : 'Closed';
  return status === 'open' ? 'Open' : status;
}

/** Seconds before TCA in words: '4 h 56 min', '10 min', '45 s' (avoidance burns, their plans, the 3D view). */
export function formatLead(seconds: number): string {
  if (seconds < 59.5) return `${Math.round(seconds)} s`;
  const minutes = Math.round(seconds / 60);
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0) return `${rest} min`;
  return rest === 0 ? `${hours} h` : `${hours} h ${rest} min`;
}
