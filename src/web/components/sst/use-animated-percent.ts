import { useEffect, useState } from 'react';

/** Spec §4: the progress bar moves up toward its target in steps of 2 every 50 ms. */
export const PROGRESS_STEP_PERCENT = 2;
export const PROGRESS_TICK_MS = 50;

/**
 * The percent the bar shows: starts at 0 and climbs toward `target` by 2 every
 * 50 ms, stopping exactly on it. A lower target (none in one analysis, since
 * completed steps stay completed) is taken at the next tick.
 */
export function useAnimatedPercent(target: number): number {
  const [shown, setShown] = useState(0);
  const reached = shown === target;
  useEffect(() => {
    if (reached) return undefined;
    const id = setInterval(() => {
      setShown((current) => (current < target ? Math.min(current + PROGRESS_STEP_PERCENT, target) : target));
    }, PROGRESS_TICK_MS);
    return () => clearInterval(id);
  }, [target, reached]);
  return shown;
}
