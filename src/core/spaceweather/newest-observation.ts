/**
 * How old the observed space weather is: the end of the newest observed value a series holds, a day's F10.7
 * (its UTC day) or a 3-hour ap (its interval), from the series' coverage (series.ts, time-keys.ts labels).
 */
import { MS_PER_DAY } from '../time/julian.ts';
import { utcMs, type UtcMs } from '../units.ts';
import type { SpaceWeatherCoverage } from './series.ts';
import { MS_PER_3H } from './time-keys.ts';

/** The end of the newest observed value, or undefined when nothing observed is held. */
export function newestObservationEnd(coverage: Pick<SpaceWeatherCoverage, 'lastObservedFluxDate' | 'lastObservedApInterval'>): UtcMs | undefined {
  const ends: number[] = [];
  if (coverage.lastObservedFluxDate) ends.push(Date.parse(`${coverage.lastObservedFluxDate}T00:00:00Z`) + MS_PER_DAY);
  // "YYYY-MM-DDThh:00Z/+3h": the interval's start, then its 3 hours.
  if (coverage.lastObservedApInterval) ends.push(Date.parse(coverage.lastObservedApInterval.split('/')[0]!) + MS_PER_3H);
  const valid = ends.filter(Number.isFinite);
  return valid.length ? utcMs(Math.max(...valid)) : undefined;
}
