import { readFile } from 'node:fs/promises';
import { basename } from 'node:path';
import { createAppContext } from '../../server/app-context.ts';
import { loadConfig } from '../../server/config.ts';
import { openDatabase } from '../../server/db/database.ts';
import { ImportError, type ImportReport } from '../../server/services/catalog-service.ts';
import { VERSION } from '../../server/version.ts';
import { auditCli } from '../audit.ts';
import { parseCommandLine } from '../parse.ts';
import { UsageError } from '../usage-error.ts';

export const CATALOG_USAGE = `Usage: ssa catalog import FILE... [--satcat FILE] [--data-dir DIR]
       ssa catalog stats [--data-dir DIR]

import  adds element sets from each FILE (TLE, 3LE, or CCSDS OMM as KVN, XML,
        JSON or CSV; the format is recognised from the content) to the catalogue
        history, and object metadata from a CelesTrak SATCAT CSV (--satcat).
        Bad records are rejected one by one with a reason; good ones are kept;
        a set already stored is not added twice. Prints a JSON report per file.
stats   prints the catalogue's size, sources and newest epoch as JSON.

The database is the server's (DATA_DIR or DATABASE_URL). The embedded database
can be opened by one process at a time: while \`ssa serve\` runs on it, import
through POST /api/catalog/import instead.
`;

interface Io {
  out: (line: string) => void;
}

export async function catalogCommand(args: string[], env: Record<string, string | undefined>, io: Io = { out: (l) => process.stdout.write(`${l}\n`) }): Promise<void> {
  const [sub, ...rest] = args;
  const { values, positionals } = parseCommandLine(
    rest,
    { satcat: { type: 'string', multiple: true }, 'data-dir': { type: 'string' }, help: { type: 'boolean', short: 'h' } },
    CATALOG_USAGE,
    true,
  );
  if (sub === '--help' || sub === '-h' || values.help) {
    process.stdout.write(CATALOG_USAGE);
    return;
  }
  if (sub !== 'import' && sub !== 'stats') throw new UsageError(sub ? `unknown catalog command '${sub}'` : 'missing catalog command', CATALOG_USAGE);
  const satcats = values.satcat ?? [];
  if (sub === 'import' && positionals.length === 0 && satcats.length === 0) throw new UsageError('import needs at least one FILE or --satcat FILE', CATALOG_USAGE);
  if (sub === 'stats' && positionals.length > 0) throw new UsageError(`stats takes no files, got '${positionals[0]}'`, CATALOG_USAGE);

  // Read every file first: a missing file stops the command before anything is written.
  const read = async (path: string) => {
    try {
      return await readFile(path, 'utf8');
    } catch (error) {
      throw new UsageError(`cannot read ${path}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`, CATALOG_USAGE);
    }
  };
  const satcatTexts = await Promise.all(satcats.map(async (path) => ({ path, text: await read(path) })));
  const elementTexts = await Promise.all(positionals.map(async (path) => ({ path, text: await read(path) })));

  const config = loadConfig({ ...env, LOG_LEVEL: env.LOG_LEVEL ?? 'warn', ...(values['data-dir'] !== undefined && { DATA_DIR: values['data-dir'] }) });
  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
  try {
    const ctx = createAppContext(config, database, VERSION);
    const catalog = ctx.services.catalog;
    // Imports go into the catalogue as it is; the demo is generated only by the server on an empty database.
    await catalog.reload();
    if (sub === 'stats') {
      io.out(JSON.stringify(catalog.stats()));
      return;
    }
    let failed = 0;
    const report = (path: string, result: ImportReport | { error: string; report: ImportReport }) => io.out(JSON.stringify({ file: path, ...result }));
    // SATCAT first, so objects created by the element sets already carry their owners and types.
    for (const { path, text } of satcatTexts) {
      try {
        report(path, await catalog.importSatcat(text, basename(path), new Date()));
      } catch (error) {
        if (!(error instanceof ImportError)) throw error;
        failed++;
        report(path, { error: error.message, report: error.report });
      }
    }
    for (const { path, text } of elementTexts) {
      try {
        report(path, await catalog.importElementSets(text, { source: 'import', label: basename(path) }, new Date()));
      } catch (error) {
        if (!(error instanceof ImportError)) throw error;
        failed++;
        report(path, { error: error.message, report: error.report });
      }
    }
    await auditCli(ctx.services.accounts, 'catalog import', failed > 0 ? 2 : 0, { files: [...satcatTexts, ...elementTexts].map(({ path }) => basename(path)), failed });
    if (failed > 0) throw new UsageError(`${failed} file(s) held no valid records`, CATALOG_USAGE);
  } finally {
    await database.close();
  }
}
