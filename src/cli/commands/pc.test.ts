import { describe, expect, it } from 'vitest';
import { pc2d } from '../../core/probability/index.ts';
import { PC_USAGE, pcCommand, readPcCases } from './pc.ts';
import { expectUsageError, readFromMemory, runCommand } from './test-support.ts';

const diag = (a: number, b: number, c: number) => [
  [a, 0, 0],
  [0, b, 0],
  [0, 0, c],
];

// A LEO crossing in metres (the pc2d.test.ts geometry): miss 150 m ⟂ v_rel, isotropic σ = 100 m.
const METRES = {
  id: 'crossing-m',
  units: { r: 'm', v: 'm/s', C: 'm^2 (3x3 position, ECI)' },
  r1: [7_000_000, 0, 0],
  v1: [0, 7500, 0],
  C1: diag(1e4, 1e4, 1e4),
  r2: [7_000_150, 0, 0],
  v2: [0, 0, 7500],
  C2: diag(0, 0, 0),
  hbr_m: 20,
};
// The same conjunction in km, km/s, km².
const KM = {
  ...METRES,
  id: 'crossing-km',
  units: { r: 'km', v: 'km/s', C: 'km^2 (3x3 position, ECI)' },
  r1: [7000, 0, 0],
  v1: [0, 7.5, 0],
  C1: diag(0.01, 0.01, 0.01),
  r2: [7000.15, 0, 0],
  v2: [0, 0, 7.5],
};
// Mass on the encounter plane reference: the Rice value of pc2d.test.ts.
const RICE = 0.006500900036923322;

async function run(args: string[], files: Record<string, string>) {
  const { stdout } = await runCommand(pcCommand, args, readFromMemory(files));
  return { stdout, json: () => JSON.parse(stdout) as { results: { id: string; pc2d: number | null | (number | null)[]; pc3d?: number | null; pc?: number | null }[] } };
}

const usageError = (args: string[], files: Record<string, string>) => expectUsageError(run(args, files), PC_USAGE);

describe('ssa pc', () => {
  it('prints {"results":[{id, pc2d, pc3d, pc, pc_method, pc_violations}]} with units converted per case', async () => {
    const { stdout, json } = await run(['--cases', 'c.json'], { 'c.json': JSON.stringify({ meta: {}, cases: [METRES, KM] }) });
    expect(stdout.endsWith('\n')).toBe(true);
    const { results } = json();
    expect(results.map((r) => r.id)).toEqual(['crossing-m', 'crossing-km']);
    expect(Math.abs((results[0]!.pc2d as number) / RICE - 1)).toBeLessThan(1e-12);
    expect(Math.abs((results[1]!.pc2d as number) / RICE - 1)).toBeLessThan(1e-12);
    // The secondary's covariance is all zeros: CARA's PcMultiStep gives no Pc for that (a data
    // quality error), so the chosen Pc is null with the reason, though the 2D integral exists.
    expect(results[0]).toMatchObject({ pc3d: null, pc: null, pc_method: 'pc2d', pc_violations: ['covariance'] });
  });

  it('gives an array for an array of HBRs (null = +Infinity) and null where Pc2D is undefined', async () => {
    const sweep = { ...METRES, id: 'sweep', hbr_m: [0, 20, null] };
    const still = { ...METRES, id: 'still', v2: METRES.v1 };
    const { json } = await run(['--cases', 'c.json'], { 'c.json': JSON.stringify([sweep, still]) });
    const [a, b] = json().results;
    expect(a!.pc2d).toEqual([0, pc2d({ r1M: [7_000_000, 0, 0], v1MPerS: [0, 7500, 0], cov1M2: METRES.C1, r2M: [7_000_150, 0, 0], v2MPerS: [0, 0, 7500], cov2M2: METRES.C2, hbrM: 20 }).pc, 1]);
    expect(b).toMatchObject({ id: 'still', pc2d: null, pc3d: null, pc: null });
  });

  it('treats missing units as metres, reads 6x6 covariances and gives Pc3D for them', async () => {
    const six = (p: number) => [0, 1, 2, 3, 4, 5].map((i) => [0, 1, 2, 3, 4, 5].map((j) => (i === j ? (i < 3 ? p : 1e-2) : 0)));
    const { json } = await run(['--cases', 'c.json'], { 'c.json': JSON.stringify({ cases: [{ ...METRES, units: undefined, C1: six(1e4), C2: six(1e-6) }] }) });
    const r = json().results[0]!;
    expect(Math.abs((r.pc2d as number) / RICE - 1)).toBeLessThan(1e-9);
    // A fast perpendicular crossing: 3D-Nc agrees with the 2D value, which stands.
    expect(Math.abs((r.pc3d as number) / RICE - 1)).toBeLessThan(5e-3);
    expect(r.pc).toBe(r.pc2d);
  });

  it('prints the usage for --help', async () => {
    expect((await run(['--help'], {})).stdout).toBe(PC_USAGE);
  });

  it('throws UsageError naming the file, case and field for bad input', async () => {
    const file = (cases: unknown) => ({ 'c.json': JSON.stringify({ cases }) });
    const bad: [string[], Record<string, string>, RegExp][] = [
      [[], {}, /missing --cases FILE/],
      [['--cases', 'absent.json'], {}, /cannot read --cases file 'absent\.json': ENOENT/],
      [['--cases', 'c.json'], { 'c.json': '{"cases": [' }, /c\.json is not valid JSON/],
      [['--cases', 'c.json'], { 'c.json': '{"meta": {}}' }, /expected \{"cases":\[\.\.\.\]\}/],
      [['--cases', 'c.json'], file([]), /no cases/],
      [['--cases', 'c.json'], file([{ ...METRES, id: undefined }]), /case #1: missing field 'id'/],
      [['--cases', 'c.json'], file([METRES, METRES]), /case #2: duplicate id 'crossing-m'/],
      [['--cases', 'c.json'], file([{ ...METRES, r2: undefined }]), /case 'crossing-m': missing field 'r2'/],
      [['--cases', 'c.json'], file([{ ...METRES, v1: [0, '7500', 0] }]), /case 'crossing-m': 'v1' must be an array of 3 finite numbers/],
      [['--cases', 'c.json'], file([{ ...METRES, r1: [1, 2] }]), /'r1' must be an array of 3 finite numbers/],
      [['--cases', 'c.json'], file([{ ...METRES, C1: [[1, 0], [0, 1]] }]), /case 'crossing-m': 'C1' must be a 3x3 or 6x6/],
      [['--cases', 'c.json'], file([{ ...METRES, C2: diag(1, Number.NaN, 1) }]), /'C2'\[1\]\[1\] must be a finite number, got null/],
      [['--cases', 'c.json'], file([{ ...METRES, C2: [[1, 0, 0], [0, 'x', 0], [0, 0, 1]] }]), /'C2'\[1\]\[1\] must be a finite number, got "x"/],
      [['--cases', 'c.json'], file([{ ...METRES, hbr_m: undefined }]), /missing field 'hbr_m'/],
      [['--cases', 'c.json'], file([{ ...METRES, hbr_m: -5 }]), /'hbr_m' must be a number >= 0/],
      [['--cases', 'c.json'], file([{ ...METRES, hbr_m: '20' }]), /'hbr_m' must be a number >= 0/],
      [['--cases', 'c.json'], file([{ ...METRES, hbr_m: [10, 'x'] }]), /'hbr_m'\[1\] must be a number/],
      [['--cases', 'c.json'], file([{ ...METRES, units: { r: 'mi' } }]), /units\.r must be "m" or "km", got "mi"/],
      [['--cases', 'c.json'], file([{ ...METRES, units: { C: 'ft^2' } }]), /units\.C must start with "m\^2" or "km\^2"/],
      [['--cases', 'c.json', '--bogus'], {}, /Unknown option '--bogus'/],
    ];
    for (const [args, files, message] of bad) {
      const error = await usageError(args, files);
      expect(error.message, `${args.join(' ')} ${JSON.stringify(files).slice(0, 80)}`).toMatch(message);
    }
  });

  it('reads cases without running them (readPcCases)', () => {
    const [c] = readPcCases(JSON.stringify({ cases: [KM] }), 'inline');
    expect(c!.input.r2M).toEqual([7_000_150, 0, 0]);
    expect(c!.input.cov1M2[0]![0]).toBe(1e4);
    expect(c!.hbrM).toBe(20);
  });
});
