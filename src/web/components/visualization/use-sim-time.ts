import { useEffect, useState } from 'react';
import { simTimeAt, type SimClock } from '@/lib/sim-clock';

/** How often the shown simulated time is refreshed while the clock plays (the globe itself moves every frame). */
export const SIM_TIME_TICK_MS = 100;

/** The clock's simulated time now, re-read every SIM_TIME_TICK_MS while it plays; fixed while paused. */
export function useSimTime(clock: SimClock): number {
  const [wall, setWall] = useState(() => Date.now());
  useEffect(() => {
    if (!clock.playing) return;
    const id = setInterval(() => setWall(Date.now()), SIM_TIME_TICK_MS);
    return () => clearInterval(id);
  }, [clock]);
  // A clock newer than the last tick is read at its anchor, not a tick later.
  return simTimeAt(clock, Math.max(wall, clock.wallMs));
}
