/**
 * Every case of tests/reference/pc/pc_cases.json (36 conjunctions from NASA CARA's tools and
 * Alfano 2009; see its README) at the README's tolerances:
 * - Pc2D within 1e-6 relative of expected.pc2d (CARA PcCircle; for the CDM cases after moving the
 *   states to the exact TCA, which is what a projecting implementation computes);
 * - the HBR sweep at HBR ≥ 1000 m against expected.pc2d_exact_independent (1e-6), and within
 *   1e-3 of CARA, whose 64-point quadrature is off by up to 3e-4 there;
 * - the source tolerances too: 1e-3 against Alfano's 2009 linear values and CARA's Pc2D_Foster;
 * - the CDMs' own miss distance and relative speed.
 * Units are converted per case (the Omitron case is in km, km/s, km²).
 */
import { describe, expect, it } from 'vitest';
import { inMetres, PC_CASES as cases, type PcCase as Case } from './pc-cases.test-support.ts';
import { pc2d } from './pc2d.ts';

/** The case's Pc2D at a given HBR, in metres. */
function metres(c: Case) {
  const m = inMetres(c);
  return (hbrM: number) => pc2d({ r1M: m.r1M, v1MPerS: m.v1MPerS, cov1M2: m.cov1, r2M: m.r2M, v2MPerS: m.v2MPerS, cov2M2: m.cov2, hbrM });
}

const rel = (a: number | null, b: number) => Math.abs((a as number) / b - 1);
const group = (prefix: string) => cases.filter((c) => c.id.startsWith(prefix));

function report(name: string, errors: { id: string; error: number }[]) {
  const worst = errors.reduce((w, e) => (e.error > w.error ? e : w), { id: '-', error: 0 });
  console.log(`[pc-cases.test] ${name}: ${errors.length} values, worst relative error ${worst.error.toExponential(2)} (${worst.id})`);
  return worst.error;
}

describe('Pc2D on tests/reference/pc/pc_cases.json', () => {
  it('has the 36 cases the README lists', () => {
    expect(cases).toHaveLength(36);
  });

  it('Alfano 2009 test cases: CARA PcCircle within 1e-6, Alfano’s linear values within 1e-3', () => {
    const alfano = group('alfano2009_');
    expect(alfano).toHaveLength(6);
    const vsCara: { id: string; error: number }[] = [];
    const vsAlfano: { id: string; error: number }[] = [];
    for (const c of alfano) {
      const r = metres(c)(c.hbr_m as number);
      vsCara.push({ id: c.id, error: rel(r.pc, c.expected.pc2d as number) });
      vsAlfano.push({ id: c.id, error: rel(r.pc, c.expected.pc2d_alfano2009_linear as number) });
    }
    expect(report('Alfano vs CARA PcCircle', vsCara)).toBeLessThan(1e-6);
    expect(report('Alfano vs Alfano 2009 linear', vsAlfano)).toBeLessThan(1e-3);
  });

  it('Omitron case 01 (km units): CARA PcCircle within 1e-6, Pc2D_Foster within 1e-3', () => {
    const [c] = group('cara_omitron_case1');
    const r = metres(c!)(c!.hbr_m as number);
    expect(report('Omitron vs CARA PcCircle', [{ id: c!.id, error: rel(r.pc, c!.expected.pc2d as number) }])).toBeLessThan(1e-6);
    expect(rel(r.pc, c!.expected.pc2d_foster_circle as number)).toBeLessThan(1e-3);
  });

  it('HBR sweep from 0 to ∞: exact limits, CARA to 1e-6 below 1 km, the exact integration to 1e-6 everywhere, CARA to 1e-3 above', () => {
    const [c] = group('cara_multi_hbr_sweep');
    const hbrs = c!.hbr_m as (number | null)[];
    const cara = c!.expected.pc2d as number[];
    const exact = c!.expected.pc2d_exact_independent as number[];
    const run = metres(c!);
    const vsExact: { id: string; error: number }[] = [];
    const vsCara: { id: string; error: number }[] = [];
    hbrs.forEach((h, i) => {
      const pc = run(h === null ? Number.POSITIVE_INFINITY : h).pc;
      if (h === 0) return expect(pc).toBe(0);
      if (h === null) return expect(pc).toBe(1);
      vsExact.push({ id: `HBR ${h} m`, error: rel(pc, exact[i]!) });
      vsCara.push({ id: `HBR ${h} m`, error: rel(pc, cara[i]!) });
      expect(rel(pc, cara[i]!), `HBR ${h} vs CARA`).toBeLessThan(h >= 1000 ? 1e-3 : 1e-6);
    });
    expect(report('HBR sweep vs exact integration', vsExact)).toBeLessThan(1e-6);
    report('HBR sweep vs CARA PcCircle (64-point rule)', vsCara);
  });

  it('Pc3D_Hall example 1: the printed Pc2D (7 digits) within 1e-6', () => {
    const [c] = group('cara_pc3d_hall_example1');
    const r = metres(c!)(c!.hbr_m as number);
    expect(report('Pc3D_Hall example 1 Pc2D', [{ id: c!.id, error: rel(r.pc, c!.expected.pc2d as number) }])).toBeLessThan(1e-6);
  });

  it('27 CARA CDMs (Pc 4e-168 … 2e-2): TCA-adjusted CARA Pc2D within 1e-6; the CDM miss distance and relative speed', () => {
    const cdms = group('cara_cdm_');
    expect(cdms).toHaveLength(27);
    const errors: { id: string; error: number }[] = [];
    for (const c of cdms) {
      const r = metres(c)(c.hbr_m as number);
      if (c.expected.pc2d === null) {
        expect(r.pc, c.id).toBeNull();
        continue;
      }
      errors.push({ id: c.id, error: rel(r.pc, c.expected.pc2d as number) });
      expect(rel(r.missDistanceM, c.expected.miss_distance_m as number), c.id).toBeLessThan(1e-9);
      expect(rel(r.relativeSpeedMPerS, c.expected.relative_speed_mps as number), c.id).toBeLessThan(1e-9);
    }
    expect(report('CDMs vs CARA (TCA-adjusted)', errors)).toBeLessThan(1e-6);
  });

  it('every defined value agrees with the README’s independent check within 1e-6', () => {
    const errors: { id: string; error: number }[] = [];
    for (const c of cases) {
      const check = (c as unknown as { independent_check?: { pc2d: number | (number | null)[] } }).independent_check;
      if (!check) continue;
      const run = metres(c);
      const hbrs = Array.isArray(c.hbr_m) ? c.hbr_m : [c.hbr_m];
      const values = Array.isArray(check.pc2d) ? check.pc2d : [check.pc2d];
      hbrs.forEach((h, i) => {
        const want = values[i];
        if (typeof want !== 'number' || want === 0) return;
        errors.push({ id: `${c.id} HBR ${h}`, error: rel(run(h === null ? Number.POSITIVE_INFINITY : h).pc, want) });
      });
    }
    expect(report('all vs independent check', errors)).toBeLessThan(1e-6);
  });
});
