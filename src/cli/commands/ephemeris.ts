import { basename } from 'node:path';
import { MAX_EPHEMERIS_PAGE } from '../../contracts/ephemerides.ts';
import { createAppContext } from '../../server/app-context.ts';
import { loadConfig } from '../../server/config.ts';
import { openDatabase } from '../../server/db/database.ts';
import { EphemerisImportError } from '../../server/services/ephemerides/ephemeris-service.ts';
import { VERSION } from '../../server/version.ts';
import { auditCli, cliActor } from '../audit.ts';
import { processIo, type CommandIo } from '../io.ts';
import { parseCommandLine } from '../parse.ts';
import { UsageError } from '../usage-error.ts';

export const EPHEMERIS_USAGE = `Usage: ssa ephemeris import FILE... [--data-dir DIR]
       ssa ephemeris list [--norad N] [--limit N] [--data-dir DIR]

import  stores each FILE, a CCSDS OEM (KVN or XML) predicted ephemeris of a fleet object, in
        the server's database exactly as POST /api/ephemerides does, and prints one JSON
        report per file: {"file","ephemeris":{"id","noradId","objectId","objectName",
        "originator","creationDate","importedAt","importedBy","fileName","format","refFrame",
        "usableStart","usableStop","states","covariances","sha256","fileUrl"},"duplicate"},
        or {"file","status","error"} for a file refused: status 400 when it cannot be used
        (the error names the line: frame other than TEME, EME2000 or GCRF, a centre other
        than EARTH, a time system other than UTC, epochs out of order, too few points for
        the interpolation degree, a truncated file, bad XML…), 422 when its object is not a
        fleet object of the catalogue (OBJECT_ID as the international designator, e.g.
        1998-043D, or a NORAD number as OBJECT_ID or OBJECT_NAME). Each file is stored whole
        or not at all; the good files are kept when others are refused (exit status 2). The
        same file again for the same object adds nothing ("duplicate": true).
list    prints the stored ephemerides, newest import first, one JSON object per line
        (--norad: of that object only; --limit: at most N, default 100, at most ${MAX_EPHEMERIS_PAGE}).

The database is the server's (DATA_DIR or DATABASE_URL). The embedded database can be
opened by one process at a time: while \`ssa serve\` runs on it, use the API instead.
`;

/** A whole number option within bounds, or a UsageError naming it. */
function wholeNumber(name: string, value: string | undefined, max: number): number | undefined {
  if (value === undefined) return undefined;
  if (!/^\d{1,10}$/.test(value) || Number(value) < 1 || Number(value) > max) throw new UsageError(`--${name}: expected a whole number from 1 to ${max}, got '${value}'`, EPHEMERIS_USAGE);
  return Number(value);
}

export async function ephemerisCommand(args: string[], env: Record<string, string | undefined>, io: CommandIo = processIo): Promise<void> {
  const [sub, ...rest] = args;
  const { values, positionals } = parseCommandLine(
    rest,
    { 'data-dir': { type: 'string' }, norad: { type: 'string' }, limit: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
    EPHEMERIS_USAGE,
    true,
  );
  if (sub === '--help' || sub === '-h' || values.help) {
    await io.stdout(EPHEMERIS_USAGE);
    return;
  }
  if (sub !== 'import' && sub !== 'list') throw new UsageError(sub ? `unknown ephemeris command '${sub}'` : 'missing ephemeris command (import or list)', EPHEMERIS_USAGE);
  if (sub === 'import' && positionals.length === 0) throw new UsageError('import needs at least one FILE', EPHEMERIS_USAGE);
  if (sub === 'import' && (values.norad !== undefined || values.limit !== undefined)) throw new UsageError('--norad and --limit go with list', EPHEMERIS_USAGE);
  if (sub === 'list' && positionals.length > 0) throw new UsageError(`list takes no files, got '${positionals[0]}'`, EPHEMERIS_USAGE);
  const norad = wholeNumber('norad', values.norad, 2_147_483_647);
  const limit = wholeNumber('limit', values.limit, 1000) ?? 100;

  // Read every file first: a missing file stops the command before anything is written.
  const files = await Promise.all(
    positionals.map(async (path) => {
      try {
        return { path, text: await io.readFile(path) };
      } catch (error) {
        throw new UsageError(`cannot read ${path}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`, EPHEMERIS_USAGE);
      }
    }),
  );

  const config = loadConfig({ ...env, LOG_LEVEL: env.LOG_LEVEL ?? 'warn', ...(values['data-dir'] !== undefined && { DATA_DIR: values['data-dir'] }) });
  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
  try {
    const ctx = createAppContext(config, database, VERSION);
    const service = ctx.services.ephemerides;
    if (sub === 'list') {
      for (const e of await service.list(norad, limit)) await io.stdout(`${JSON.stringify(e)}\n`);
      return;
    }
    // The fleet as the server sees it: the settings changed on /config, then the catalogue as it is
    // (the demo is generated only by the server, on an empty database).
    await ctx.services.settings.initialise();
    await ctx.services.catalog.reload();
    const who = cliActor();
    let refused = 0;
    for (const { path, text } of files) {
      try {
        const { duplicate, ...ephemeris } = await service.import(text, basename(path), who, new Date());
        await io.stdout(`${JSON.stringify({ file: path, ephemeris, duplicate })}\n`);
      } catch (error) {
        if (!(error instanceof EphemerisImportError)) throw error;
        refused += 1;
        await io.stdout(`${JSON.stringify({ file: path, status: error.kind === 'file' ? 400 : 422, error: error.message })}\n`);
      }
    }
    await auditCli(ctx.services.accounts, 'ephemeris import', refused > 0 ? 2 : 0, { files: files.map(({ path }) => basename(path)), refused });
    if (refused > 0) throw new UsageError(`${refused} file(s) refused`, EPHEMERIS_USAGE);
  } finally {
    await database.close();
  }
}
