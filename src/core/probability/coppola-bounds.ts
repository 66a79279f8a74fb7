/**
 * Coppola's conjunction time bounds for a rectilinear encounter (V. T. Coppola 2012b, "Evaluating
 * the Short Encounter Assumption of the Probability of Collision Formula", AAS 12-248, eqs. 12–16;
 * NASA CARA_Analysis_Tools conj_bounds_Coppola.m).
 */
import { erfcinv } from './erfc-inverse.ts';
import { multiply, transpose, type Matrix, type Vector } from './linear-algebra.ts';

/**
 * Coppola's linear-trajectory conjunction bounds (C12b eqs. 12–16; CARA conj_bounds_Coppola.m):
 * the times, relative to TCA, between which a fraction 1 − γ of the collision probability of a
 * rectilinear encounter accrues. r, v: relative state; c: relative 3×3 (or 6×6) covariance.
 */
export function coppolaBounds(gamma: number, hbr: number, r: Vector, v: Vector, c: Matrix): { tau0: number; tau1: number } {
  const v0 = Math.hypot(v[0]!, v[1]!, v[2]!);
  if (v0 < 100 * Number.EPSILON) return { tau0: -Infinity, tau1: Infinity };
  const x = v.map((c_) => c_ / v0);
  const xr = x[0]! * r[0]! + x[1]! * r[1]! + x[2]! * r[2]!;
  let y = r.map((ri, i) => ri - x[i]! * xr);
  if (!(Math.hypot(y[0]!, y[1]!, y[2]!) > 0)) {
    // r parallel to v (or r = 0, a direct hit): any direction across v serves, since q0 = 0 and
    // bᵀb, bᵀw are unchanged by a rotation about x. Take the axis least aligned with x.
    const ax = Math.abs(x[0]!);
    const ay = Math.abs(x[1]!);
    const az = Math.abs(x[2]!);
    const e = ax <= ay && ax <= az ? [1, 0, 0] : ay <= az ? [0, 1, 0] : [0, 0, 1];
    const xe = x[0]! * e[0]! + x[1]! * e[1]! + x[2]! * e[2]!;
    y = e.map((ei, i) => ei - x[i]! * xe);
  }
  const yn = Math.hypot(y[0]!, y[1]!, y[2]!);
  y = y.map((yi) => yi / yn);
  const z = [x[1]! * y[2]! - x[2]! * y[1]!, x[2]! * y[0]! - x[0]! * y[2]!, x[0]! * y[1]! - x[1]! * y[0]!];
  const rot = [x, y, z];
  const a = c.slice(0, 3).map((row) => row.slice(0, 3));
  const ae = multiply(multiply(rot, a), transpose(rot));
  const rce = rot.map((row) => row[0]! * r[0]! + row[1]! * r[1]! + row[2]! * r[2]!);
  const eta2 = ae[0]![0]!;
  const w = [ae[1]![0]!, ae[2]![0]!];
  const p = [
    [ae[1]![1]!, ae[1]![2]!],
    [ae[2]![1]!, ae[2]![2]!],
  ];
  const det = p[0]![0]! * p[1]![1]! - p[0]![1]! * p[1]![0]!;
  // b = (wᵀ P⁻¹)ᵀ.
  const b = [(w[0]! * p[1]![1]! - w[1]! * p[1]![0]!) / det, (-w[0]! * p[0]![1]! + w[1]! * p[0]![0]!) / det];
  const sv2 = Math.sqrt(Math.max(0, 2 * (eta2 - (b[0]! * w[0]! + b[1]! * w[1]!))));
  const q0 = b[0]! * rce[1]! + b[1]! * rce[2]!;
  const bTb = b[0]! * b[0]! + b[1]! * b[1]!;
  const dmin = -hbr * Math.sqrt(bTb);
  const dmax = hbr * Math.sqrt(1 + bTb);
  const ac = erfcinv(gamma);
  const temp = ac * sv2;
  return { tau0: (-temp + q0 - dmax) / v0, tau1: (temp + q0 - dmin) / v0 };
}

