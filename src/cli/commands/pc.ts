import { assessPc, pc2d, pc2dHall, pc3d, pc3dInitialBounds, type Pc2dInput, type PcMethod, type Vector3 } from '../../core/probability/index.ts';
import { monteCarloOptionsUsage, monteCarloJson, monteCarloRequest, withRequestedMonteCarlo, type MonteCarloRequest } from '../monte-carlo.ts';
import { parseCommandLine } from '../parse.ts';
import { UsageError } from '../usage-error.ts';
import { processIo, type CommandIo } from '../io.ts';

export const PC_USAGE = `Usage: ssa pc --cases FILE [--mc [--samples N] [--seed S]]

Computes the probability of collision of every conjunction in FILE (src/core/probability) and
prints on stdout
  {"results":[{"id":"...","pc2d":0.0012,"pc3d":0.0013,"pc":0.0012,"pc_method":"pc2d",
               "pc_violations":[]}, {"id":"...","pc2d":[0,2.5e-15,1]}, ...]}
- pc2d: Foster/Chan 2D Pc on the encounter plane; null where undefined (zero relative velocity,
  no covariance in the encounter plane), an array when the case's hbr_m is an array.
- nc2d: Hall's 2D-Nc Pc (Hall, Baars & Casali 2023; NASA CARA Pc2D_Hall), for cases with 6x6
  covariances and one finite HBR; null where undefined.
- pc3d: Hall's 3D-Nc Pc (2021; NASA CARA Pc3D_Hall), for cases with 6x6 covariances and one
  finite HBR; integrated from Coppola's bounds, or over the whole encounter segment where the
  2D method's usage-violation tests find the encounter extended or offset or cannot run (as the
  product does). null where it does not converge or cannot run.
- pc, pc_method, pc_violations: the Pc the product stands behind, chosen as CARA's
  PcMultiStepWithSDMC chooses (pc2d, nc2d-upper-limit, nc2d where 2D-Nc passes its own usage
  tests, pc3d, or sdmc: the Monte Carlo where 3D-Nc fails its own usage tests), and the kinds of usage violation found
  (extended, offset, inaccurate, npd, unconverged, covariance, sphere-points).
- pc_method_reason: why the chosen method gave the number, in words.
- pc_mc: the Monte Carlo run (with --mc, or where the method choice ran one).

FILE is JSON in the format of tests/reference/pc/pc_cases.json: {"cases":[...]} (or a bare
array of cases), each case with
  id                string
  r1, v1, r2, v2    3 numbers each: positions and velocities in one inertial frame
  C1, C2            3x3 position or 6x6 position-velocity covariance (only the position block is used)
  hbr_m             combined hard-body radius in metres: a number >= 0, null for +Infinity,
                    or an array of those
  units             optional: {"r":"m"|"km", "v":"m/s"|"km/s", "C":"m^2 ..."|"km^2 ..."};
                    each missing entry means metres. A km covariance is scaled by 1e6 entry
                    by entry (km^2, km^2/s and km^2/s^2 alike).
Other fields (expected values, notes) are ignored.

Options:
  --cases FILE   the cases file
${monteCarloOptionsUsage(17)}  -h, --help     show this help
`;

/** Where the command reads and writes; tests pass their own. */
export type PcIo = Pick<CommandIo, 'stdout' | 'readFile'>;

/** One case of the file, converted to metres. */
export interface PcCase {
  readonly id: string;
  readonly input: Omit<Pc2dInput, 'hbrM'>;
  /** Combined HBR(s), m; +Infinity for null. An array when the file gives one. */
  readonly hbrM: number | number[];
}

export interface PcResult {
  readonly id: string;
  readonly pc2d: number | null | (number | null)[];
  /** Present for one HBR: Hall 3D-Nc (null where it cannot run or does not converge). */
  readonly pc3d?: number | null;
  readonly nc2d?: number | null;
  readonly pc?: number | null;
  readonly pc_method?: PcMethod;
  readonly pc_violations?: string[];
  readonly pc_method_reason?: string;
  readonly pc_mc?: Record<string, unknown>;
}

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

const isObject = (v: unknown): v is Record<string, Json> => typeof v === 'object' && v !== null && !Array.isArray(v);

function fail(where: string, message: string): never {
  throw new UsageError(`${where}: ${message}`, PC_USAGE);
}

function unitFactor(where: string, units: Record<string, Json>, key: 'r' | 'v' | 'C'): number {
  const value = units[key];
  if (value === undefined || value === null) return 1;
  if (typeof value !== 'string') fail(where, `units.${key} must be a string, got ${JSON.stringify(value)}`);
  const text = value.trim();
  if (key === 'r') {
    if (text === 'm') return 1;
    if (text === 'km') return 1000;
    fail(where, `units.r must be "m" or "km", got "${value}"`);
  }
  if (key === 'v') {
    if (text === 'm/s') return 1;
    if (text === 'km/s') return 1000;
    fail(where, `units.v must be "m/s" or "km/s", got "${value}"`);
  }
  if (/^m(\^2|²)/.test(text)) return 1;
  if (/^km(\^2|²)/.test(text)) return 1e6;
  fail(where, `units.C must start with "m^2" or "km^2", got "${value}"`);
}

function vector(where: string, c: Record<string, Json>, key: string, factor: number): Vector3 {
  const v = c[key];
  if (v === undefined) fail(where, `missing field '${key}'`);
  if (!Array.isArray(v) || v.length !== 3 || !v.every((x) => typeof x === 'number' && Number.isFinite(x))) {
    fail(where, `'${key}' must be an array of 3 finite numbers, got ${JSON.stringify(v)}`);
  }
  return (v as number[]).map((x) => x * factor) as unknown as Vector3;
}

function covariance(where: string, c: Record<string, Json>, key: string, factor: number): number[][] {
  const m = c[key];
  if (m === undefined) fail(where, `missing field '${key}'`);
  const n = Array.isArray(m) ? m.length : 0;
  if (!Array.isArray(m) || (n !== 3 && n !== 6) || !m.every((row) => Array.isArray(row) && row.length === n)) {
    fail(where, `'${key}' must be a 3x3 or 6x6 array of numbers`);
  }
  return (m as Json[][]).map((row, i) =>
    row.map((x, j) => {
      if (typeof x !== 'number' || !Number.isFinite(x)) fail(where, `'${key}'[${i}][${j}] must be a finite number, got ${JSON.stringify(x)}`);
      return x * factor;
    }),
  );
}

function hbr(where: string, value: Json | undefined): number | number[] {
  if (value === undefined) fail(where, "missing field 'hbr_m'");
  const one = (x: Json, label: string): number => {
    if (x === null) return Number.POSITIVE_INFINITY;
    if (typeof x !== 'number' || !Number.isFinite(x) || x < 0) fail(where, `${label} must be a number >= 0 or null (+Infinity), got ${JSON.stringify(x)}`);
    return x;
  };
  if (Array.isArray(value)) {
    if (value.length === 0) fail(where, "'hbr_m' is an empty array");
    return value.map((x, i) => one(x, `'hbr_m'[${i}]`));
  }
  return one(value, "'hbr_m'");
}

/** The cases of a pc_cases.json-format text, in metres. Throws UsageError naming the case and field of the first problem. */
export function readPcCases(text: string, source: string): PcCase[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw new UsageError(`${source} is not valid JSON: ${(error as Error).message}`, PC_USAGE);
  }
  const list = Array.isArray(parsed) ? parsed : isObject(parsed) ? parsed.cases : undefined;
  if (!Array.isArray(list)) throw new UsageError(`${source}: expected {"cases":[...]} or an array of cases`, PC_USAGE);
  if (list.length === 0) throw new UsageError(`${source}: no cases`, PC_USAGE);
  const seen = new Set<string>();
  return list.map((raw: unknown, index) => {
    const position = `${source}: case #${index + 1}`;
    if (!isObject(raw)) fail(position, 'must be an object');
    const id = raw.id;
    if (typeof id !== 'string' || id === '') fail(position, "missing field 'id' (a non-empty string)");
    if (seen.has(id)) fail(position, `duplicate id '${id}'`);
    seen.add(id);
    const where = `${source}: case '${id}'`;
    const units = raw.units ?? {};
    if (!isObject(units)) fail(where, "'units' must be an object");
    const [kr, kv, kc] = [unitFactor(where, units, 'r'), unitFactor(where, units, 'v'), unitFactor(where, units, 'C')];
    return {
      id,
      input: {
        r1M: vector(where, raw, 'r1', kr),
        v1MPerS: vector(where, raw, 'v1', kv),
        cov1M2: covariance(where, raw, 'C1', kc),
        r2M: vector(where, raw, 'r2', kr),
        v2MPerS: vector(where, raw, 'v2', kv),
        cov2M2: covariance(where, raw, 'C2', kc),
      },
      hbrM: hbr(where, raw.hbr_m),
    };
  });
}

/**
 * Pc2D of each case (an array where the case has several HBRs); for one HBR also Pc3D and the chosen
 * Pc, with the Monte Carlo where the method choice calls for it or `mc` asks for it.
 */
export async function computePcResults(cases: readonly PcCase[], mc: MonteCarloRequest | null = null): Promise<PcResult[]> {
  const results: PcResult[] = [];
  for (const { id, input, hbrM } of cases) {
    const one = (h: number) => pc2d({ ...input, hbrM: h }).pc;
    if (Array.isArray(hbrM)) {
      results.push({ id, pc2d: hbrM.map(one) });
      continue;
    }
    const assessmentInput = { r1M: input.r1M, v1MPerS: input.v1MPerS, cov1: input.cov1M2, r2M: input.r2M, v2MPerS: input.v2MPerS, cov2: input.cov2M2, hbrM };
    const chosen = await withRequestedMonteCarlo(assessmentInput, assessPc(assessmentInput), mc);
    let three: number | null = chosen.pc3d;
    const sixBySix = input.cov1M2.length === 6 && input.cov2M2.length === 6;
    // Pc3D for every case that allows it, not only where the product chooses it (then it has run: pc3dRun),
    // started from the bounds the product would use.
    if (chosen.pc3dRun === null && sixBySix && hbrM > 0 && Number.isFinite(hbrM)) {
      const input3d = { r1M: input.r1M, v1MPerS: input.v1MPerS, cov1: input.cov1M2, r2M: input.r2M, v2MPerS: input.v2MPerS, cov2: input.cov2M2, hbrM };
      three = pc3d(input3d, { initialBounds: pc3dInitialBounds(chosen.indicators) }).pc;
    }
    // 2D-Nc for every case that allows it, as for Pc3D (the method choice ran it where the 2D method is flagged).
    const nc2d = chosen.nc2d ?? (sixBySix && hbrM > 0 && Number.isFinite(hbrM) ? pc2dHall({ ...assessmentInput, cov1: input.cov1M2, cov2: input.cov2M2 }).pc : null);
    results.push({
      id,
      pc2d: one(hbrM),
      nc2d,
      pc3d: three,
      pc: chosen.collisionProbability,
      pc_method: chosen.method,
      pc_violations: [...new Set(chosen.violations.map((v) => v.kind))],
      pc_method_reason: chosen.methodReason,
      ...(chosen.monteCarlo ? { pc_mc: monteCarloJson(chosen.monteCarlo) } : {}),
    });
  }
  return results;
}

export async function pcCommand(args: string[], _env: Record<string, string | undefined>, io: PcIo = processIo): Promise<void> {
  const { values } = parseCommandLine(args, { cases: { type: 'string' }, mc: { type: 'boolean' }, samples: { type: 'string' }, seed: { type: 'string' }, help: { type: 'boolean', short: 'h' } }, PC_USAGE);
  if (values.help) {
    await io.stdout(PC_USAGE);
    return;
  }
  const path = values.cases;
  if (path === undefined || path === '') throw new UsageError('missing --cases FILE', PC_USAGE);
  const mc = monteCarloRequest(values, PC_USAGE);
  let text: string;
  try {
    text = await io.readFile(path);
  } catch (error) {
    throw new UsageError(`cannot read --cases file '${path}': ${(error as Error).message}`, PC_USAGE);
  }
  const results = await computePcResults(readPcCases(text, path), mc);
  await io.stdout(`${JSON.stringify({ results })}\n`);
}
