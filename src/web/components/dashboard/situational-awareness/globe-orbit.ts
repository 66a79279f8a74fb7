/**
 * One object's orbit for the 3D view in time (/visualization, issue 14): the path SGP4 gives over
 * one orbital period centred on a simulated time, in the scene's axes at GMST 0 (TEME, not yet
 * turned to Earth-fixed). The scene draws it as a closed line and turns it about the pole by the
 * GMST of the time the points on the globe are drawn for (GlobeScene), i.e. every sample is
 * converted with the GMST of the *current* time: the inertial orbit as it lies around the Earth
 * now, a closed ellipse (precessing slowly with J2), as KeepTrack draws orbits
 * (https://github.com/thkruz/keeptrack.space: its orbit cruncher web worker propagates the selected
 * object with SGP4 over one period and the line is drawn in the inertial frame). Sampling the
 * Earth-fixed path instead would draw a ground-track-like spiral that does not close.
 *
 * Worker-side only: it imports satellite.js (whose index has a top-level await for its WASM bulk
 * propagator), which must stay out of the main bundle.
 */
import type { SatRec } from 'satellite.js';
import { sgp4Continued } from '@core/propagation/index.ts';
import { temeToScene } from './globe-math';

/** Samples per period: 1.4° of mean anomaly apart; the chord of a LEO orbit is then within 0.3 km of the arc. */
export const ORBIT_SAMPLES = 256;

/** The orbital period, minutes, from SGP4's (Brouwer) mean motion `no` (rad/min). */
export const orbitPeriodMinutes = (satrec: SatRec) => (2 * Math.PI) / satrec.no;

export interface OrbitSamples {
  /** Scene coordinates at GMST 0 (temeToScene with θ = 0), 3 per sample; samples SGP4 could not give are left out. */
  points: Float32Array;
  /** Unix ms of each sample written. */
  times: Float64Array;
  periodMin: number;
}

/**
 * `samples` positions at t_i = centre + (i / samples − ½)·P, i = 0 … samples−1, P the period:
 * one revolution with the centre time in the middle, so the object drawn at the centre sits on
 * the line and the line closes (the scene draws it as a loop).
 */
export function sampleOrbit(satrec: SatRec, epochMs: number, centreMs: number, samples = ORBIT_SAMPLES): OrbitSamples {
  const periodMin = orbitPeriodMinutes(satrec);
  const stepMs = (periodMin * 60_000) / samples;
  const points = new Float32Array(3 * samples);
  const times = new Float64Array(samples);
  let m = 0;
  for (let i = 0; i < samples; i++) {
    const t = centreMs + (i - samples / 2) * stepMs;
    const pv = sgp4Continued(satrec, (t - epochMs) / 60_000);
    if (!pv || satrec.error !== 0) continue;
    const { x, y, z } = pv.position;
    if (!Number.isFinite(x) || !Number.isFinite(y) || !Number.isFinite(z)) continue;
    temeToScene(x, y, z, 1, 0, points, 3 * m);
    times[m] = t;
    m += 1;
  }
  return { points: points.slice(0, 3 * m), times: times.slice(0, m), periodMin };
}
