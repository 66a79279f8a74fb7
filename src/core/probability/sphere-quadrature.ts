/**
 * Quadrature over the unit sphere for the 3D-Nc collision rate (pc3d.ts).
 *
 * CARA's Pc3D_Hall integrates with the 5810-point Lebedev rule (degree 131; Lebedev & Laikov 1999,
 * Doklady Mathematics 59(3)). We use product rules instead: Gauss–Legendre in u = cos θ on each
 * hemisphere times the trapezoid rule in φ, whose nodes are computed here (Newton iteration on
 * the Legendre recurrence, Press et al., Numerical Recipes 3rd ed., §4.6 `gauleg`) instead of
 * copied from a table. Split at the equator, a rule whose pole lies along the relative velocity
 * integrates the flux factor's kink exactly (see hemisphereRule). Weights sum to 4π.
 */

export interface SphereRule {
  /** Unit vectors, x y z interleaved (length 3·count). */
  readonly points: Float64Array;
  /** Weights (sum 4π). */
  readonly weights: Float64Array;
  readonly count: number;
  /** Exact for spherical polynomials up to this degree. */
  readonly degree: number;
}

/** Gauss–Legendre nodes and weights on [−1, 1]. */
export function gaussLegendre(n: number): { nodes: Float64Array; weights: Float64Array } {
  const nodes = new Float64Array(n);
  const weights = new Float64Array(n);
  const m = Math.floor((n + 1) / 2);
  for (let i = 0; i < m; i += 1) {
    let z = Math.cos((Math.PI * (i + 0.75)) / (n + 0.5));
    let pp = 0;
    for (let iter = 0; iter < 100; iter += 1) {
      let p1 = 1;
      let p2 = 0;
      for (let j = 0; j < n; j += 1) {
        const p3 = p2;
        p2 = p1;
        p1 = ((2 * j + 1) * z * p2 - j * p3) / (j + 1);
      }
      pp = (n * (z * p1 - p2)) / (z * z - 1);
      const z1 = z;
      z = z1 - p1 / pp;
      if (Math.abs(z - z1) <= 1e-15) break;
    }
    nodes[i] = -z;
    nodes[n - 1 - i] = z;
    const w = 2 / ((1 - z * z) * pp * pp);
    weights[i] = w;
    weights[n - 1 - i] = w;
  }
  return { nodes, weights };
}

/**
 * A rule whose pole is the local +z axis, split at the equator: Gauss–Legendre in u = cos θ on
 * [−1, 0] and on [0, 1] (`nU` nodes each) times the trapezoid rule in φ (`nPhi` angles). The
 * 3D-Nc flux factor ν(r̂) → max(0, −v·r̂) has a kink on the great circle v·r̂ = 0 when the
 * conditional velocity dispersion is small (C12a eq. 39); with the pole along v that circle is the
 * equator, so each half is smooth and the rule converges spectrally instead of algebraically.
 * pc3d.ts rotates each integrand into this frame.
 */
export function hemisphereRule(nU: number, nPhi: number): SphereRule {
  const { nodes, weights: wu } = gaussLegendre(nU);
  const count = 2 * nU * nPhi;
  const points = new Float64Array(3 * count);
  const weights = new Float64Array(count);
  const dPhi = (2 * Math.PI) / nPhi;
  let k = 0;
  for (const half of [-1, 1]) {
    for (let i = 0; i < nU; i += 1) {
      // [−1, 1] → [0, 1] or [−1, 0]: u = half·(x + 1)/2, weight halved.
      const u = (half * (nodes[i]! + 1)) / 2;
      const s = Math.sqrt(Math.max(0, 1 - u * u));
      for (let j = 0; j < nPhi; j += 1) {
        // Half-step offset in φ so that no node sits on the x–z plane.
        const phi = (j + 0.5) * dPhi;
        points[3 * k] = s * Math.cos(phi);
        points[3 * k + 1] = s * Math.sin(phi);
        points[3 * k + 2] = u;
        weights[k] = 0.5 * wu[i]! * dPhi;
        k += 1;
      }
    }
  }
  return { points, weights, count, degree: 2 * nU - 1 };
}
