import { jb2008, type Jb2008Input } from '../../core/atmosphere/jb2008/index.ts';
import {
  gtd7,
  gtd7d,
  nrlmsiseFlags,
  NRLMSISE_SWITCH,
  NRLMSISE_SWITCH_COUNT,
  type NrlmsiseApArray,
  type NrlmsiseFlags,
  type NrlmsiseInput,
} from '../../core/atmosphere/nrlmsise00/index.ts';
import { parseCommandLine } from '../parse.ts';
import { UsageError } from '../usage-error.ts';
import { processIo, type CommandIo } from '../io.ts';

export const ATMOSPHERE_USAGE = `Usage: ssa atmosphere --model nrlmsise00|jb2008 --cases FILE

Runs a thermospheric density model (src/core/atmosphere) on every case of FILE and prints on stdout
  nrlmsise00: {"results":[{"id":"...","gtd7":{"d":[9 numbers],"t":[2 numbers]},"gtd7d":{...}}, ...]}
  jb2008:     {"results":[{"id":"...","output":{"TEMP":[2 numbers],"RHO":number}}, ...]}
the same output fields as the reference files.

FILE is JSON in the format of tests/reference/atmosphere/*.json: {"cases":[...]} (or a bare array of
cases), each with an "id" and an "input"; other fields (expected outputs, notes) are ignored.
  nrlmsise00 input: doy, sec, alt (km), g_lat, g_long (deg), lst (h), f107A, f107, ap, and
                    ap_array: null or 7 numbers. Optional "switches": 24 numbers (default: all 1, CGS
                    units, switches[9] = -1 when ap_array is given); switches[0] = 1 gives SI units.
                    gtd7d's d[5] includes anomalous oxygen (the density for drag).
  jb2008 input:     AMJD, SUN [ra, dec] (rad), SAT [ra, geocentric lat (rad), altitude km >= 90],
                    F10, F10B, S10, S10B, XM10, XM10B, Y10, Y10B, DSTDTC. TEMP in K, RHO in kg/m^3.

Options:
  --model NAME   nrlmsise00 or jb2008
  --cases FILE   the cases file
  -h, --help     show this help
`;

/** Where the command reads and writes; tests pass their own. */
export type AtmosphereIo = Pick<CommandIo, 'stdout' | 'readFile'>;

export type AtmosphereModel = 'nrlmsise00' | 'jb2008';

/** The "model" value of each reference file. */
const FILE_MODEL: Record<AtmosphereModel, string> = { nrlmsise00: 'NRLMSISE-00', jb2008: 'JB2008' };

export interface NrlmsiseCase {
  readonly id: string;
  readonly input: NrlmsiseInput;
  readonly flags: NrlmsiseFlags;
}

export interface Jb2008Case {
  readonly id: string;
  readonly input: Jb2008Input;
}

export type AtmosphereResult =
  | { readonly id: string; readonly gtd7: { d: number[]; t: number[] }; readonly gtd7d: { d: number[]; t: number[] } }
  | { readonly id: string; readonly output: { TEMP: number[]; RHO: number } };

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function fail(where: string, message: string): never {
  throw new UsageError(`${where}: ${message}`, ATMOSPHERE_USAGE);
}

function number(where: string, input: Record<string, unknown>, key: string): number {
  const v = input[key];
  if (v === undefined) fail(where, `missing field 'input.${key}'`);
  if (typeof v !== 'number' || !Number.isFinite(v)) fail(where, `'input.${key}' must be a finite number, got ${JSON.stringify(v)}`);
  return v;
}

function numbers(where: string, input: Record<string, unknown>, key: string, length: number, label = `input.${key}`): number[] {
  const v = input[key];
  if (v === undefined) fail(where, `missing field '${label}'`);
  if (!Array.isArray(v) || v.length !== length) fail(where, `'${label}' must be an array of ${length} numbers, got ${JSON.stringify(v)}`);
  v.forEach((x: unknown, i) => {
    if (typeof x !== 'number' || !Number.isFinite(x)) fail(where, `'${label}'[${i}] must be a finite number, got ${JSON.stringify(x)}`);
  });
  return v as number[];
}

function nrlmsiseCase(where: string, id: string, raw: Record<string, unknown>): NrlmsiseCase {
  const input = raw.input;
  if (!isObject(input)) fail(where, "missing field 'input' (an object)");
  const f = (key: string) => number(where, input, key);
  const apArray = input.ap_array === undefined || input.ap_array === null ? undefined : (numbers(where, input, 'ap_array', 7) as unknown as NrlmsiseApArray);
  let flags: NrlmsiseFlags;
  if (raw.switches === undefined || raw.switches === null) {
    flags = nrlmsiseFlags({ units: 'cgs', apArray: apArray !== undefined });
  } else {
    const switches = numbers(where, raw, 'switches', NRLMSISE_SWITCH_COUNT, 'switches');
    if (switches[NRLMSISE_SWITCH.dailyAp] === -1 && apArray === undefined) fail(where, "switches[9] = -1 (ap-array mode) needs 'input.ap_array'");
    flags = { switches };
  }
  return {
    id,
    input: {
      doy: f('doy'),
      sec: f('sec'),
      alt: f('alt'),
      g_lat: f('g_lat'),
      g_long: f('g_long'),
      lst: f('lst'),
      f107A: f('f107A'),
      f107: f('f107'),
      ap: f('ap'),
      ...(apArray === undefined ? {} : { apArray }),
    },
    flags,
  };
}

function jb2008Case(where: string, id: string, raw: Record<string, unknown>): Jb2008Case {
  const input = raw.input;
  if (!isObject(input)) fail(where, "missing field 'input' (an object)");
  const f = (key: string) => number(where, input, key);
  const sun = numbers(where, input, 'SUN', 2);
  const sat = numbers(where, input, 'SAT', 3);
  // JB2008 is defined from 90 km up (the routine starts its integration there).
  if (sat[2]! < 90) fail(where, `'input.SAT'[2] (altitude) must be at least 90 km, got ${sat[2]}`);
  return {
    id,
    input: {
      amjd: f('AMJD'),
      sun: [sun[0]!, sun[1]!],
      sat: [sat[0]!, sat[1]!, sat[2]!],
      f10: f('F10'),
      f10b: f('F10B'),
      s10: f('S10'),
      s10b: f('S10B'),
      xm10: f('XM10'),
      xm10b: f('XM10B'),
      y10: f('Y10'),
      y10b: f('Y10B'),
      dstdtc: f('DSTDTC'),
    },
  };
}

/** The cases of a reference-format text. Throws UsageError naming the case and field of the first problem. */
export function readAtmosphereCases(model: 'nrlmsise00', text: string, source: string): NrlmsiseCase[];
export function readAtmosphereCases(model: 'jb2008', text: string, source: string): Jb2008Case[];
export function readAtmosphereCases(model: AtmosphereModel, text: string, source: string): NrlmsiseCase[] | Jb2008Case[];
export function readAtmosphereCases(model: AtmosphereModel, text: string, source: string): NrlmsiseCase[] | Jb2008Case[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw new UsageError(`${source} is not valid JSON: ${(error as Error).message}`, ATMOSPHERE_USAGE);
  }
  if (isObject(parsed) && typeof parsed.model === 'string' && parsed.model.toUpperCase() !== FILE_MODEL[model]) {
    throw new UsageError(`${source} holds ${parsed.model} cases, not ${FILE_MODEL[model]} (--model ${model})`, ATMOSPHERE_USAGE);
  }
  const list = Array.isArray(parsed) ? parsed : isObject(parsed) ? parsed.cases : undefined;
  if (!Array.isArray(list)) throw new UsageError(`${source}: expected {"cases":[...]} or an array of cases`, ATMOSPHERE_USAGE);
  if (list.length === 0) throw new UsageError(`${source}: no cases`, ATMOSPHERE_USAGE);
  const seen = new Set<string>();
  const read = list.map((raw: unknown, index) => {
    const position = `${source}: case #${index + 1}`;
    if (!isObject(raw)) fail(position, 'must be an object');
    const id = raw.id;
    if (typeof id !== 'string' || id === '') fail(position, "missing field 'id' (a non-empty string)");
    if (seen.has(id)) fail(position, `duplicate id '${id}'`);
    seen.add(id);
    const where = `${source}: case '${id}'`;
    return model === 'nrlmsise00' ? nrlmsiseCase(where, id, raw) : jb2008Case(where, id, raw);
  });
  return read as NrlmsiseCase[] | Jb2008Case[];
}

const output = (o: { d: readonly number[]; t: readonly number[] }) => ({ d: [...o.d], t: [...o.t] });

/** Runs the model on each case. A model error (RangeError) becomes a UsageError naming the case. */
export function computeAtmosphereResults(model: AtmosphereModel, cases: readonly NrlmsiseCase[] | readonly Jb2008Case[], source: string): AtmosphereResult[] {
  return cases.map((c) => {
    try {
      if (model === 'nrlmsise00') {
        const { id, input, flags } = c as NrlmsiseCase;
        return { id, gtd7: output(gtd7(input, flags)), gtd7d: output(gtd7d(input, flags)) };
      }
      const { id, input } = c as Jb2008Case;
      const { temp, rho } = jb2008(input);
      return { id, output: { TEMP: [...temp], RHO: rho } };
    } catch (error) {
      if (error instanceof RangeError) fail(`${source}: case '${c.id}'`, error.message);
      throw error;
    }
  });
}

export async function atmosphereCommand(args: string[], _env: Record<string, string | undefined>, io: AtmosphereIo = processIo): Promise<void> {
  const { values } = parseCommandLine(
    args,
    { model: { type: 'string' }, cases: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
    ATMOSPHERE_USAGE,
  );
  if (values.help) {
    await io.stdout(ATMOSPHERE_USAGE);
    return;
  }
  const model = values.model;
  if (model === undefined || model === '') throw new UsageError('missing --model nrlmsise00|jb2008', ATMOSPHERE_USAGE);
  if (model !== 'nrlmsise00' && model !== 'jb2008') throw new UsageError(`unknown model '${model}': use nrlmsise00 or jb2008`, ATMOSPHERE_USAGE);
  const path = values.cases;
  if (path === undefined || path === '') throw new UsageError('missing --cases FILE', ATMOSPHERE_USAGE);
  let text: string;
  try {
    text = await io.readFile(path);
  } catch (error) {
    throw new UsageError(`cannot read --cases file '${path}': ${(error as Error).message}`, ATMOSPHERE_USAGE);
  }
  const results = computeAtmosphereResults(model, readAtmosphereCases(model, text, path), path);
  await io.stdout(`${JSON.stringify({ results })}\n`);
}
