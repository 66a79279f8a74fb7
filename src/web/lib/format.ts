/*
 * Display formats fixed by the spec. Kept in one place so every screen
 * renders money and times the same way.
 */

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });

/** Spec §9: "Currency US dollars, no decimals", e.g. $210,000. */
export function formatUsd(value: number): string {
  return usd.format(value);
}

const grouped = new Intl.NumberFormat('en-US', { maximumFractionDigits: 20 });

/** A plain number with thousands separators (100000 → '100,000'), for editable money fields. */
export function formatGrouped(value: number): string {
  return grouped.format(value);
}

/** HH:mm:ss of `date` in UTC. ISO strings are always UTC, so this needs no time-zone library. */
export function formatUtcTime(date: Date): string {
  return date.toISOString().slice(11, 19);
}
