/**
 * Temperature and density profiles: DENSU (thermosphere: the Bates temperature profile above ZA,
 * a spline in 1/T from ZA down to 72.5 km, and the hydrostatic density on them) and DENSM (the
 * stratosphere/mesosphere and troposphere splines below 72.5 km), with ZETA, the geopotential
 * height difference. Ported from the NRL Fortran release and Brodowski's C release
 * (nrlmsise-00.c, `densu`, `densm`, `zeta`), arithmetic order kept.
 */
import { RGAS, type Gravity } from './gravity.ts';
import { spline, splini, splint } from './spline.ts';

/** A density and the temperature the same call computed (the original returns TZ by pointer). */
export interface DensityAndTemperature {
  /** Density at the altitude, or the temperature itself when called with molecular weight 0. */
  readonly density: number;
  /** Temperature at the altitude, K. */
  readonly temperature: number;
}

/** ZETA: geopotential height of `zz` above `zl`, km. */
export function zeta(re: number, zz: number, zl: number): number {
  return ((zz - zl) * (re + zl)) / (re + zz);
}

/** Spline nodes of a profile segment: altitudes (km) and temperatures (K) at them. */
export interface ProfileNodes {
  readonly z: readonly number[];
  readonly t: readonly number[];
  /** Temperature gradients (K/km) at the first and last node. */
  readonly tg: readonly [number, number];
}

/** The spline in 1/T against normalised geopotential height of one segment, evaluated at `alt`. */
interface SegmentSpline {
  readonly xs: number[];
  readonly ys: number[];
  readonly y2: number[];
  /** Normalised position of the altitude. */
  readonly x: number;
  readonly zgdif: number;
  readonly z1: number;
  readonly t1: number;
  readonly temperature: number;
}

function segmentSpline(re: number, z: number, nodes: ProfileNodes): SegmentSpline {
  const mn = nodes.z.length;
  const z1 = nodes.z[0]!;
  const z2 = nodes.z[mn - 1]!;
  const t1 = nodes.t[0]!;
  const t2 = nodes.t[mn - 1]!;
  const zg = zeta(re, z, z1);
  const zgdif = zeta(re, z2, z1);
  const xs = nodes.z.map((zn) => zeta(re, zn, z1) / zgdif);
  const ys = nodes.t.map((tn) => 1.0 / tn);
  const yd1 = (-nodes.tg[0] / (t1 * t1)) * zgdif;
  const yd2 = (-nodes.tg[1] / (t2 * t2)) * zgdif * ((re + z2) / (re + z1)) ** 2.0;
  const y2 = spline(xs, ys, yd1, yd2);
  const x = zg / zgdif;
  const y = splint(xs, ys, y2, x);
  return { xs, ys, y2, x, zgdif, z1, t1, temperature: 1.0 / y };
}

/** Hydrostatic factor exp(-gamma * integral of 1/T) of a segment, the exponent capped at 50. */
function integratedExponent(gravity: Gravity, xm: number, s: SegmentSpline): number {
  const glb = gravity.gsurf / (1.0 + s.z1 / gravity.re) ** 2.0;
  const gamm = (xm * glb * s.zgdif) / RGAS;
  const yi = splini(s.xs, s.ys, s.y2, s.x);
  const expl = gamm * yi;
  return expl > 50.0 ? 50.0 : expl;
}

/**
 * DENSM: temperature and density below 72.5 km (ZN2(1)). `d0` is the density at 72.5 km, `xm` the
 * molecular weight (0: return the temperature as `density`). `strat` holds the stratosphere /
 * mesosphere nodes (72.5 → 32.5 km), `trop` the troposphere / stratosphere nodes (32.5 → 0 km);
 * `trop` is read only at or below its first node. `tz` is returned unchanged above 72.5 km.
 */
export function densm(
  gravity: Gravity,
  alt: number,
  d0: number,
  xm: number,
  tz: number,
  strat: ProfileNodes,
  trop: ProfileNodes,
): DensityAndTemperature {
  const result = (density: number, temperature: number): DensityAndTemperature => ({
    density: xm === 0.0 ? temperature : density,
    temperature,
  });
  if (alt > strat.z[0]!) return result(d0, tz);

  // Stratosphere / mesosphere temperature
  const zStrat = strat.z[strat.z.length - 1]!;
  const upper = segmentSpline(gravity.re, alt > zStrat ? alt : zStrat, strat);
  let density = d0;
  if (xm !== 0.0) {
    density = density * (upper.t1 / upper.temperature) * Math.exp(-integratedExponent(gravity, xm, upper));
  }
  if (alt > trop.z[0]!) return result(density, upper.temperature);

  // Troposphere / stratosphere temperature
  const lower = segmentSpline(gravity.re, alt, trop);
  if (xm !== 0.0) {
    density = density * (lower.t1 / lower.temperature) * Math.exp(-integratedExponent(gravity, xm, lower));
  }
  return result(density, lower.temperature);
}

/** The thermospheric profile of one DENSU evaluation. */
export interface ThermosphereProfile {
  readonly tinf: number;
  readonly tlb: number;
  /** ZLB, the lower boundary of the Bates profile (PTM(6) = 120 km). */
  readonly zlb: number;
  /** S, the shape parameter of the Bates profile. */
  readonly s2: number;
  /** ZN1: the spline nodes from ZA (first) down to 72.5 km. */
  readonly zn1: readonly number[];
  /** TN1(2..5): temperatures at zn1[1..4]; TN1(1) is the Bates temperature at ZA. */
  readonly tn1: readonly number[];
  /** TGN1(2): the gradient at the last node; TGN1(1) is the Bates gradient at ZA. */
  readonly tgn1Last: number;
}

/**
 * DENSU: temperature and density at `alt` for a species of molecular weight `xm` (0: return the
 * temperature as `density`), density `dlb` at ZLB and thermal diffusion coefficient `alpha`.
 * Above ZA the Bates profile; below it the TN1 spline, whose first node and gradient are the Bates
 * values at ZA (the original writes them into TN1(1), TGN1(1) of the shared arrays; here they are
 * local to the call, which is equivalent because every call sets them before reading).
 */
export function densu(
  gravity: Gravity,
  alt: number,
  dlb: number,
  xm: number,
  alpha: number,
  profile: ThermosphereProfile,
): DensityAndTemperature {
  const { re, gsurf } = gravity;
  const { tinf, tlb, zlb, s2, zn1 } = profile;
  // Joining altitude of the Bates profile and the spline
  const za = zn1[0]!;
  const z = alt > za ? alt : za;
  // Geopotential altitude difference from ZLB
  const zg2 = zeta(re, z, zlb);
  // Bates temperature
  const tt = tinf - (tinf - tlb) * Math.exp(-s2 * zg2);
  const ta = tt;
  let tz = tt;
  let lower: SegmentSpline | undefined;
  if (alt < za) {
    // Temperature gradient at ZA from the Bates profile
    const dta = (tinf - ta) * s2 * ((re + zlb) / (re + za)) ** 2.0;
    const nodes: ProfileNodes = { z: zn1, t: [ta, ...profile.tn1.slice(1)], tg: [dta, profile.tgn1Last] };
    const zLast = zn1[zn1.length - 1]!;
    lower = segmentSpline(re, alt > zLast ? alt : zLast, nodes);
    tz = lower.temperature;
  }
  if (xm === 0) return { density: tz, temperature: tz };

  // Density above ZA
  let glb = gsurf / (1.0 + zlb / re) ** 2.0;
  const gamma = (xm * glb) / (s2 * RGAS * tinf);
  let expl = Math.exp(-s2 * gamma * zg2);
  if (expl > 50.0) expl = 50.0;
  if (tt <= 0) expl = 50.0;
  const densa = dlb * (tlb / tt) ** (1.0 + alpha + gamma) * expl;
  if (alt >= za || lower === undefined) return { density: densa, temperature: tz };

  // Density below ZA
  glb = gsurf / (1.0 + lower.z1 / re) ** 2.0;
  const gamm = (xm * glb * lower.zgdif) / RGAS;
  const yi = splini(lower.xs, lower.ys, lower.y2, lower.x);
  expl = gamm * yi;
  if (expl > 50.0) expl = 50.0;
  if (tz <= 0) expl = 50.0;
  return { density: densa * (lower.t1 / tz) ** (1.0 + alpha) * Math.exp(-expl), temperature: tz };
}
