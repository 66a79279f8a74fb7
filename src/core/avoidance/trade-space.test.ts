/**
 * The trade space on a real CARA event (TERRA vs 37558, Pc 2.12e-2): the grid's linear
 * superposition equals evaluateBurn's full propagation; the minimum Δv is a root (the Pc at it is
 * at the target, just below it is above); the best direction does at least as well as every axis;
 * the trust-region solution against a brute-force search over the sphere.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CARA_CDM_DIR } from '../../../tests/reference/index.ts';
import { estimateFromCdm } from '../cdm/message-estimate.ts';
import { readCdm } from '../cdm/read.ts';
import { avoidanceModel, evaluateBurn } from './plan.ts';
import { leadBasis, mahalanobisQuadratic, maximiseOnSphere, minimumDv, outcomeOf, tradeSpace } from './trade-space.ts';

const cdm = readCdm(readFileSync(`${CARA_CDM_DIR}000025994_conj_000037558_20210324_151047_20210323_154356.cdm`, 'utf8'));
const e = estimateFromCdm(cdm, { defaultHbrM: 20 });
const model = avoidanceModel(
  {
    primary: { rM: e.primary.rM, vMPerS: e.primary.vMPerS, cov: e.primary.covariance },
    secondary: { rM: e.secondary.rM, vMPerS: e.secondary.vMPerS, cov: e.secondary.covariance },
    hbrM: e.hbrM,
  },
  { maxLeadS: 3 * 6000 },
);

describe('trade space', () => {
  it('gives each cell what a full propagation of that burn gives (miss within 0.5 m at 0.2 m/s)', () => {
    const lead = 1.2 * model.periodS;
    const basis = leadBasis(model, lead);
    for (const [dir, dv] of [
      ['T', 0.2],
      ['-R', 0.15],
      ['N', 0.2],
    ] as const) {
      const grid = outcomeOf(model, basis, dir, dv).outcome;
      const full = evaluateBurn(model, { leadS: lead, dvRtnMps: [dir === '-R' ? -dv : 0, dir === 'T' ? dv : 0, dir === 'N' ? dv : 0] });
      expect(Math.abs(grid.missM - full.missM), dir).toBeLessThan(0.5);
      expect(Math.abs(grid.tcaShiftS - full.tcaShiftS), dir).toBeLessThan(1e-3);
    }
  });

  it('lays out lead × Δv with Pc and miss, and the Pc falls with an along-track burn', () => {
    const leads = [0.5, 1, 1.5].map((k) => k * model.periodS);
    const space = tradeSpace(model, { leadTimesS: leads, dvMagnitudesMps: [0, 0.05, 0.1, 0.2], direction: 'T', targets: [1e-4, 1e-6] });
    expect(space.cells).toHaveLength(3);
    expect(space.cells[0]).toHaveLength(4);
    // No burn: the event as it is.
    for (const row of space.cells) expect(Math.abs(row[0]!.pc! / e.assessment.collisionProbability! - 1)).toBeLessThan(1e-4);
    // Larger and earlier along-track burns move the pair further apart.
    expect(space.cells[2]![3]!.missM).toBeGreaterThan(space.cells[0]![3]!.missM);
    expect(space.cells[2]![3]!.pc!).toBeLessThan(1e-6);
    expect(space.minimumDv).toHaveLength(6);
  });

  it('finds the minimum Δv by root search: at the target there, above it just below', () => {
    const lead = model.periodS;
    const basis = leadBasis(model, lead);
    for (const target of [1e-4, 1e-6, 1e-7]) {
      const m = minimumDv(model, basis, 'T', target, 1);
      expect(m.dvMps, `target ${target}`).not.toBeNull();
      expect(m.pc!).toBeLessThanOrEqual(target);
      const below = outcomeOf(model, basis, 'T', m.dvMps! * (1 - 2e-4)).outcome.assessment.collisionProbability!;
      expect(below, `target ${target}`).toBeGreaterThan(target);
    }
    // Unreachable within the cap: null.
    expect(minimumDv(model, basis, 'T', 1e-7, 1e-4).dvMps).toBeNull();
  });

  it('needs no more Δv in the best direction than along any axis', () => {
    const lead = 0.75 * model.periodS;
    const basis = leadBasis(model, lead);
    const best = minimumDv(model, basis, 'best', 1e-6, 2);
    for (const dir of ['R', 'T', 'N', '-R', '-T', '-N'] as const) {
      const axis = minimumDv(model, basis, dir, 1e-6, 2);
      if (axis.dvMps !== null) expect(best.dvMps!, dir).toBeLessThanOrEqual(axis.dvMps * (1 + 1e-3));
    }
  });

  it('solves the sphere-constrained maximisation as a brute-force search over directions does', () => {
    const { a, b } = mahalanobisQuadratic(model, leadBasis(model, 0.6 * model.periodS));
    const f = (x: number[]) => {
      let s = 0;
      for (let i = 0; i < 3; i += 1) {
        s += 2 * b[i]! * x[i]!;
        for (let j = 0; j < 3; j += 1) s += x[i]! * a[i]![j]! * x[j]!;
      }
      return s;
    };
    for (const delta of [0.001, 0.05, 0.5]) {
      const u = maximiseOnSphere(a, b, delta);
      const got = f(u.map((x) => x * delta));
      let brute = -Infinity;
      for (let i = 0; i <= 180; i += 1) {
        for (let j = 0; j < 360; j += 1) {
          const th = (i * Math.PI) / 180;
          const ph = (j * Math.PI) / 180;
          brute = Math.max(brute, f([Math.sin(th) * Math.cos(ph) * delta, Math.sin(th) * Math.sin(ph) * delta, Math.cos(th) * delta]));
        }
      }
      expect(got, `δ = ${delta}`).toBeGreaterThanOrEqual(brute - 1e-6 * Math.abs(brute));
    }
    // The hard case: no linear term; the top eigenvector.
    const u = maximiseOnSphere([[2, 0, 0], [0, 5, 0], [0, 0, 1]], [0, 0, 0], 1);
    expect(Math.abs(u[1])).toBeCloseTo(1, 12);
  });
});
