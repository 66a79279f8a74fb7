/**
 * A close approach found by screening: its time, geometry and both SGP4 states. Plain data (no
 * class, no functions) so that results can cross worker and machine boundaries as JSON.
 *
 * The miss vector is secondary − primary at TCA, resolved in the primary's RTN frame
 * (Vallado, Fundamentals of Astrodynamics and Applications, 4th ed., §3.3, the RSW frame; the RTN
 * of CCSDS 508.0-B-1): R = r/|r|, N = (r × v)/|r × v|, T = N × R.
 */
import type { Sgp4Model } from '../propagation/sgp4.ts';
import { propagateAt } from '../propagation/sgp4.ts';
import { utcMs, type Position, type Teme, type Velocity } from '../units.ts';

export interface TemeState {
  readonly r: Position<Teme>;
  readonly v: Velocity<Teme>;
}

export interface RtnKm {
  readonly radial: number;
  readonly inTrack: number;
  readonly crossTrack: number;
}

export interface CloseApproach {
  /** NORAD ids. */
  readonly primary: number;
  readonly secondary: number;
  /** Time of closest approach, UTC ms (fractional: Brent's method resolves 10 µs). */
  readonly tca: number;
  readonly missDistanceKm: number;
  /** |v_secondary − v_primary| at TCA, km/s. */
  readonly relativeSpeedKmS: number;
  /** Secondary − primary position in the primary's RTN frame at TCA, km. */
  readonly missRtnKm: RtnKm;
  readonly primaryState: TemeState;
  readonly secondaryState: TemeState;
}

type Xyz = readonly [number, number, number];

const dot = (a: Xyz, b: Xyz) => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
const cross = (a: Xyz, b: Xyz): Xyz => [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]];
const unit = (a: Xyz): Xyz => {
  const n = Math.hypot(a[0], a[1], a[2]);
  return [a[0] / n, a[1] / n, a[2] / n];
};

/** Components of `miss` along the R, T, N axes of the state (r, v). */
export function rtnComponents(r: Xyz, v: Xyz, miss: Xyz): RtnKm {
  const R = unit(r);
  const N = unit(cross(r, v));
  const T = cross(N, R);
  return { radial: dot(miss, R), inTrack: dot(miss, T), crossTrack: dot(miss, N) };
}

/** The close approach of two objects at `tca`, from their SGP4 states; undefined if SGP4 fails there. */
export function closeApproachAt(primary: Sgp4Model, secondary: Sgp4Model, tca: number): CloseApproach | undefined {
  const p = propagateAt(primary, utcMs(tca));
  const s = propagateAt(secondary, utcMs(tca));
  if (!p.ok || !s.ok) return undefined;
  const miss: Xyz = [s.r[0] - p.r[0], s.r[1] - p.r[1], s.r[2] - p.r[2]];
  return {
    primary: primary.norad,
    secondary: secondary.norad,
    tca,
    missDistanceKm: Math.hypot(miss[0], miss[1], miss[2]),
    relativeSpeedKmS: Math.hypot(s.v[0] - p.v[0], s.v[1] - p.v[1], s.v[2] - p.v[2]),
    missRtnKm: rtnComponents(p.r, p.v, miss),
    primaryState: { r: p.r, v: p.v },
    secondaryState: { r: s.r, v: s.v },
  };
}
