import { describe, expect, it } from 'vitest';
import {
  clampToWindow,
  DAY_MS,
  formatSpeed,
  isLive,
  keepInWindow,
  liveClock,
  pauseClock,
  playClock,
  propagationIntervalMs,
  REAL_TIME,
  seekClock,
  setClockRate,
  simTimeAt,
  SPEEDS,
  timeWindow,
  windowAnchor,
  type SimClock,
} from './sim-clock';

const T0 = Date.UTC(2026, 10, 27, 7, 0, 0);

describe('simulation clock', () => {
  it('is real time by default, whatever the wall clock', () => {
    for (const wall of [0, T0, T0 + 123_456]) expect(simTimeAt(REAL_TIME, wall)).toBe(wall);
    expect(isLive(REAL_TIME, T0)).toBe(true);
  });

  it('runs at its rate from its anchor while playing, and stands still while paused', () => {
    const clock: SimClock = { epochMs: T0, wallMs: 1_000, rate: 1000, playing: true };
    expect(simTimeAt(clock, 1_000)).toBe(T0);
    expect(simTimeAt(clock, 1_250)).toBe(T0 + 250_000);
    expect(simTimeAt({ ...clock, playing: false }, 9_999)).toBe(T0);
  });

  it('re-anchors on every change, so simulated time never jumps except on a seek', () => {
    let clock = liveClock(1_000);
    clock = setClockRate(clock, 60, 2_000); // 1 s at ×1
    expect(simTimeAt(clock, 2_000)).toBe(2_000);
    expect(simTimeAt(clock, 3_000)).toBe(2_000 + 60_000);
    clock = pauseClock(clock, 3_000);
    expect(clock).toEqual({ epochMs: 62_000, wallMs: 3_000, rate: 60, playing: false });
    expect(simTimeAt(clock, 100_000)).toBe(62_000);
    clock = playClock(clock, 10_000);
    expect(simTimeAt(clock, 10_000)).toBe(62_000);
    expect(simTimeAt(clock, 10_500)).toBe(62_000 + 30_000);
    clock = seekClock(clock, T0, 11_000);
    expect(simTimeAt(clock, 11_000)).toBe(T0);
    expect(simTimeAt(clock, 12_000)).toBe(T0 + 60_000);
    expect(clock.playing).toBe(true);
  });

  it('is live only at ×1, playing, within a second of the wall clock', () => {
    expect(isLive(liveClock(T0), T0 + 5_000)).toBe(true);
    expect(isLive(setClockRate(liveClock(T0), 10, T0), T0 + 5_000)).toBe(false);
    expect(isLive(pauseClock(liveClock(T0), T0), T0 + 5_000)).toBe(false);
    expect(isLive(seekClock(liveClock(T0), T0 + 2_000, T0), T0)).toBe(false);
  });

  it('propagates every 100 ms while time runs faster than ×1, once a second otherwise', () => {
    expect(propagationIntervalMs(liveClock(T0))).toBe(1000);
    expect(propagationIntervalMs({ ...liveClock(T0), rate: 1000 })).toBe(100);
    expect(propagationIntervalMs({ ...liveClock(T0), rate: 10 })).toBe(100);
    expect(propagationIntervalMs({ ...liveClock(T0), rate: 1000, playing: false })).toBe(1000);
  });

  it('offers ×1 to ×1000', () => {
    expect(SPEEDS[0]).toBe(1);
    expect(SPEEDS.at(-1)).toBe(1000);
    expect(SPEEDS.map(formatSpeed)).toEqual(['×1', '×10', '×60', '×300', '×1000']);
  });
});

describe('the ±7-day window', () => {
  const w = timeWindow(T0);
  it('spans 7 days either side of its anchor, and clamps to it', () => {
    expect(w).toEqual({ startMs: T0 - 7 * DAY_MS, endMs: T0 + 7 * DAY_MS });
    expect(clampToWindow(T0 + 8 * DAY_MS, w)).toBe(w.endMs);
    expect(clampToWindow(T0 - 8 * DAY_MS, w)).toBe(w.startMs);
    expect(clampToWindow(T0 + DAY_MS, w)).toBe(T0 + DAY_MS);
  });

  it('is anchored on now unless the view opens further than 7 days away', () => {
    expect(windowAnchor(T0, null)).toBe(T0);
    expect(windowAnchor(T0, T0 + 6 * DAY_MS)).toBe(T0);
    expect(windowAnchor(T0, T0 - 30 * DAY_MS)).toBe(T0 - 30 * DAY_MS);
  });

  it('pauses a clock that plays past either end at that end', () => {
    const clock: SimClock = { epochMs: w.endMs - 10_000, wallMs: 0, rate: 1000, playing: true };
    expect(keepInWindow(clock, w, 5)).toBe(clock);
    expect(keepInWindow(clock, w, 20)).toEqual({ epochMs: w.endMs, wallMs: 20, rate: 1000, playing: false });
    const back: SimClock = { epochMs: w.startMs - 1, wallMs: 0, rate: 1, playing: true };
    expect(keepInWindow(back, w, 0)).toEqual({ epochMs: w.startMs, wallMs: 0, rate: 1, playing: false });
  });
});
