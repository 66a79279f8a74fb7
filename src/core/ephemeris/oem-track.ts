/**
 * An OEM as the screener takes a track (issue 28): states in TEME, km and km/s, at any instant of
 * its useable span, and the position-velocity covariance there in TEME, m², m²/s, m²/s².
 *
 * Frames: TEME as given; EME2000 rotated to TEME by the IAU-76/FK5 chain (frames/teme-eme2000.ts,
 * Vallado's teme2eci, the rotation's rate neglected as there); GCRF taken as EME2000 — the frame
 * bias between them is 23 mas (IERS Conventions 2010, §5.5.1: ξ₀ = −16.6 mas, η₀ = −6.8 mas,
 * dα₀ = −14.6 mas), under a metre at LEO, far below an ephemeris' own uncertainty.
 * Covariances given in RTN are rotated by the state's RTN axes at that instant (the CDM's convention,
 * probability/rtn.ts); inertial ones by the same matrix as the states. The covariance at t is the
 * last one given at or before it (oem-interpolate.ts, which says why it does not blend two).
 */
import { apply, temeToEme2000Matrix, transpose, type Matrix3 } from '../frames/index.ts';
import { congruence } from '../probability/linear-algebra.ts';
import { rtnAxes } from '../probability/rtn.ts';
import type { UtcMs } from '../units.ts';
import { utcMs } from '../units.ts';
import { interpolateOemCovariance, interpolateOemSegment } from './oem-interpolate.ts';
import type { Oem, OemSegment } from './oem-model.ts';

export interface TemeKmState {
  readonly r: readonly [number, number, number];
  readonly v: readonly [number, number, number];
}

export interface OemTrack {
  /** The object the OEM is about: OBJECT_ID and OBJECT_NAME of its segments (one object). */
  readonly objectId: string;
  readonly objectName: string;
  /** The instants the track covers: the union of the segments' useable spans (gaps excluded). */
  readonly start: number;
  readonly stop: number;
  readonly covers: (startMs: number, endMs: number) => boolean;
  /** TEME state at t, or undefined outside every segment's useable span. */
  readonly state: (tMs: number) => TemeKmState | undefined;
  /** TEME 6×6 covariance (m², m²/s, m²/s²) at t, or undefined where none is given at or before t. */
  readonly covariance: (tMs: number) => number[][] | undefined;
}

function segmentAt(oem: Oem, t: number): OemSegment | undefined {
  return oem.segments.find((s) => t >= s.span.useableStart && t <= s.span.useableStop);
}

/** The rotation taking components in `frame` to TEME at t (TEME, EME2000, GCRF). */
function toTeme(frame: string, t: number): Matrix3 | null {
  if (frame === 'TEME') return null;
  if (frame === 'EME2000' || frame === 'GCRF') return transpose(temeToEme2000Matrix(utcMs(t)));
  throw new RangeError(`frame ${frame} cannot be taken to TEME (TEME, EME2000 and GCRF can)`);
}

const rotate = (m: Matrix3 | null, x: readonly [number, number, number]): [number, number, number] => (m ? (apply(m, x as [number, number, number]) as unknown as [number, number, number]) : [x[0], x[1], x[2]]);

/** M C Mᵀ with M = blockdiag(m, m), m 3×3 given as rows (components in the source frame → target). */
function congruence6(c: number[][], m: readonly (readonly number[])[]): number[][] {
  const big = [0, 1, 2, 3, 4, 5].map((i) => [0, 1, 2, 3, 4, 5].map((j) => (Math.floor(i / 3) === Math.floor(j / 3) ? m[i % 3]![j % 3]! : 0)));
  return congruence(big, c);
}

/** The OEM as a TEME track (see the file's comment). RangeError for an OEM of several objects or none. */
export function oemTrack(oem: Oem): OemTrack {
  const first = oem.segments[0];
  if (!first) throw new RangeError('the OEM has no segment');
  const objectId = first.metadata.OBJECT_ID ?? '';
  const objectName = first.metadata.OBJECT_NAME ?? '';
  for (const s of oem.segments) {
    if ((s.metadata.OBJECT_ID ?? '') !== objectId) throw new RangeError(`the OEM holds more than one object (${objectId} and ${s.metadata.OBJECT_ID ?? '(none)'})`);
  }
  const spans = oem.segments.map((s) => s.span);
  const start = Math.min(...spans.map((s) => s.useableStart));
  const stop = Math.max(...spans.map((s) => s.useableStop));
  const state = (t: number): TemeKmState | undefined => {
    const seg = segmentAt(oem, t);
    if (!seg) return undefined;
    const at = interpolateOemSegment(seg, t as UtcMs);
    const m = toTeme(at.frame, t);
    return { r: rotate(m, at.r), v: rotate(m, at.v) };
  };
  const covariance = (t: number): number[][] | undefined => {
    const seg = segmentAt(oem, t);
    if (!seg) return undefined;
    const c = interpolateOemCovariance(seg, t as UtcMs);
    if (!c) return undefined;
    const km2 = c.matrix.map((row) => row.map((x) => x * 1e6));
    if (c.frame === 'RTN' || c.frame === 'RSW') {
      const s = state(t);
      if (!s) return undefined;
      // C_inertial = Mᵀ C_rtn M with M's rows the R, T, N axes: rotate by Mᵀ (columns R, T, N).
      const rows = rtnAxes(s.r, s.v);
      const mt = [0, 1, 2].map((i) => [0, 1, 2].map((j) => rows[j]![i]!));
      return congruence6(km2, mt);
    }
    const m = toTeme(c.frame, t);
    return m ? congruence6(km2, m) : km2;
  };
  // Covered when every instant of the window lies in some segment's useable span (segments sorted by start).
  const covers = (a: number, b: number) => {
    const sorted = [...spans].sort((x, y) => x.useableStart - y.useableStart);
    let reached = a;
    for (const s of sorted) {
      if (s.useableStart > reached) break;
      reached = Math.max(reached, s.useableStop);
      if (reached >= b) return true;
    }
    return reached >= b;
  };
  return { objectId, objectName, start, stop, covers, state, covariance };
}
