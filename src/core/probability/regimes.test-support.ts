/**
 * Encounters built for the Monte Carlo verification of 3D-Nc (pc-monte-carlo.test.ts,
 * scripts/bench-pc-mc.ts), one per regime where the 2D method's assumptions fail to different
 * degrees. Each is built from a primary orbit (two-body, Keplerian elements) and the secondary's
 * offset from it at TCA in the primary's RTN frame; covariances are diagonal in each object's own
 * RTN frame (position σ in m, velocity σ in m/s) and rotated to inertial (6×6, blocks rotated alike).
 * Units: metres, m/s, m².
 */
import { MU_M3_S2 } from './equinoctial.ts';
import type { PcAssessmentInput } from './pc-multistep.ts';
import { rtnAxes } from './rtn.ts';
import type { Vector3 } from './vector3.ts';

export interface Regime {
  readonly id: string;
  readonly description: string;
  readonly input: PcAssessmentInput;
}

const DEG = Math.PI / 180;

/** The state at true anomaly ν of the orbit (a, e, i, Ω, ω), m and m/s (Vallado Algorithm 10, COE2RV). */
export function stateFromElements(aM: number, e: number, iDeg: number, raanDeg: number, argpDeg: number, nuDeg: number): { r: Vector3; v: Vector3 } {
  const p = aM * (1 - e * e);
  const nu = nuDeg * DEG;
  const rPqw = [(p * Math.cos(nu)) / (1 + e * Math.cos(nu)), (p * Math.sin(nu)) / (1 + e * Math.cos(nu)), 0];
  const k = Math.sqrt(MU_M3_S2 / p);
  const vPqw = [-k * Math.sin(nu), k * (e + Math.cos(nu)), 0];
  const [O, i, w] = [raanDeg * DEG, iDeg * DEG, argpDeg * DEG];
  const m = [
    [Math.cos(O) * Math.cos(w) - Math.sin(O) * Math.sin(w) * Math.cos(i), -Math.cos(O) * Math.sin(w) - Math.sin(O) * Math.cos(w) * Math.cos(i), Math.sin(O) * Math.sin(i)],
    [Math.sin(O) * Math.cos(w) + Math.cos(O) * Math.sin(w) * Math.cos(i), -Math.sin(O) * Math.sin(w) + Math.cos(O) * Math.cos(w) * Math.cos(i), -Math.cos(O) * Math.sin(i)],
    [Math.sin(w) * Math.sin(i), Math.cos(w) * Math.sin(i), Math.cos(i)],
  ];
  const rot = (x: number[]): Vector3 => [0, 1, 2].map((row) => m[row]![0]! * x[0]! + m[row]![1]! * x[1]! + m[row]![2]! * x[2]!) as unknown as Vector3;
  return { r: rot(rPqw), v: rot(vPqw) };
}

/**
 * A 6×6 inertial covariance from RTN sigmas (position m, velocity m/s) of the state (r, v), with the
 * in-track position correlated with the radial velocity (ρ = −0.6; an along-track error grows out of
 * a radial-velocity error, so propagated covariances carry this correlation).
 */
export function rtnCovariance6(r: Vector3, v: Vector3, posSigmaM: Vector3, velSigmaMPerS: Vector3, rho = -0.6): number[][] {
  const axes = rtnAxes(r, v);
  // RTN covariance, then C = M C_rtn Mᵀ with M = blockdiag([R T N], [R T N]).
  const sig = [...posSigmaM, ...velSigmaMPerS];
  const rtn = Array.from({ length: 6 }, (_, i) => Array.from({ length: 6 }, (__, j) => (i === j ? sig[i]! * sig[i]! : 0)));
  rtn[1]![3] = rtn[3]![1] = rho * sig[1]! * sig[3]!;
  const m = (i: number, k: number) => (Math.floor(i / 3) === Math.floor(k / 3) ? axes[k % 3]![i % 3]! : 0);
  const out = Array.from({ length: 6 }, () => new Array<number>(6).fill(0));
  for (let i = 0; i < 6; i += 1) {
    for (let j = 0; j < 6; j += 1) {
      let s = 0;
      for (let k = 0; k < 6; k += 1) for (let l = 0; l < 6; l += 1) s += m(i, k) * rtn[k]![l]! * m(j, l);
      out[i]![j] = s;
    }
  }
  return out;
}

/** The secondary at an RTN offset (m, m/s) from the primary (r, v). */
function offset(r: Vector3, v: Vector3, dRtnM: Vector3, dvRtnMPerS: Vector3): { r: Vector3; v: Vector3 } {
  const axes = rtnAxes(r, v);
  const at = (base: Vector3, d: Vector3): Vector3 => [0, 1, 2].map((i) => base[i]! + axes[0][i]! * d[0] + axes[1][i]! * d[1] + axes[2][i]! * d[2]) as unknown as Vector3;
  return { r: at(r, dRtnM), v: at(v, dvRtnMPerS) };
}

function regime(id: string, description: string, primary: { r: Vector3; v: Vector3 }, secondary: { r: Vector3; v: Vector3 }, sig1: [Vector3, Vector3], sig2: [Vector3, Vector3], hbrM: number): Regime {
  return {
    id,
    description,
    input: {
      r1M: primary.r,
      v1MPerS: primary.v,
      cov1: rtnCovariance6(primary.r, primary.v, sig1[0], sig1[1]),
      r2M: secondary.r,
      v2MPerS: secondary.v,
      cov2: rtnCovariance6(secondary.r, secondary.v, sig2[0], sig2[1]),
      hbrM,
    },
  };
}

const LEO = stateFromElements(7_000e3, 0.001, 98, 30, 40, 10);
const GEO = stateFromElements(42_164e3, 0.0002, 0.05, 80, 0, 0);
const HEO = stateFromElements(26_600e3, 0.72, 63.4, 120, 270, 20);

export const REGIMES: readonly Regime[] = [
  regime(
    'leo-crossing',
    'LEO, a near head-on crossing at 14 km/s, 60 m radial miss',
    LEO,
    { r: offset(LEO.r, LEO.v, [60, 0, 0], [0, 0, 0]).r, v: stateFromElements(7_060e3, 0.0015, 82, 210, 120, 250).v },
    [
      [40, 200, 30],
      [0.2, 0.04, 0.03],
    ],
    [
      [80, 400, 60],
      [0.4, 0.08, 0.06],
    ],
    15,
  ),
  regime(
    'leo-co-orbital',
    'LEO co-orbital, 0.8 m/s relative speed (formation-like slow pass)',
    LEO,
    offset(LEO.r, LEO.v, [25, 0, 15], [0, 0.8, -0.05]),
    [
      [15, 60, 10],
      [0.06, 0.015, 0.01],
    ],
    [
      [20, 90, 15],
      [0.09, 0.02, 0.015],
    ],
    10,
  ),
  regime(
    'geo-co-located',
    'GEO near co-located, 3 cm/s relative speed',
    GEO,
    offset(GEO.r, GEO.v, [12, 0, 8], [0.01, 0.03, 0]),
    [
      [30, 120, 25],
      [0.008, 0.002, 0.002],
    ],
    [
      [40, 200, 30],
      [0.012, 0.003, 0.003],
    ],
    20,
  ),
  regime(
    'heo-pass',
    'HEO (Molniya-like, e = 0.72) pass near perigee at 1.3 km/s',
    HEO,
    offset(HEO.r, HEO.v, [30, 0, -20], [0, -900, 950]),
    [
      [25, 150, 20],
      [0.15, 0.03, 0.03],
    ],
    [
      [50, 300, 40],
      [0.3, 0.05, 0.05],
    ],
    12,
  ),
  regime(
    'multi-orbit',
    'LEO near-identical orbits drifting at 1 mm/s: the encounter spans more than one orbit',
    LEO,
    offset(LEO.r, LEO.v, [3, 0, 2], [0, 0.001, 0]),
    [
      [2, 6, 2],
      [0.004, 0.001, 0.001],
    ],
    [
      [2, 6, 2],
      [0.004, 0.001, 0.001],
    ],
    5,
  ),
  regime(
    'identical-orbits',
    'Identical orbits (zero miss, zero relative velocity), uncertainty only',
    LEO,
    LEO,
    [
      [8, 30, 6],
      [0.03, 0.008, 0.006],
    ],
    [
      [8, 30, 6],
      [0.03, 0.008, 0.006],
    ],
    10,
  ),
];
