/** The space-weather plumbing: constant series, and the stated default where a series has no value. */
import { describe, expect, it } from 'vitest';
import { utcMs } from '../units.ts';
import { CALCULATOR_DEFAULT_SPACE_WEATHER, constantSpaceWeather, LONG_TERM_MEAN_SPACE_WEATHER, resolveSpaceWeather, type SpaceWeatherFn } from './space-weather.ts';

const t = utcMs(Date.UTC(2030, 0, 1));

describe('space weather', () => {
  it('the calculator default is F10.7 140 and Kp 3 (Ap 15); the long-term default is the 1957–2024 mean', () => {
    expect(CALCULATOR_DEFAULT_SPACE_WEATHER).toEqual({ f107: 140, f107A: 140, ap: 15 });
    expect(LONG_TERM_MEAN_SPACE_WEATHER).toEqual({ f107: 121.5, f107A: 121.5, ap: 12.8 });
  });

  it('uses the series where it has a value, the default where it returns undefined, unusable values or throws a RangeError', () => {
    const values = { f107: 200, f107A: 180, ap: 30 };
    expect(resolveSpaceWeather(constantSpaceWeather(values), t)).toEqual({ values, usedDefault: false });
    const cases: SpaceWeatherFn[] = [
      () => undefined,
      () => ({ f107: Number.NaN, f107A: 150, ap: 10 }),
      () => ({ f107: 150, f107A: 0, ap: 10 }),
      () => ({ f107: 150, f107A: 150, ap: -1 }),
      () => {
        throw new RangeError('beyond the last prediction');
      },
    ];
    for (const series of cases) expect(resolveSpaceWeather(series, t)).toEqual({ values: LONG_TERM_MEAN_SPACE_WEATHER, usedDefault: true });
    expect(resolveSpaceWeather(() => undefined, t, values)).toEqual({ values, usedDefault: true });
  });

  it('lets other errors through (a bug is not missing data)', () => {
    expect(() =>
      resolveSpaceWeather(() => {
        throw new TypeError('bug');
      }, t),
    ).toThrow(TypeError);
  });
});
