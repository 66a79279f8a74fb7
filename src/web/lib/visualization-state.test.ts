import { describe, expect, it } from 'vitest';
import { liveClock, pauseClock, setClockRate, simTimeAt } from './sim-clock';
import {
  clockOf,
  DEFAULT_VISUALIZATION,
  OBJECT_TYPES,
  parseVisualizationSearch,
  timeStateOf,
  toggleInList,
  visualizationPath,
  visualizationSearch,
  type VisualizationState,
} from './visualization-state';

const T = Date.parse('2026-11-27T09:16:54.872Z');

describe('the view as a URL', () => {
  it('leaves the default view out', () => {
    expect(visualizationSearch(DEFAULT_VISUALIZATION)).toBe('');
    expect(parseVisualizationSearch('')).toEqual(DEFAULT_VISUALIZATION);
    expect(visualizationPath({})).toBe('/visualization');
  });

  it('writes and reads back every part of a view', () => {
    const view: VisualizationState = {
      object: 25544,
      t: T,
      speed: 1000,
      paused: true,
      regimes: ['LEO', 'GEO'],
      types: ['payload', 'debris'],
      owner: 'PRC',
      conjunction: 'CNJ-2026-010',
    };
    const search = visualizationSearch(view);
    expect(search).toBe('?conjunction=CNJ-2026-010&object=25544&t=2026-11-27T09:16:54.872Z&speed=1000&paused=1&regimes=LEO,GEO&types=payload,debris&owner=PRC');
    expect(parseVisualizationSearch(search)).toEqual(view);
    expect(parseVisualizationSearch(search.slice(1))).toEqual(view);
    expect(visualizationPath({ conjunction: 'CNJ-2026-010' })).toBe('/visualization?conjunction=CNJ-2026-010');
  });

  it('ignores what is not valid', () => {
    expect(parseVisualizationSearch('?object=-4&t=yesterday&speed=5000&paused=maybe&regimes=HEO&types=cats&owner=&conjunction=' + 'X'.repeat(65))).toEqual(DEFAULT_VISUALIZATION);
    expect(parseVisualizationSearch('?object=1.5').object).toBeNull();
    expect(parseVisualizationSearch('?regimes=MEO,nope').regimes).toEqual(['MEO']);
    // Any whole speed from ×1 to ×1000 is taken (a hand-written URL), the offered ones included.
    expect(parseVisualizationSearch('?speed=42').speed).toBe(42);
    expect(parseVisualizationSearch('?paused=true').paused).toBe(true);
  });

  it('keeps the lists in their own order', () => {
    expect(parseVisualizationSearch('?regimes=GEO,LEO&types=unknown,payload')).toMatchObject({ regimes: ['LEO', 'GEO'], types: ['payload', 'unknown'] });
  });
});

describe('the clock and the URL', () => {
  it('opens at the URL time and speed, playing unless paused; at now without a time', () => {
    expect(clockOf({ t: T, speed: 1000, paused: false }, 5_000)).toEqual({ epochMs: T, wallMs: 5_000, rate: 1000, playing: true });
    expect(clockOf({ t: null, speed: 1, paused: false }, 5_000)).toEqual(liveClock(5_000));
    expect(clockOf({ t: null, speed: 60, paused: true }, 5_000)).toEqual({ epochMs: 5_000, wallMs: 5_000, rate: 60, playing: false });
  });

  it('writes no time while the clock shows real time, else the simulated time now', () => {
    const live = liveClock(T);
    expect(timeStateOf(live, T + 3_000)).toEqual({ t: null, speed: 1, paused: false });
    const fast = setClockRate(live, 1000, T);
    expect(timeStateOf(fast, T + 2_000)).toEqual({ t: T + 2_000_000, speed: 1000, paused: false });
    const paused = pauseClock(fast, T + 2_000);
    expect(timeStateOf(paused, T + 60_000)).toEqual({ t: simTimeAt(paused, 0), speed: 1000, paused: true });
  });

  it('restores a shared view: the clock read from the URL written for it gives the same time', () => {
    const clock = pauseClock(setClockRate(liveClock(T), 300, T), T + 10_000);
    const url = visualizationSearch({ ...DEFAULT_VISUALIZATION, ...timeStateOf(clock, T + 20_000) });
    const reopened = clockOf(parseVisualizationSearch(url), T + 99_000);
    expect(simTimeAt(reopened, T + 99_000)).toBe(simTimeAt(clock, T + 20_000));
    expect(reopened.rate).toBe(300);
    expect(reopened.playing).toBe(false);
  });
});

describe('filter lists', () => {
  it('toggles an item in its order and never empties the list', () => {
    expect(toggleInList(['payload', 'debris'], 'rocket_body', OBJECT_TYPES)).toEqual(['payload', 'rocket_body', 'debris']);
    expect(toggleInList(['payload', 'debris'], 'payload', OBJECT_TYPES)).toEqual(['debris']);
    expect(toggleInList(['debris'], 'debris', OBJECT_TYPES)).toEqual(['debris']);
  });
});
