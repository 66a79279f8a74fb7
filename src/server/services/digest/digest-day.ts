/**
 * The day a daily digest covers (issue 29). Day D runs from D at the digest hour (DIGEST_HOUR_UTC) to
 * D + 1 at the same hour: the 24 h that end when that day's digest is sent. With DIGEST_HOUR_UTC=0 it
 * is the UTC calendar day D. Pure: the caller passes the clock.
 */

const DAY_MS = 86_400_000;

export interface DigestWindow {
  /** D, YYYY-MM-DD. */
  day: string;
  start: Date;
  end: Date;
}

/** The window of day D (`YYYY-MM-DD`, already validated by contracts/digest.ts DigestDate). */
export function digestWindow(day: string, hourUtc: number): DigestWindow {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const start = new Date(0);
  // setUTCFullYear, not Date.UTC: Date.UTC maps years 0-99 to 1900-1999.
  start.setUTCFullYear(y, m - 1, d);
  start.setUTCHours(hourUtc, 0, 0, 0);
  return { day, start, end: new Date(start.getTime() + DAY_MS) };
}

/** The most recent send time at or before `now`: today at the hour, or yesterday's when the hour has not come yet. */
export function lastSendTime(now: Date, hourUtc: number): Date {
  const today = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), hourUtc));
  return today.getTime() <= now.getTime() ? today : new Date(today.getTime() - DAY_MS);
}

/** The day whose digest was last due at `now`: the one that ended at the most recent send time. */
export function lastDueDay(now: Date, hourUtc: number): DigestWindow {
  const end = lastSendTime(now, hourUtc);
  const start = new Date(end.getTime() - DAY_MS);
  return { day: start.toISOString().slice(0, 10), start, end };
}
