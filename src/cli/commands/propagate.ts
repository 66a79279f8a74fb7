import {
  detectElementFormat,
  encodeAlpha5,
  parseElementSets,
  parseTleRecords,
  type ElementSet,
  type Rejection,
  type TleWarning,
} from '../../core/elements/index.ts';
import { createSgp4, parseVerificationRange, propagateSeries, valladoTimes } from '../../core/propagation/index.ts';
import { minutes, type Minutes } from '../../core/units.ts';
import { parseCommandLine } from '../parse.ts';
import { UsageError } from '../usage-error.ts';
import { processIo, type CommandIo } from '../io.ts';

export const PROPAGATE_USAGE = `Usage: ssa propagate --tle FILE [--minutes LIST | --minutes START:STOP:STEP] [--skip-checksum]

Propagates every element set in FILE with SGP4 (WGS-72, opsmode 'i': Vallado et al. 2006,
through satellite.js) and prints one JSON line per object and time on stdout, in the TEME
frame, times in minutes from each set's own epoch:
  {"norad":"00005","tsince_min":0,"r_km":[x,y,z],"v_km_s":[vx,vy,vz]}
When SGP4 fails, that object prints
  {"norad":"00005","tsince_min":t,"error":{"code":N,"message":"..."}}
and stops. Records that cannot be read are reported on stderr and skipped. A TLE whose only
fault is a wrong or missing column-69 checksum is propagated, with a warning on stderr naming
the line and the checksum found and expected (imports reject such records).

Options:
  --tle FILE                 TLE or 3LE file (OMM KVN, XML, JSON and CSV are recognised too)
  --minutes LIST             comma-separated minutes from epoch, e.g. 0,90,1440
  --minutes START:STOP:STEP  START, START+STEP, ... and STOP itself, e.g. 0:1440:60
                             (write a negative start as --minutes=-1440:1440:60)
  --skip-checksum            do not warn about wrong or missing column-69 checksums
  -h, --help                 show this help

Without --minutes, a TLE whose line 2 carries start, stop and step after column 69 (as in
Vallado's SGP4-VER.TLE) runs at 0 and then from start to stop as Vallado's verification
driver does; any other set runs at 0 only: \`ssa propagate --tle SGP4-VER.TLE\` reproduces
the r and v of Vallado's tcppver.out, with an error line where a case stops.
`;

const NUMBER = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/;
const MAX_TIMES = 1_000_000;

/** Where the command reads and writes; tests pass their own. */
export type PropagateIo = CommandIo;

function number(text: string, what: string): number {
  if (!NUMBER.test(text.trim())) throw new UsageError(`--minutes: ${what} '${text}' is not a number`, PROPAGATE_USAGE);
  return Number(text);
}

/** The --minutes argument as a list of times (undefined when absent: use each record's own). */
export function parseMinutes(value: string | undefined): Minutes[] | undefined {
  if (value === undefined) return undefined;
  if (value.includes(':')) {
    const parts = value.split(':');
    if (parts.length !== 3) throw new UsageError(`--minutes: expected START:STOP:STEP, got '${value}'`, PROPAGATE_USAGE);
    const [start, stop, step] = [number(parts[0]!, 'START'), number(parts[1]!, 'STOP'), number(parts[2]!, 'STEP')];
    if (!(step > 0)) throw new UsageError(`--minutes: STEP must be positive, got ${step}`, PROPAGATE_USAGE);
    if (stop < start) throw new UsageError(`--minutes: STOP ${stop} is before START ${start}`, PROPAGATE_USAGE);
    const count = Math.floor((stop - start) / step + 1e-9);
    if (count + 1 > MAX_TIMES) throw new UsageError(`--minutes: ${value} gives more than ${MAX_TIMES} times`, PROPAGATE_USAGE);
    // start + i·step rather than repeated addition, so long ranges do not drift; STOP is added when off-step.
    const times = Array.from({ length: count + 1 }, (_, i) => minutes(start + i * step));
    if (stop - times.at(-1)! > 1e-9 * step) times.push(minutes(stop));
    return times;
  }
  const times = value.split(',').map((part) => minutes(number(part, 'time')));
  if (times.length > MAX_TIMES) throw new UsageError(`--minutes: more than ${MAX_TIMES} times`, PROPAGATE_USAGE);
  return times;
}

interface Job {
  readonly set: ElementSet;
  readonly times: Minutes[];
}

function noradField(norad: number): string {
  try {
    return encodeAlpha5(norad);
  } catch {
    return String(norad);
  }
}

interface ReadJobs {
  readonly jobs: Job[];
  readonly rejected: Rejection[];
  readonly warnings: TleWarning[];
}

/**
 * The sets to propagate. TLEs are read with `checksum: 'warn'` (or 'ignore' with --skip-checksum):
 * a record whose only fault is its checksum is propagated, as Vallado's driver and python-sgp4 do
 * with SGP4-VER.TLE's cases 33333–33335; imports keep the parser's strict default.
 */
function readJobs(text: string, minutesArg: Minutes[] | undefined, skipChecksum: boolean): ReadJobs {
  if (detectElementFormat(text) === 'tle') {
    const { records, rejected, warnings } = parseTleRecords(text, { checksum: skipChecksum ? 'ignore' : 'warn' });
    const jobs = records.map((record) => {
      if (minutesArg) return { set: record.set, times: minutesArg };
      const range = parseVerificationRange(record.line2);
      return { set: record.set, times: range ? valladoTimes(range, MAX_TIMES) : [minutes(0)] };
    });
    return { jobs, rejected, warnings };
  }
  const { sets, rejected } = parseElementSets(text);
  return { jobs: sets.map((set) => ({ set, times: minutesArg ?? [minutes(0)] })), rejected, warnings: [] };
}

export async function propagateCommand(args: string[], _env: Record<string, string | undefined>, io: PropagateIo = processIo): Promise<void> {
  const { values } = parseCommandLine(
    args,
    { tle: { type: 'string' }, minutes: { type: 'string' }, 'skip-checksum': { type: 'boolean' }, help: { type: 'boolean', short: 'h' } },
    PROPAGATE_USAGE,
  );
  if (values.help) {
    await io.stdout(PROPAGATE_USAGE);
    return;
  }
  const path = values.tle;
  if (path === undefined || path === '') throw new UsageError('missing --tle FILE', PROPAGATE_USAGE);
  const minutesArg = parseMinutes(values.minutes);

  let text: string;
  try {
    text = await io.readFile(path);
  } catch (error) {
    throw new UsageError(`cannot read --tle file '${path}': ${(error as Error).message}`, PROPAGATE_USAGE);
  }

  let read: ReadJobs;
  try {
    read = readJobs(text, minutesArg, values['skip-checksum'] ?? false);
  } catch (error) {
    // valladoTimes refuses a non-positive or enormous start/stop/step carried in the file.
    if (error instanceof RangeError) throw new UsageError(`${path}: ${error.message}`, PROPAGATE_USAGE);
    throw error;
  }
  for (const r of read.rejected) io.stderr(`ssa propagate: ${path}:${r.line}: ${r.norad ? `${r.norad}: ` : ''}${r.reason}\n`);
  for (const w of read.warnings) io.stderr(`ssa propagate: ${path}:${w.line}: ${w.norad ? `${w.norad}: ` : ''}warning: ${w.message}; propagated anyway\n`);
  if (read.jobs.length === 0) throw new UsageError(`no usable element sets in '${path}'`, PROPAGATE_USAGE);

  let buffer = '';
  const emit = async (line: object) => {
    buffer += `${JSON.stringify(line)}\n`;
    if (buffer.length >= 1 << 16) {
      await io.stdout(buffer);
      buffer = '';
    }
  };
  for (const { set, times } of read.jobs) {
    const norad = noradField(set.norad);
    let model;
    try {
      model = createSgp4(set);
    } catch (error) {
      io.stderr(`ssa propagate: ${path}: ${norad}: ${(error as Error).message}\n`);
      continue;
    }
    for (const { tsince, result } of propagateSeries(model, times)) {
      await emit(
        result.ok
          ? { norad, tsince_min: tsince, r_km: result.r, v_km_s: result.v }
          : { norad, tsince_min: tsince, error: { code: result.code, message: result.message } },
      );
    }
  }
  if (buffer) await io.stdout(buffer);
}
