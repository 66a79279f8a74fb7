/**
 * How the drag on a satellite will change over the next days, where its place along the orbit then is not known well
 * enough to matter: the density it meets swings 2–3× between the day and the night side within one revolution, so a
 * forecast of the force at one future position would mostly forecast that swing. What is forecast instead is the
 * change of the orbit-averaged density (orbit-average.ts) on the same orbit: node and perigee moved by the secular J2
 * rates (mean-orbit.ts `meanOrbitAt`), a lowered at today's decay rate, the space weather of that time. Today's force
 * times that ratio is the forecast force.
 */
import type { ElementSet } from '../elements/element-set.ts';
import { MS_PER_DAY } from '../time/julian.ts';
import { utcMs, type UtcMs } from '../units.ts';
import type { DensityModel } from './density.ts';
import { meanOrbitAt } from './mean-orbit.ts';
import { orbitAveragedDecay } from './orbit-average.ts';
import type { SpaceWeather } from './space-weather.ts';


export interface DensityOutlookInput {
  /** The satellite's newest element set (its mean orbit, moved to `time`). */
  readonly set: ElementSet;
  /** Now. */
  readonly time: UtcMs;
  /** Cd·A/m, m²/kg (sets today's decay rate). */
  readonly dragParameterM2PerKg: number;
  readonly model: DensityModel;
  /** Space weather as a function of time (e.g. the series' forecast). */
  readonly spaceWeather: (t: UtcMs) => SpaceWeather;
}

/** The orbit-averaged density `days` ahead divided by today's, for each of `daysAhead`. */
export function orbitAveragedDensityRatios(input: DensityOutlookInput, daysAhead: readonly number[]): number[] {
  const { set, time, dragParameterM2PerKg, model, spaceWeather } = input;
  const averaged = (days: number, semiMajorAxisShiftKm: number) => {
    const at = utcMs(time + days * MS_PER_DAY);
    return orbitAveragedDecay({ orbit: meanOrbitAt(set, at, semiMajorAxisShiftKm), time: at, dragParameterM2PerKg, model, spaceWeather });
  };
  const today = averaged(0, 0);
  const rateKmPerDay = today.semiMajorAxisRateKmPerDay;
  return daysAhead.map((days) => averaged(days, rateKmPerDay * days).meanDensityKgPerM3 / today.meanDensityKgPerM3);
}
