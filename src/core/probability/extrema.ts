/**
 * Interior and end-point extrema of a sampled function, and their refinement by bisection, as
 * NASA CARA_Analysis_Tools' extrema.m (after C. A. Vargas Aguilera's EXTREMA, MATLAB File
 * Exchange 12275: NaNs ignored, a flat peak reported at its middle sample) and
 * refine_bounded_extrema.m (mode 2: start from given samples, bisect either side of every
 * extremum until the spacing is below an absolute tolerance), used by the 3D-Nc method to find
 * the relative-distance maxima that bound an encounter segment.
 */

export interface Extrema {
  /** Indices (into the input) of the maxima and minima. */
  readonly maxima: number[];
  readonly minima: number[];
}

/**
 * Extrema of `x`. `includeEndpoints`: the first and last samples count as extrema (default true,
 * as extrema.m); `sorted`: maxima by descending value, minima by ascending value.
 */
export function extrema(x: readonly number[], includeEndpoints = true, sorted = false): Extrema {
  const index: number[] = [];
  const xs: number[] = [];
  x.forEach((v, i) => {
    if (!Number.isNaN(v)) {
      index.push(i);
      xs.push(v);
    }
  });
  const nt = xs.length;
  if (nt === 0) return { maxima: [], minima: [] };
  const changes: number[] = [];
  for (let i = 0; i + 1 < nt; i += 1) if (xs[i + 1] !== xs[i]) changes.push(i);
  if (changes.length === 0) return { maxima: [], minima: [] };
  // A flat run is represented by its middle sample.
  const a = [...changes];
  for (let k = 1; k < changes.length; k += 1) {
    const d = changes[k]! - changes[k - 1]!;
    if (d !== 1) a[k] = changes[k]! - Math.floor(d / 2);
  }
  a.push(nt - 1);
  const b = a.slice(1).map((ai, k) => (xs[ai]! - xs[a[k]!]! > 0 ? 1 : 0));
  let imax: number[] = [];
  let imin: number[] = [];
  for (let k = 0; k + 1 < b.length; k += 1) {
    const db = b[k + 1]! - b[k]!;
    if (db === -1) imax.push(a[k + 1]!);
    else if (db === 1) imin.push(a[k + 1]!);
  }
  if (includeEndpoints) {
    if (imax.length === 0 && imin.length === 0) {
      if (xs[0]! > xs[nt - 1]!) {
        imax = [0];
        imin = [nt - 1];
      } else if (xs[0]! < xs[nt - 1]!) {
        imax = [nt - 1];
        imin = [0];
      }
    } else if (imax.length === 0) {
      imax = [0, nt - 1];
    } else if (imin.length === 0) {
      imin = [0, nt - 1];
    } else {
      if (imax[0]! < imin[0]!) imin.unshift(0);
      else imax.unshift(0);
      if (imax[imax.length - 1]! > imin[imin.length - 1]!) imin.push(nt - 1);
      else imax.push(nt - 1);
    }
  }
  if (sorted) {
    imax = imax.map((i, k) => ({ i, k })).sort((p, q) => xs[q.i]! - xs[p.i]! || p.k - q.k).map((p) => p.i);
    imin = imin.map((i, k) => ({ i, k })).sort((p, q) => xs[p.i]! - xs[q.i]! || p.k - q.k).map((p) => p.i);
  }
  return { maxima: imax.map((i) => index[i]!), minima: imin.map((i) => index[i]!) };
}

/** MATLAB's eps(x): the spacing of doubles at |x|. */
export function spacing(x: number): number {
  const ax = Math.abs(x);
  if (ax === 0) return Number.MIN_VALUE;
  return 2 ** (Math.floor(Math.log2(ax)) - 52);
}

/**
 * The interior maxima of f, starting from samples (t, y) sorted by t, refined by bisection until
 * both neighbours of every maximum are within `tolX` (refine_bounded_extrema.m, mode 2,
 * extrema_types = 2, no y tolerance, no end points). Returns the maxima's abscissae.
 */
export function refineMaxima(f: (t: number) => number, t0: readonly number[], y0: readonly number[], tolX: number, maxBisections = 100): { maxima: number[]; converged: boolean } {
  let t = [...t0];
  let y = [...y0];
  let converged = false;
  let maxima: number[];
  for (let nBisect = 0; ; ) {
    maxima = extrema(y, false).maxima;
    if (maxima.length === 0) {
      converged = true;
      break;
    }
    const n = t.length;
    const fresh: number[] = [];
    let tiny = false;
    for (const i of maxima) {
      const mid = Math.max(1, Math.min(n - 2, i));
      const lo = mid - 1;
      const hi = mid + 1;
      const dLo = t[mid]! - t[lo]!;
      const dHi = t[hi]! - t[mid]!;
      if (dLo <= Math.max(spacing(t[mid]!), spacing(t[lo]!))) tiny = true;
      if (dLo > tolX) fresh.push((t[mid]! + t[lo]!) / 2);
      if (dHi <= Math.max(spacing(t[mid]!), spacing(t[hi]!))) tiny = true;
      if (dHi > tolX) fresh.push((t[mid]! + t[hi]!) / 2);
    }
    if (fresh.length === 0) {
      converged = true;
      break;
    }
    if (tiny) break;
    const unique = [...new Set(fresh)].sort((p, q) => p - q);
    const merged = [...t.map((ti, k) => ({ ti, yi: y[k]! })), ...unique.map((ti) => ({ ti, yi: f(ti) }))].sort((p, q) => p.ti - q.ti);
    t = merged.map((p) => p.ti);
    y = merged.map((p) => p.yi);
    nBisect += 1;
    if (nBisect > maxBisections) {
      maxima = extrema(y, false).maxima;
      break;
    }
  }
  return { maxima: maxima.map((i) => t[i]!), converged };
}
