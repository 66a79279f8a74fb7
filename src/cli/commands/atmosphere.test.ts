/**
 * `ssa atmosphere` with files given in memory. Expected values: NRLMSISE-00's stock test cases 1
 * and 16 as printed (%E, 7 digits) in section 7 of DOCUMENTATION of Brodowski's C release
 * (magnific0/nrlmsise-00 @65c00c7a), and JB2008's stock scenario point as printed in
 * JuliaSpace/SatelliteToolboxAtmosphericModels.jl test/jb2008/JB2008_AUTO_OUTPUT_01.DAT (the
 * `published` field of shared/reference/atmosphere/jb2008_cases.json). The whole reference
 * files run in tests/integration/atmosphere-cli.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { ATMOSPHERE_USAGE, atmosphereCommand } from './atmosphere.ts';
import { expectUsageError, readFromMemory, runCommand } from './test-support.ts';

const STD_01 = {
  id: 'std-01',
  input: { doy: 172, year: 0, sec: 29000, alt: 400, g_lat: 60, g_long: -70, lst: 16, f107A: 150, f107: 150, ap: 4, ap_array: null },
};
const STD_16 = { id: 'std-16', input: { ...STD_01.input, ap_array: [100, 100, 100, 100, 100, 100, 100] } };
// DOCUMENTATION section 7, lines 1 and 16: d[0..8], t[0], t[1] of gtd7 (CGS).
const PRINTED_01 = [6.665177e5, 1.138806e8, 1.998211e7, 4.022764e5, 3.557465e3, 4.074714e-15, 3.475312e4, 4.095913e6, 2.667273e4, 1.25054e3, 1.241416e3];
const PRINTED_16 = [5.196477e5, 1.274494e8, 4.85045e7, 1.720838e6, 2.354487e4, 5.88194e-15, 2.500078e4, 6.27921e6, 2.667273e4, 1.426412e3, 1.408608e3];

// jb2008_cases.json stock01-lon000-lat-90-h0120 (2017-07-15 19:06:19.5 UT, 0° E, 90° S, 120 km).
const STOCK_01 = {
  id: 'stock01-lon000-lat-90-h0120',
  input: {
    AMJD: 57949.79605902778,
    SUN: [2.012941834871919, 0.37342112234072494],
    SAT: [3.846794180044129, -1.57079635, 120.0],
    F10: 93.9,
    F10B: 76.2,
    S10: 67.7,
    S10B: 64.7,
    XM10: 86.3,
    XM10B: 76.3,
    Y10: 89.8,
    Y10B: 84.1,
    DSTDTC: 24.0,
  },
};

interface Output {
  results: { id: string; gtd7?: { d: number[]; t: number[] }; gtd7d?: { d: number[]; t: number[] }; output?: { TEMP: number[]; RHO: number } }[];
}

async function run(args: string[], files: Record<string, string>) {
  const { stdout } = await runCommand(atmosphereCommand, args, readFromMemory(files));
  return { stdout, json: () => JSON.parse(stdout) as Output };
}

const usageError = async (args: string[], files: Record<string, string> = {}): Promise<string> => (await expectUsageError(run(args, files), ATMOSPHERE_USAGE)).message;

const printedMatch = (got: number[], printed: number[]) => got.forEach((g, i) => expect(Math.abs(g / printed[i]! - 1), `value ${i}`).toBeLessThanOrEqual(5e-7));

describe('ssa atmosphere', () => {
  it('prints gtd7 and gtd7d of each NRLMSISE-00 case (daily Ap and ap-array mode), as the stock test prints them', async () => {
    const { stdout, json } = await run(['--model', 'nrlmsise00', '--cases', 'c.json'], { 'c.json': JSON.stringify({ model: 'NRLMSISE-00', cases: [STD_01, STD_16] }) });
    expect(stdout.endsWith('\n')).toBe(true);
    const [a, b] = json().results;
    expect(Object.keys(a!)).toEqual(['id', 'gtd7', 'gtd7d']);
    expect(a!.id).toBe('std-01');
    printedMatch([...a!.gtd7!.d, ...a!.gtd7!.t], PRINTED_01);
    printedMatch([...b!.gtd7!.d, ...b!.gtd7!.t], PRINTED_16);
    // gtd7d adds anomalous oxygen to the total mass density only.
    expect(a!.gtd7d!.d[5]).toBeGreaterThan(a!.gtd7!.d[5]!);
    expect(a!.gtd7d!.t).toEqual(a!.gtd7!.t);
  });

  it('honours a case’s switches (switch 0 = 1: SI units)', async () => {
    const si = { ...STD_01, switches: [1, ...new Array<number>(23).fill(1)] };
    const { json } = await run(['--model', 'nrlmsise00', '--cases', 'c.json'], { 'c.json': JSON.stringify([si]) });
    const [r] = json().results;
    expect(Math.abs(r!.gtd7!.d[5]! / (4.074714e-15 * 1000) - 1)).toBeLessThan(5e-7); // g/cm³ → kg/m³
    expect(Math.abs(r!.gtd7!.d[0]! / (6.665177e5 * 1e6) - 1)).toBeLessThan(5e-7); // cm⁻³ → m⁻³
  });

  it('prints TEMP and RHO of each JB2008 case, as the published stock output rounds them', async () => {
    const { json } = await run(['--model', 'jb2008', '--cases', 'j.json'], { 'j.json': JSON.stringify({ model: 'JB2008', cases: [STOCK_01] }) });
    const [r] = json().results;
    expect(Object.keys(r!)).toEqual(['id', 'output']);
    expect(r!.output!.TEMP.map((x) => Math.round(x * 10) / 10)).toEqual([716.9, 324.9]);
    expect(Number(r!.output!.RHO.toPrecision(5))).toBe(2.8412e-8);
  });

  it('prints the usage for --help', async () => {
    expect((await run(['--help'], {})).stdout).toBe(ATMOSPHERE_USAGE);
  });

  it('refuses bad arguments and bad input with a message naming the case and field', async () => {
    const nrl = (cases: unknown) => ({ 'c.json': JSON.stringify({ cases }) });
    expect(await usageError(['--cases', 'c.json'])).toBe('missing --model nrlmsise00|jb2008');
    expect(await usageError(['--model', 'msis86', '--cases', 'c.json'])).toBe("unknown model 'msis86': use nrlmsise00 or jb2008");
    expect(await usageError(['--model', 'jb2008'])).toBe('missing --cases FILE');
    expect(await usageError(['--model', 'jb2008', '--cases', 'nope.json'])).toBe(
      "cannot read --cases file 'nope.json': ENOENT: no such file or directory, open 'nope.json'",
    );
    expect(await usageError(['--model', 'jb2008', '--cases', 'x', '--frobnicate'])).toContain("Unknown option '--frobnicate'");
    expect(await usageError(['--model', 'jb2008', '--cases', 'c.json'], { 'c.json': '{"cases": [' })).toMatch(/^c\.json is not valid JSON: /);
    expect(await usageError(['--model', 'jb2008', '--cases', 'c.json'], { 'c.json': JSON.stringify({ model: 'NRLMSISE-00', cases: [STD_01] }) })).toBe(
      'c.json holds NRLMSISE-00 cases, not JB2008 (--model jb2008)',
    );
    expect(await usageError(['--model', 'jb2008', '--cases', 'c.json'], { 'c.json': '{"cases": []}' })).toBe('c.json: no cases');
    expect(await usageError(['--model', 'jb2008', '--cases', 'c.json'], { 'c.json': '{"rows": []}' })).toBe('c.json: expected {"cases":[...]} or an array of cases');

    const { ap: _ap, ...noAp } = STD_01.input;
    const m = ['--model', 'nrlmsise00', '--cases', 'c.json'];
    expect(await usageError(m, nrl([{ ...STD_01, input: noAp }]))).toBe("c.json: case 'std-01': missing field 'input.ap'");
    expect(await usageError(m, nrl([{ ...STD_01, input: { ...STD_01.input, f107: '150' } }]))).toBe(
      `c.json: case 'std-01': 'input.f107' must be a finite number, got "150"`,
    );
    expect(await usageError(m, nrl([{ ...STD_01, input: { ...STD_01.input, ap_array: [1, 2, 3] } }]))).toBe(
      "c.json: case 'std-01': 'input.ap_array' must be an array of 7 numbers, got [1,2,3]",
    );
    expect(await usageError(m, nrl([{ ...STD_01, switches: [0, 1, 1, 1, 1, 1, 1, 1, 1, -1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1] }]))).toBe(
      "c.json: case 'std-01': switches[9] = -1 (ap-array mode) needs 'input.ap_array'",
    );
    expect(await usageError(m, nrl([{ ...STD_01, switches: [0, 1] }]))).toBe("c.json: case 'std-01': 'switches' must be an array of 24 numbers, got [0,1]");
    expect(await usageError(m, nrl([STD_01, { input: STD_01.input }]))).toBe("c.json: case #2: missing field 'id' (a non-empty string)");
    expect(await usageError(m, nrl([STD_01, STD_01]))).toBe("c.json: case #2: duplicate id 'std-01'");
    expect(await usageError(m, nrl([{ id: 'x' }]))).toBe("c.json: case 'x': missing field 'input' (an object)");

    const j = ['--model', 'jb2008', '--cases', 'c.json'];
    const jb = (input: object) => ({ 'c.json': JSON.stringify([{ id: 'low', input }]) });
    expect(await usageError(j, jb({ ...STOCK_01.input, SAT: [0, 0, 80] }))).toBe("c.json: case 'low': 'input.SAT'[2] (altitude) must be at least 90 km, got 80");
    expect(await usageError(j, jb({ ...STOCK_01.input, SUN: [0, null] }))).toBe("c.json: case 'low': 'input.SUN'[1] must be a finite number, got null");
    const { DSTDTC: _d, ...noDst } = STOCK_01.input;
    expect(await usageError(j, jb(noDst))).toBe("c.json: case 'low': missing field 'input.DSTDTC'");
  });
});
