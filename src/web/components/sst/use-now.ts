import { useEffect, useState } from 'react';

/** Spec §9 counts whole hours to a TCA; a minute's tick keeps the relative times current without re-rendering needlessly. */
export const RELATIVE_TIME_TICK_MS = 60_000;

/** The current time in ms, read when the component mounts and again every `intervalMs`. */
export function useNow(intervalMs: number = RELATIVE_TIME_TICK_MS): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(id);
  }, [intervalMs]);
  return now;
}
