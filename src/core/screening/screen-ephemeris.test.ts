/**
 * screenEphemerisTrack: an OEM's covariance becomes the primary's for the Pc. The 2D Pc of the
 * approach is checked against an independent computation written here from the definition (Foster
 * & Estes 1992; Chan 2008 §3): the two position covariances at TCA (the OEM's RTN block rotated by
 * the RTN axes of the primary's state, and the secondary's element-set model) summed, projected on
 * the plane normal to the relative velocity, and the Gaussian integrated over the hard-body disk by
 * a polar midpoint rule — no code of core/probability's Pc in the loop.
 */
import { describe, expect, it } from 'vitest';
import { parseElementSets, type ElementSet } from '../elements/index.ts';
import { oemTrack, readOem, writeOem } from '../ephemeris/index.ts';
import { defaultCovarianceForElementSet, elementSetCovariance6 } from '../probability/index.ts';
import { createSgp4, propagateAt } from '../propagation/index.ts';
import { utcMs } from '../units.ts';
import { screenEphemerisTrack } from './screen-ephemeris.ts';
import { TECHSAT_PAIR_3LE } from './techsat-pair.test-support.ts';

const CATALOG = TECHSAT_PAIR_3LE;
const START = Date.UTC(2023, 9, 9);
const END = Date.UTC(2023, 9, 15);
// The OEM's RTN covariance: 1.5 km radial, 15 km in-track, 1.5 km cross-track (σ²: km²; large, so that the 3.9 km miss has a Pc near 1e-6), velocities 0.1/1/0.05 m/s.
const SIGMA_RTN_M = [1500, 15000, 1500];

type V3 = [number, number, number];
const sub = (a: readonly number[], b: readonly number[]): V3 => [a[0]! - b[0]!, a[1]! - b[1]!, a[2]! - b[2]!];
const dot = (a: readonly number[], b: readonly number[]) => a[0]! * b[0]! + a[1]! * b[1]! + a[2]! * b[2]!;
const cross = (a: readonly number[], b: readonly number[]): V3 => [a[1]! * b[2]! - a[2]! * b[1]!, a[2]! * b[0]! - a[0]! * b[2]!, a[0]! * b[1]! - a[1]! * b[0]!];
const unit = (a: readonly number[]): V3 => {
  const n = Math.hypot(a[0]!, a[1]!, a[2]!);
  return [a[0]! / n, a[1]! / n, a[2]! / n];
};
/** uᵀ C w for the 3×3 position block of C. */
const form = (c: readonly (readonly number[])[], u: readonly number[], w: readonly number[]) => {
  let s = 0;
  for (let i = 0; i < 3; i++) for (let j = 0; j < 3; j++) s += u[i]! * c[i]![j]! * w[j]!;
  return s;
};

function fixture() {
  const sets = parseElementSets(CATALOG).sets;
  const own = sets[0]!;
  const model = createSgp4(own);
  const states = [];
  for (let t = START - 3_600_000; t <= END + 3_600_000; t += 60_000) {
    const s = propagateAt(model, utcMs(t));
    if (!s.ok) throw new Error(s.message);
    states.push({ epoch: utcMs(t), r: [s.r[0], s.r[1], s.r[2]] as const, v: [s.v[0], s.v[1], s.v[2]] as const });
  }
  let text = writeOem([{ objectName: 'TECHSAT 1B', objectId: '1998-043D', refFrame: 'TEME', states, interpolation: { method: 'LAGRANGE', degree: 7 } }], { creationDate: utcMs(START), originator: 'TEST' });
  const rows = [`${(SIGMA_RTN_M[0]! / 1000) ** 2}`, `0 ${(SIGMA_RTN_M[1]! / 1000) ** 2}`, `0 0 ${(SIGMA_RTN_M[2]! / 1000) ** 2}`, '0 0 0 1.0e-8', '0 0 0 0 1.0e-6', '0 0 0 0 0 2.5e-9'];
  const blocks: string[] = ['COVARIANCE_START'];
  for (let t = START - 3_600_000; t <= END; t += 6 * 3_600_000) blocks.push(`EPOCH = ${new Date(t).toISOString().replace('Z', '')}`, 'COV_REF_FRAME = RTN', ...rows);
  blocks.push('COVARIANCE_STOP');
  text = `${text.trimEnd()}\n${blocks.join('\n')}\n`;
  return { own, model, sets, track: oemTrack(readOem(text)) };
}

/** P(|x| < R) for x ~ N(m, C) in the plane, by a polar midpoint rule on the disk. */
function diskProbability(m: readonly [number, number], c: readonly [number, number, number], radius: number): number {
  const [sxx, sxy, syy] = c;
  const det = sxx * syy - sxy * sxy;
  const [ixx, ixy, iyy] = [syy / det, -sxy / det, sxx / det];
  const nr = 600;
  const nt = 720;
  let sum = 0;
  for (let i = 0; i < nr; i++) {
    const r = ((i + 0.5) / nr) * radius;
    for (let j = 0; j < nt; j++) {
      const th = ((j + 0.5) / nt) * 2 * Math.PI;
      const dx = r * Math.cos(th) - m[0];
      const dy = r * Math.sin(th) - m[1];
      sum += Math.exp(-0.5 * (ixx * dx * dx + 2 * ixy * dx * dy + iyy * dy * dy)) * r;
    }
  }
  return (sum * (radius / nr) * ((2 * Math.PI) / nt)) / (2 * Math.PI * Math.sqrt(det));
}

describe('screenEphemerisTrack', () => {
  it("takes the OEM's RTN covariance for the primary: the 2D Pc matches an independent encounter-plane integration", () => {
    const { own, model, sets, track } = fixture();
    const setOf = new Map<number, ElementSet>(sets.map((s) => [s.norad, s]));
    const typeOf = (norad: number): 'payload' | 'debris' => (norad === own.norad ? 'payload' : 'debris');
    const out = screenEphemerisTrack({
      own,
      ownModel: model,
      track,
      secondaries: sets.slice(1).map((s) => ({ norad: s.norad, model: createSgp4(s) })),
      setOf: (n) => setOf.get(n),
      window: { start: START, end: END },
      thresholdKm: 10,
      objectType: typeOf,
      label: 'OEM test.oem',
    });
    expect(out.conjunctions.length).toBeGreaterThan(0);
    expect(out.maxDeviationKm).toBeLessThan(0.2);
    let checked = 0;
    for (const { approach: a, risk } of out.conjunctions) {
      expect(a.primary).toBe(own.norad);
      expect(risk.covariance).toBe('OEM test.oem (primary), element-set model (secondary)');
      // The primary's covariance, built here: diag(σ_R², σ_T², σ_N²) in the RTN axes of its state at TCA.
      const rHat = unit(a.primaryState.r);
      const nHat = unit(cross(a.primaryState.r, a.primaryState.v));
      const tHat = cross(nHat, rHat);
      const axes = [rHat, tHat, nHat];
      const pPrimary = [0, 1, 2].map((i) => [0, 1, 2].map((j) => axes.reduce((s, e, k) => s + e[i]! * SIGMA_RTN_M[k]! ** 2 * e[j]!, 0)));
      const secondary = setOf.get(a.secondary)!;
      const sig = defaultCovarianceForElementSet(secondary, 'debris', utcMs(a.tca)).sigmas;
      const m = (v: readonly number[]): V3 => [v[0]! * 1000, v[1]! * 1000, v[2]! * 1000];
      const pSecondary = elementSetCovariance6(sig, m(a.secondaryState.r), m(a.secondaryState.v));
      const combined = [0, 1, 2].map((i) => [0, 1, 2].map((j) => pPrimary[i]![j]! + pSecondary[i]![j]!));
      // Encounter plane: z along the relative velocity, x along the miss's component normal to it.
      const dr = m(sub(a.secondaryState.r, a.primaryState.r));
      const zHat = unit(sub(a.secondaryState.v, a.primaryState.v));
      const xHat = unit(sub(dr, zHat.map((z) => z * dot(dr, zHat))));
      const yHat = cross(zHat, xHat);
      const miss: [number, number] = [dot(dr, xHat), dot(dr, yHat)];
      const pc = diskProbability(miss, [form(combined, xHat, xHat), form(combined, xHat, yHat), form(combined, yHat, yHat)], risk.hbrM);
      if (pc < 1e-12) continue;
      checked += 1;
      expect(risk.pc2d).not.toBeNull();
      expect(Math.abs(risk.pc2d! - pc) / pc, `TCA ${new Date(a.tca).toISOString()} miss ${a.missDistanceKm} km`).toBeLessThan(1e-6);
    }
    expect(checked).toBeGreaterThan(0);
  }, 60_000);
});
