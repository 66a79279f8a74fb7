/*
 * The simulation clock of the 3D views (issue 14, /visualization): simulated time runs at `rate`
 * times the wall clock from an anchor, or stands still when paused. The clock is a plain value
 * (no timers): the page, the globe scene and the propagation worker each read the simulated time
 * from it with the wall clock they share (Date.now()), so all three agree without messages per frame.
 *
 *   simulated(wall) = epochMs + rate · (wall − wallMs)   while playing
 *   simulated(wall) = epochMs                           while paused
 *
 * Every change (play, pause, speed, seek) re-anchors at the moment it happens, so the simulated
 * time never jumps except on a seek.
 */

export interface SimClock {
  /** Simulated time (Unix ms) at the anchor. */
  epochMs: number;
  /** Wall time (Unix ms, Date.now()) of the anchor. */
  wallMs: number;
  /** Simulated milliseconds per wall millisecond while playing (×1 … ×1000). */
  rate: number;
  playing: boolean;
}

/** Real time: the dashboard's globe and the view's 'Now'. Simulated time = wall time, whatever the wall time. */
export const REAL_TIME: SimClock = { epochMs: 0, wallMs: 0, rate: 1, playing: true };

/** The speeds the view offers (spec: ×1 to ×1000). */
export const SPEEDS = [1, 10, 60, 300, 1000] as const;
export const MAX_SPEED = 1000;

/** The time slider reaches this far either side of its anchor (spec: ±7 days). */
export const WINDOW_DAYS = 7;
export const DAY_MS = 86_400_000;
export const WINDOW_MS = WINDOW_DAYS * DAY_MS;

/** Simulated time at wall time `wallMs`. */
export function simTimeAt(clock: SimClock, wallMs: number): number {
  return clock.playing ? clock.epochMs + clock.rate * (wallMs - clock.wallMs) : clock.epochMs;
}

/** The clock re-anchored at `wallMs` (same simulated time, same rate and state). */
function anchored(clock: SimClock, wallMs: number): SimClock {
  return { ...clock, epochMs: simTimeAt(clock, wallMs), wallMs };
}

/** Real time from `wallMs` on, playing at ×1. */
export const liveClock = (wallMs: number): SimClock => ({ epochMs: wallMs, wallMs, rate: 1, playing: true });

export const pauseClock = (clock: SimClock, wallMs: number): SimClock => ({ ...anchored(clock, wallMs), playing: false });
export const playClock = (clock: SimClock, wallMs: number): SimClock => ({ ...anchored(clock, wallMs), playing: true });
export const setClockRate = (clock: SimClock, rate: number, wallMs: number): SimClock => ({ ...anchored(clock, wallMs), rate });
/** Jump to simulated time `simMs`, keeping the rate and whether it plays. */
export const seekClock = (clock: SimClock, simMs: number, wallMs: number): SimClock => ({ ...clock, epochMs: simMs, wallMs });

/** True while the clock shows real time: playing at ×1 within a second of the wall clock. */
export function isLive(clock: SimClock, wallMs: number): boolean {
  return clock.playing && clock.rate === 1 && Math.abs(simTimeAt(clock, wallMs) - wallMs) < 1000;
}

/**
 * How often the worker propagates the catalogue (ms between the end of a pass and the next): once a
 * second at ×1 or paused, 100 ms while time runs faster. The view moves the points between passes
 * itself (globe-scene.ts, a two-body step in the vertex shader), so ×1000 (a LEO object covers
 * 750 km a second) looks continuous; a pass every ~150 ms keeps that step under a kilometre. Back
 * to back (0) bought one or two more passes a second but, on two cores with software WebGL, halved
 * the frame rate (bench-globe.ts).
 */
export const FAST_PROPAGATION_INTERVAL_MS = 100;

export function propagationIntervalMs(clock: SimClock): number {
  return clock.playing && clock.rate > 1 ? FAST_PROPAGATION_INTERVAL_MS : 1000;
}

export interface TimeWindow {
  startMs: number;
  endMs: number;
}

/** The slider's span: ±7 days around `anchorMs`. */
export const timeWindow = (anchorMs: number): TimeWindow => ({ startMs: anchorMs - WINDOW_MS, endMs: anchorMs + WINDOW_MS });

export const clampToWindow = (ms: number, window: TimeWindow): number => Math.min(window.endMs, Math.max(window.startMs, ms));

/**
 * The slider's anchor: the real time `nowMs`, unless the view opens at a time outside ±7 days of
 * it (a shared URL or a conjunction's TCA long ago or far ahead): then that time, so the slider
 * still reaches ±7 days around what is shown.
 */
export function windowAnchor(nowMs: number, openedAtMs: number | null): number {
  return openedAtMs !== null && Math.abs(openedAtMs - nowMs) > WINDOW_MS ? openedAtMs : nowMs;
}

/**
 * The clock kept inside the window: a clock playing past either end is paused at that end
 * (returned unchanged when it is inside, so callers can compare by identity).
 */
export function keepInWindow(clock: SimClock, window: TimeWindow, wallMs: number): SimClock {
  const t = simTimeAt(clock, wallMs);
  if (t >= window.startMs && t <= window.endMs) return clock;
  return { epochMs: clampToWindow(t, window), wallMs, rate: clock.rate, playing: false };
}

/** '×1000'. */
export const formatSpeed = (rate: number) => `×${rate}`;
