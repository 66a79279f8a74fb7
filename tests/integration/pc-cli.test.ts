/**
 * `ssa pc --cases` on the real tests/reference/pc/pc_cases.json, end to end through the
 * command's own file reader and unit conversion (the Omitron case is in km): every result must
 * match the file's expected values at the README's tolerances (Pc2D 1e-6 relative; the HBR sweep
 * at HBR ≥ 1000 m against the exact integration), with null exactly where the file has null; and
 * the Pc3D of every real CARA event within 1e-3 of CARA's, the chosen Pc (pc, pc_method) being
 * the one CARA's verdicts lead to: the 2D Pc, 2D-Nc where the 2D method is flagged, 3D-Nc where
 * 2D-Nc is flagged too.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { pcCommand, type PcIo } from '../../src/cli/commands/pc.ts';
import { caraPcChoice, PC_CASES_JSON as FILE, type CaraUsageViolations } from '../reference/index.ts';

interface Expected {
  pc2d: number | null | number[];
  pc2d_exact_independent?: number[];
  pc3d?: number;
  cara_usage_violations?: CaraUsageViolations;
  nc2d_hall?: number;
}

describe('ssa pc --cases tests/reference/pc/pc_cases.json', () => {
  it('prints one result per case, matching the expected Pc2D', async () => {
    let stdout = '';
    const io: PcIo = {
      stdout: (text) => {
        stdout += text;
      },
      readFile: async (path) => readFileSync(path, 'utf8'),
    };
    await pcCommand(['--cases', FILE], {}, io);
    const { results } = JSON.parse(stdout) as { results: { id: string; pc2d: number | null | (number | null)[]; pc3d?: number | null; nc2d?: number | null; pc?: number | null; pc_method?: string; pc_method_reason?: string }[] };
    const { cases } = JSON.parse(readFileSync(FILE, 'utf8')) as { cases: { id: string; hbr_m: number | (number | null)[]; expected: Expected }[] };
    expect(results.map((r) => r.id)).toEqual(cases.map((c) => c.id));

    let worst = { id: '-', error: 0 };
    const check = (id: string, got: number | null, want: number | null) => {
      if (want === null) return expect(got, id).toBeNull();
      if (want === 0 || want === 1) return expect(got, id).toBe(want);
      const error = Math.abs((got as number) / want - 1);
      if (error > worst.error) worst = { id, error };
      expect(error, id).toBeLessThan(1e-6);
    };
    results.forEach((r, i) => {
      const c = cases[i]!;
      if (Array.isArray(c.hbr_m)) {
        // The sweep: CARA's values at HBR ≥ 1000 m carry its quadrature error; use the exact ones there.
        const cara = c.expected.pc2d as number[];
        const exact = c.expected.pc2d_exact_independent ?? cara;
        c.hbr_m.forEach((h, k) => check(`${c.id} HBR ${h}`, (r.pc2d as (number | null)[])[k]!, h !== null && h >= 1000 ? exact[k]! : cara[k]!));
      } else check(c.id, r.pc2d as number | null, c.expected.pc2d as number | null);
    });
    console.log(`[pc-cli.test] ${results.length} cases: worst relative error ${worst.error.toExponential(2)} (${worst.id})`);

    let worst3 = 0;
    results.forEach((r, i) => {
      const c = cases[i]!;
      if (!c.id.startsWith('cara_cdm')) return;
      const want = c.expected.pc3d!;
      const error = Math.abs((r.pc3d as number) / want - 1);
      worst3 = Math.max(worst3, error);
      expect(error, `${c.id} pc3d`).toBeLessThan(1e-3);
      // Hall's 2D-Nc against CARA's Pc2D_Hall (the file's nc2d_hall), CARA's tolerance.
      expect(Math.abs((r.nc2d as number) / c.expected.nc2d_hall! - 1), `${c.id} nc2d`).toBeLessThan(1e-3);
      // CARA's PcMultiStepWithSDMC: 2D-Nc where the 2D method is flagged, 3D-Nc where 2D-Nc is, its
      // SDMC where 3D-Nc is. ssa pc lends the Monte Carlo no budget unless asked (--mc); the one event
      // CARA flags for 3D-Nc (1.0e-5) keeps 3D-Nc, and says a Monte Carlo is called for.
      const cara = caraPcChoice(c.expected);
      const flagged3d = c.expected.cara_usage_violations!.nc3d !== 0 && cara.method === 'pc3d';
      expect(r.pc_method, c.id).toBe(cara.method);
      expect(r.pc, c.id).toBe(cara.method === 'pc3d' ? r.pc3d : cara.method === 'nc2d' ? r.nc2d : r.pc2d);
      if (flagged3d) expect(r.pc_method_reason, c.id).toMatch(/A Monte Carlo is called for \(3D-Nc’s own usage tests failed/);
      else expect(r.pc_method_reason, c.id).not.toMatch(/Monte Carlo/);
    });
    console.log(`[pc-cli.test] 27 CARA events: Pc3D worst relative error ${worst3.toExponential(2)}`);
  });
});

describe('ssa pc --mc', () => {
  const run = async (args: string[], cases?: unknown) => {
    let stdout = '';
    const io: PcIo = {
      stdout: (text) => {
        stdout += text;
      },
      readFile: async (path) => (cases === undefined ? readFileSync(path, 'utf8') : JSON.stringify(cases)),
    };
    await pcCommand(args, {}, io);
    return JSON.parse(stdout) as { results: { id: string; pc: number; pc_method: string; pc_method_reason: string; pc_mc?: { pc: number; interval: [number, number]; hits: number; samples: number; window_s: [number, number]; stopped_by: string; seed: number } }[] };
  };

  it('prints the Monte Carlo Pc of a real CARA event with its interval, which holds CARA’s own SDMC value', async () => {
    const { cases } = JSON.parse(readFileSync(FILE, 'utf8')) as { cases: { id: string; expected: Record<string, unknown> }[] };
    const event = cases.find((c) => c.id === 'cara_cdm_000025994_conj_000037558_20210324_151047_20210323_154356')!;
    const { results } = await run(['--cases', 'x.json', '--mc', '--samples', '300000', '--seed', '7'], { cases: [event] });
    const mc = results[0]!.pc_mc!;
    expect(mc.seed).toBe(7);
    expect(mc.stopped_by).toBe('precision');
    expect(mc.window_s[0]).toBeLessThan(0);
    expect(mc.window_s[1]).toBeGreaterThan(0);
    expect(event.expected.pc_sdmc as number).toBeGreaterThan(mc.interval[0]);
    expect(event.expected.pc_sdmc as number).toBeLessThan(mc.interval[1]);
    // The 2D method passes its tests here, so the Monte Carlo is reported beside the chosen 2D value.
    expect(results[0]!.pc_method).toBe('pc2d');
  });

  it('refuses --samples and --seed that are not integers in range, and --samples without --mc', async () => {
    await expect(run(['--cases', FILE, '--mc', '--samples', '0'])).rejects.toThrow(/--samples must be an integer/);
    await expect(run(['--cases', FILE, '--mc', '--samples', '1.5'])).rejects.toThrow(/--samples must be an integer/);
    await expect(run(['--cases', FILE, '--mc', '--seed', 'x'])).rejects.toThrow(/--seed must be an integer/);
    await expect(run(['--cases', FILE, '--samples', '100'])).rejects.toThrow(/go with --mc/);
  });
});
