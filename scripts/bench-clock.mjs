/**
 * A fast clock for a benchmark's server process (scripts/bench-poll-rebuilds.ts), preloaded with
 * `NODE_OPTIONS=--import=<this file>`; it changes nothing until the process gets SIGUSR2.
 *
 * From SIGUSR2 on, in the main thread, `Date.now()` runs BENCH_CLOCK_RATE times as fast as the
 * wall clock (from the instant of the signal), and every setTimeout / setInterval armed from then
 * on waits its delay divided by the rate. The clocked snapshots of the Orbital Drag page
 * (src/server/http/clocked-snapshot.ts) take Date.now and arm their timers with setTimeout, so they
 * turn as in production, only faster: at rate 120 a UTC minute lasts 0.5 s and an hour 30 s, and
 * each snapshot is still built by its timer ahead of its period (15 s and 2 min of the fast clock).
 * `new Date()`, performance.now() and the timers armed before the signal are left as they are.
 */
import { isMainThread } from 'node:worker_threads';

if (isMainThread) {
  const rate = Number(process.env.BENCH_CLOCK_RATE ?? 120);
  if (!(rate >= 1)) throw new Error(`BENCH_CLOCK_RATE must be a number ≥ 1, not ${process.env.BENCH_CLOCK_RATE}`);
  const wallNow = Date.now;
  const { setTimeout: wallTimeout, setInterval: wallInterval } = globalThis;
  /** The wall-clock instant of the signal, undefined before it. */
  let start;
  // Replaced now, not at the signal: code that keeps a reference to Date.now (ClockedSnapshot's `now`) gets this one.
  Date.now = () => (start === undefined ? wallNow() : Math.floor(start + (wallNow() - start) * rate));
  process.on('SIGUSR2', () => {
    if (start !== undefined) return;
    start = wallNow();
    globalThis.setTimeout = (fn, delay, ...args) => wallTimeout(fn, (Number(delay) || 0) / rate, ...args);
    globalThis.setInterval = (fn, delay, ...args) => wallInterval(fn, (Number(delay) || 0) / rate, ...args);
  });
}
