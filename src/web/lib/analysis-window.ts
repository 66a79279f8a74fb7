/*
 * The SST analysis window (spec §9: start now, end 48 hours later). The form's
 * datetime-local inputs hold UTC wall-clock time ('2025-03-01T19:04'; the labels
 * say UTC), so the page works the same in every browser time zone.
 */

export const DEFAULT_WINDOW_HOURS = 48;

/** A datetime-local value ('yyyy-MM-ddTHH:mm') of `ms` in UTC. */
export function toUtcInputValue(ms: number): string {
  return new Date(ms).toISOString().slice(0, 16);
}

/** Spec §9: start now (to the minute the input shows), end 48 hours later. */
export function defaultAnalysisWindow(now: number): { start: string; end: string } {
  const start = Math.floor(now / 60_000) * 60_000;
  return { start: toUtcInputValue(start), end: toUtcInputValue(start + DEFAULT_WINDOW_HOURS * 3_600_000) };
}

const INPUT_VALUE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?$/;

/**
 * The ISO 8601 UTC text sent for an input value ('2025-03-01T19:04' →
 * '2025-03-01T19:04:00.000Z'). Anything else (an empty field) is sent as
 * typed: the server checks the window and answers with a message naming it.
 */
export function inputValueToIso(value: string): string {
  if (!INPUT_VALUE.test(value)) return value;
  const ms = Date.parse(`${value}Z`);
  return Number.isNaN(ms) ? value : new Date(ms).toISOString();
}
