/**
 * The time grid of Vallado's SGP4 verification driver (testcpp/testfor in "verification"
 * mode, distributed with Vallado et al. 2006, AIAA 2006-6753), which produced tcppver.out.
 *
 * In SGP4-VER.TLE each line 2 carries, after column 69, three numbers: start, stop and step in
 * minutes from epoch. The driver prints t = 0 first, then:
 *
 *     tsince = start; if (fabs(tsince) > 1.0e-8) tsince = tsince - step;
 *     while ((tsince < stop) && (satrec.error == 0)) {
 *       tsince = tsince + step;
 *       if (tsince > stop) tsince = stop;
 *       sgp4(satrec, tsince, r, v); ...
 *     }
 *
 * so the stop time is added when the step does not land on it, tsince accumulates by repeated
 * addition (we reproduce that bit for bit), and a case ends at its first error.
 */
import { minutes, type Minutes } from '../units.ts';
import { propagate, type Sgp4Model, type Sgp4Result } from './sgp4.ts';

export interface VerificationRange {
  readonly start: number;
  readonly stop: number;
  readonly step: number;
}

/** start/stop/step from the text after column 69 of a line 2, or undefined when there are not three numbers there. */
export function parseVerificationRange(line2: string): VerificationRange | undefined {
  const parts = line2.slice(69).trim().split(/\s+/);
  if (parts.length !== 3) return undefined;
  const [start, stop, step] = parts.map((p) => (/^[+-]?(?:\d+\.?\d*|\.\d+)$/.test(p) ? Number(p) : NaN)) as [number, number, number];
  return [start, stop, step].every(Number.isFinite) ? { start, stop, step } : undefined;
}

/** The driver's tsince values for a case: 0, then start … stop. Throws a RangeError for a step ≤ 0 or more than `maxPoints` times. */
export function valladoTimes({ start, stop, step }: VerificationRange, maxPoints = 1_000_000): Minutes[] {
  if (!(step > 0)) throw new RangeError(`step ${step} must be positive`);
  if ((stop - start) / step > maxPoints) throw new RangeError(`start ${start}, stop ${stop}, step ${step} gives more than ${maxPoints} times`);
  const times = [minutes(0)];
  let tsince = start;
  if (Math.abs(tsince) > 1.0e-8) tsince -= step;
  while (tsince < stop) {
    tsince += step;
    if (tsince > stop) tsince = stop;
    times.push(minutes(tsince));
  }
  return times;
}

export interface SeriesPoint {
  readonly tsince: Minutes;
  readonly result: Sgp4Result;
}

/** Propagate at each time in order, stopping after the first error (which is included), as the driver does. */
export function propagateSeries(model: Sgp4Model, times: readonly Minutes[]): SeriesPoint[] {
  const points: SeriesPoint[] = [];
  for (const tsince of times) {
    const result = propagate(model, tsince);
    points.push({ tsince, result });
    if (!result.ok) break;
  }
  return points;
}
