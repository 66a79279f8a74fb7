/**
 * `ssa export`: one object's element sets (TLE, 3LE, OMM KVN/XML/JSON), an OEM or CZML of its
 * SGP4 ephemeris (issue 14), as the API's /api/objects/{norad}/… routes send them
 * (server/services/object-exports.ts), from the server's database or from a catalogue file.
 */
import { ELEMENT_FORMATS, type ElementFormat } from '../../contracts/object-exports.ts';
import { parseElementSets, type ElementSet } from '../../core/elements/index.ts';
import { utcMs } from '../../core/units.ts';
import { loadConfig } from '../../server/config.ts';
import { openDatabase } from '../../server/db/database.ts';
import { HttpError } from '../../server/http/errors.ts';
import { CatalogRepository } from '../../server/repositories/catalog-repository.ts';
import { elementsFile, ephemerisFile, ephemerisSpan } from '../../server/services/object-exports.ts';
import { processIo, type CommandIo } from '../io.ts';
import { parseCommandLine } from '../parse.ts';
import { UsageError } from '../usage-error.ts';

export const EXPORT_USAGE = `Usage: ssa export elements --norad N [--format FORMAT] [--history] [--catalog FILE | --data-dir DIR]
       ssa export oem --norad N [--start ISO] [--end ISO] [--step S] [--frame EME2000|TEME] [--catalog FILE | --data-dir DIR]
       ssa export czml --norad N [--start ISO] [--end ISO] [--step S] [--catalog FILE | --data-dir DIR]

Writes one object's data to stdout, as GET /api/objects/N/elements, /oem and /czml send it.

elements  the newest element set (--history: every stored one, oldest first) as
          FORMAT: tle, 3le (default), omm-kvn, omm-xml or omm-json (CelesTrak JSON)
oem       a CCSDS OEM (502.0-B-3 KVN) of the newest set's SGP4 ephemeris from --start
          (default now) to --end (default 24 h later, at most 31 days) every --step
          seconds (default 60), in EME2000 (default) or TEME
czml      the same ephemeris as CZML for Cesium (INERTIAL frame)

The object comes from the server's database (DATA_DIR or DATABASE_URL, or --data-dir), or
with --catalog from a TLE/3LE/OMM file (its sets of that object).
Exit codes: 0 written, 2 bad arguments, unknown object or a span SGP4 cannot propagate.
`;

/** The object's element sets, oldest first, from the file or the database. */
async function setsOf(norad: number, source: { catalog?: string; dataDir?: string }, env: Record<string, string | undefined>, io: CommandIo): Promise<ElementSet[]> {
  if (source.catalog !== undefined) {
    const parsed = parseElementSets(await io.readFile(source.catalog));
    return parsed.sets.filter((s) => s.norad === norad).sort((a, b) => a.epoch - b.epoch);
  }
  const config = loadConfig({ ...env, LOG_LEVEL: env.LOG_LEVEL ?? 'warn', ...(source.dataDir !== undefined && { DATA_DIR: source.dataDir }) });
  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
  try {
    return await new CatalogRepository(database.db).elementSets(norad);
  } finally {
    await database.close();
  }
}

export async function exportCommand(args: string[], env: Record<string, string | undefined>, io: CommandIo = processIo): Promise<void> {
  const [kind, ...rest] = args;
  if (kind === undefined) throw new UsageError('say what to export: elements, oem or czml', EXPORT_USAGE);
  if (kind === '--help' || kind === '-h') {
    await io.stdout(EXPORT_USAGE);
    return;
  }
  if (kind !== 'elements' && kind !== 'oem' && kind !== 'czml') throw new UsageError(`unknown export '${kind}': elements, oem or czml`, EXPORT_USAGE);
  const { values } = parseCommandLine(
    rest,
    {
      norad: { type: 'string' },
      format: { type: 'string' },
      history: { type: 'boolean' },
      start: { type: 'string' },
      end: { type: 'string' },
      step: { type: 'string' },
      frame: { type: 'string' },
      catalog: { type: 'string' },
      'data-dir': { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
    EXPORT_USAGE,
  );
  if (values.help) {
    await io.stdout(EXPORT_USAGE);
    return;
  }
  if (values.norad === undefined || !/^\d{1,6}$/.test(values.norad)) throw new UsageError(`--norad must be a NORAD catalogue number, got '${values.norad ?? ''}'`, EXPORT_USAGE);
  const format = (values.format ?? '3le') as ElementFormat;
  if (!ELEMENT_FORMATS.includes(format)) throw new UsageError(`--format must be one of ${ELEMENT_FORMATS.join(', ')}, got '${values.format}'`, EXPORT_USAGE);
  const frame = values.frame ?? 'EME2000';
  if (frame !== 'EME2000' && frame !== 'TEME') throw new UsageError(`--frame must be EME2000 or TEME, got '${frame}'`, EXPORT_USAGE);
  const norad = Number(values.norad);
  const sets = await setsOf(norad, { catalog: values.catalog, dataDir: values['data-dir'] }, env, io);
  const newest = sets.at(-1);
  if (!newest) throw new UsageError(`no element set of object ${norad} in ${values.catalog ?? 'the database'}`, EXPORT_USAGE);
  const now = utcMs(Date.now());
  try {
    const file =
      kind === 'elements'
        ? elementsFile(values.history ? sets : [newest], format, String(norad), now)
        : ephemerisFile(newest, kind, ephemerisSpan({ start: values.start, end: values.end, step: values.step }, now), frame, now);
    await io.stdout(file.body);
  } catch (error) {
    // The service's 4xx (bad span, SGP4 cannot propagate) are this command's bad input.
    if (error instanceof HttpError) throw new UsageError(error.message.replace(/^Invalid request: /, ''), EXPORT_USAGE);
    throw error;
  }
}
