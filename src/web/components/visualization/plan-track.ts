import { oemTrack, readOem } from '@core/ephemeris/index.ts';
import { MU_KM3_S2, temeToScene } from '@/components/dashboard/situational-awareness/globe-math';
import type { PlanTrack } from '@/components/dashboard/situational-awareness/globe-protocol';

/*
 * 'After a plan' in conjunction mode (/visualization?conjunction=…&plan=…, issue 28 item 7): the
 * primary's post-burn track read from the plan's OEM (CCSDS OEM KVN, TEME km and km/s, 60 s states
 * over the plan's window; src/core/ephemeris readOem and oemTrack, Lagrange as its metadata says) and
 * sampled for one orbit either side of the event's TCA, in the axes the globe draws orbits in: TEME
 * through temeToScene at GMST 0, in Earth radii, as globe-orbit.ts does with SGP4's TEME positions, so
 * the scene turns it by the GMST of the time shown exactly as it turns the orbits and the points.
 *
 * Loaded on demand (dynamic import) with the plan: the OEM reader stays out of the page's chunk.
 */

/** Samples per orbit away from TCA: as the orbits the globe draws (globe-orbit.ts ORBIT_SAMPLES). */
export const PLAN_SAMPLES_PER_ORBIT = 256;
/** Within this of TCA the track is sampled every PLAN_DENSE_STEP_MS: zoomed to the encounter (a few km across), the line must not cut the arc. */
export const PLAN_DENSE_SPAN_MS = 180_000;
export const PLAN_DENSE_STEP_MS = 2_000;

/** The orbital period (minutes) of a TEME state (km, km/s) by vis-viva; NaN when it is not a bound orbit. */
export function periodMinutes(r: readonly number[], v: readonly number[]): number {
  const rn = Math.hypot(r[0]!, r[1]!, r[2]!);
  const v2 = v[0]! ** 2 + v[1]! ** 2 + v[2]! ** 2;
  const a = 1 / (2 / rn - v2 / MU_KM3_S2);
  return a > 0 ? (2 * Math.PI * Math.sqrt((a * a * a) / MU_KM3_S2)) / 60 : Number.NaN;
}

/** The sample times: PLAN_SAMPLES_PER_ORBIT an orbit over [start, end], densely near TCA, sorted, without repeats. */
function sampleTimes(startMs: number, endMs: number, tcaMs: number, periodMs: number): number[] {
  const step = periodMs / PLAN_SAMPLES_PER_ORBIT;
  const times: number[] = [];
  for (let t = startMs; t < endMs; t += step) times.push(t);
  times.push(endMs);
  for (let t = Math.max(startMs, tcaMs - PLAN_DENSE_SPAN_MS); t <= Math.min(endMs, tcaMs + PLAN_DENSE_SPAN_MS); t += PLAN_DENSE_STEP_MS) times.push(t);
  times.push(tcaMs);
  times.sort((a, b) => a - b);
  return times.filter((t, i) => i === 0 || t - times[i - 1]! >= 1);
}

/**
 * The plan's post-burn track of the primary for ±1 orbit around `tcaMs` (clipped to the ephemeris),
 * as the globe draws it. Throws an Error saying why when the OEM cannot be read (OemError: its line)
 * or does not cover the TCA.
 */
export function planTrackFromOem(oemText: string, planId: number, tcaMs: number): PlanTrack {
  const track = oemTrack(readOem(oemText));
  const atTca = track.state(tcaMs);
  if (!atTca) throw new Error(`the ephemeris (${new Date(track.start).toISOString()} to ${new Date(track.stop).toISOString()}) does not cover the TCA`);
  const period = periodMinutes(atTca.r, atTca.v);
  if (!Number.isFinite(period)) throw new Error('the ephemeris is not a bound orbit at the TCA');
  const periodMs = period * 60_000;
  const startMs = Math.max(track.start, tcaMs - periodMs);
  const endMs = Math.min(track.stop, tcaMs + periodMs);
  const times = sampleTimes(startMs, endMs, tcaMs, periodMs);
  const points = new Float32Array(3 * times.length);
  const kept: number[] = [];
  for (const t of times) {
    const s = track.state(t);
    if (!s) continue; // a gap between segments
    temeToScene(s.r[0], s.r[1], s.r[2], 1, 0, points, 3 * kept.length);
    kept.push(t);
  }
  return {
    planId,
    points: points.slice(0, 3 * kept.length),
    times: Float64Array.from(kept),
    positionAt: (t) => {
      const s = track.state(t);
      return s ? s.r : null;
    },
  };
}
