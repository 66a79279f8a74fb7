import { z } from 'zod';

/**
 * Instants a filter compares with stored timestamps (issue 30 item 1). PostgreSQL's timestamptz
 * holds 4713 BC to 294276 AD (PostgreSQL manual, §8.5 "Date/Time Types"), but it has no year 0
 * (ISO 8601's 0000 is its 1 BC, written "0001-01-01 BC") and JavaScript writes years past 9999 as
 * "+010000-…", which PostgreSQL does not read. So a filter takes the four-digit years 0001–9999,
 * checked in UTC (an offset can carry "0001-01-01T00:00:00+05:00" into year 0), and anything else
 * is a 400 naming the field and the range instead of reaching the database.
 */
export const STORABLE_INSTANT_RANGE = { min: '0001-01-01T00:00:00Z', max: '9999-12-31T23:59:59.999Z' } as const;

const MIN_MS = Date.parse(STORABLE_INSTANT_RANGE.min);
const MAX_MS = Date.parse(STORABLE_INSTANT_RANGE.max);

/** Whether an ISO 8601 instant lies in {@link STORABLE_INSTANT_RANGE}. */
export function isStorableInstant(iso: string): boolean {
  const ms = Date.parse(iso);
  return Number.isFinite(ms) && ms >= MIN_MS && ms <= MAX_MS;
}

/** An ISO 8601 date-time with offset (e.g. 2026-03-21T12:00:00Z) in the years 0001–9999 UTC. */
export function isoInstant() {
  return z.iso
    .datetime({ offset: true, error: 'must be an ISO 8601 date-time with offset, e.g. 2026-03-21T12:00:00Z' })
    .refine(isStorableInstant, `must lie between ${STORABLE_INSTANT_RANGE.min} and ${STORABLE_INSTANT_RANGE.max}`);
}
