/**
 * The calling thread's CPU time (Linux: /proc/thread-self/stat, user + system, in ticks of 10 ms),
 * or null where it cannot be read. Unlike wall time, other work on the machine does not inflate it:
 * the track workers report it with their times (plan-protocol.ts ShareTimings), for the bench.
 */
import { readFileSync } from 'node:fs';

export function threadCpuMs(): number | null {
  try {
    const stat = readFileSync('/proc/thread-self/stat', 'utf8');
    // Fields after the command name (which may hold spaces, in parentheses): state is 3rd, utime 14th, stime 15th.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = Number(fields[11]) + Number(fields[12]);
    return Number.isFinite(ticks) ? ticks * 10 : null;
  } catch {
    return null;
  }
}
