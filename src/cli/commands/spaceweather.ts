import { readFile } from 'node:fs/promises';
import { basename } from 'node:path';
import { createAppContext } from '../../server/app-context.ts';
import { loadConfig } from '../../server/config.ts';
import { openDatabase } from '../../server/db/database.ts';
import { SpaceWeatherImportError, type SpaceWeatherImportReport } from '../../server/services/space-weather-service.ts';
import { VERSION } from '../../server/version.ts';
import { auditCli } from '../audit.ts';
import { parseCommandLine } from '../parse.ts';
import { UsageError } from '../usage-error.ts';

export const SPACEWEATHER_USAGE = `Usage: ssa spaceweather import FILE... [--data-dir DIR]
       ssa spaceweather status [--data-dir DIR]

import  stores the daily space weather of each FILE, told apart by content:
        - a CelesTrak SW-All CSV (celestrak.org/SpaceData/SW-All.csv or
          SW-Last5Years.csv): F10.7 observed and adjusted, its 81-day means, the
          3-hour Kp/ap and daily Ap, observed and predicted; a newer file
          replaces the predictions of an older one;
        - SET's JB2008 SOLFSMY.TXT and DTCFILE.TXT
          (sol.spacenvironment.net/JB2008/indices/): F10, S10, M10, Y10 and
          their 81-day means, and the hourly Dst-based storm temperature,
          which JB2008 then reads instead of its F10.7 and ap stand-ins.
        Bad rows are rejected one by one with their line and reason; good ones
        are kept. A day already stored with the same values is left alone (the
        same file twice adds nothing). Prints a JSON report per file.
status  prints the stored coverage and the values the atmosphere models take
        now, with their sources, as JSON.

Without any import the models use the offline default (F10.7 150, Ap 15).
The database is the server's (DATA_DIR or DATABASE_URL). The embedded database
can be opened by one process at a time: while \`ssa serve\` runs on it, import
through POST /api/space-weather/import instead (a running server also picks
up another process's import only when restarted).
`;

interface Io {
  out: (line: string) => void;
}

export async function spaceweatherCommand(
  args: string[],
  env: Record<string, string | undefined>,
  io: Io = { out: (l) => process.stdout.write(`${l}\n`) },
): Promise<void> {
  const [sub, ...rest] = args;
  const { values, positionals } = parseCommandLine(rest, { 'data-dir': { type: 'string' }, help: { type: 'boolean', short: 'h' } }, SPACEWEATHER_USAGE, true);
  if (sub === '--help' || sub === '-h' || values.help) {
    io.out(SPACEWEATHER_USAGE.trimEnd());
    return;
  }
  if (sub !== 'import' && sub !== 'status') {
    throw new UsageError(sub ? `unknown spaceweather command '${sub}'` : 'missing spaceweather command', SPACEWEATHER_USAGE);
  }
  if (sub === 'import' && positionals.length === 0) throw new UsageError('import needs at least one FILE', SPACEWEATHER_USAGE);
  if (sub === 'status' && positionals.length > 0) throw new UsageError(`status takes no files, got '${positionals[0]}'`, SPACEWEATHER_USAGE);

  // Read every file first: a missing file stops the command before anything is written.
  const files = await Promise.all(
    positionals.map(async (path) => {
      try {
        return { path, text: await readFile(path, 'utf8') };
      } catch (error) {
        throw new UsageError(`cannot read ${path}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`, SPACEWEATHER_USAGE);
      }
    }),
  );

  const config = loadConfig({ ...env, LOG_LEVEL: env.LOG_LEVEL ?? 'warn', ...(values['data-dir'] !== undefined && { DATA_DIR: values['data-dir'] }) });
  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
  try {
    const ctx = createAppContext(config, database, VERSION);
    const spaceWeather = ctx.services.spaceWeather;
    if (sub === 'status') {
      io.out(JSON.stringify(await spaceWeather.lookup(new Date())));
      return;
    }
    let failed = 0;
    const report = (path: string, result: SpaceWeatherImportReport | { error: string; report: SpaceWeatherImportReport }) => io.out(JSON.stringify({ path, ...result }));
    for (const { path, text } of files) {
      try {
        report(path, await spaceWeather.importFile(text, basename(path), new Date()));
      } catch (error) {
        if (!(error instanceof SpaceWeatherImportError)) throw error;
        failed++;
        report(path, { error: error.message, report: error.report });
      }
    }
    await auditCli(ctx.services.accounts, 'spaceweather import', failed > 0 ? 2 : 0, { files: files.map(({ path }) => basename(path)), failed });
    if (failed > 0) throw new UsageError(`${failed} file(s) held no valid space-weather rows (see each report)`, SPACEWEATHER_USAGE);
  } finally {
    await database.close();
  }
}
