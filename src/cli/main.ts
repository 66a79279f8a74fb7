import { ConfigError } from '../server/config.ts';
import { DatabaseError } from '../server/db/database.ts';
import { VERSION } from '../server/version.ts';
import { atmosphereCommand } from './commands/atmosphere.ts';
import { catalogCommand } from './commands/catalog.ts';
import { cdmCommand } from './commands/cdm.ts';
import { exportCommand } from './commands/export.ts';
import { pcCommand } from './commands/pc.ts';
import { propagateCommand } from './commands/propagate.ts';
import { screenCommand } from './commands/screen.ts';
import { spaceweatherCommand } from './commands/spaceweather.ts';
import { serveCommand } from './commands/serve.ts';
import { userCommand } from './commands/user.ts';
import { workerCommand } from './commands/worker.ts';
import { UsageError } from './usage-error.ts';

export const USAGE = `Usage: ssa <command> [options]

Data Forge: space situational awareness.

Commands:
  serve       serve the web app and the API (see ssa serve --help)
  propagate   SGP4 positions and velocities from a TLE file (see ssa propagate --help)
  catalog     import element sets and SATCAT files, catalogue statistics (see ssa catalog --help)
  screen      conjunction screening of primaries against a catalogue file (see ssa screen --help)
  pc          2D collision probability for conjunction cases (see ssa pc --help)
  cdm         convert conjunctions between JSON and CCSDS CDM KVN/XML (see ssa cdm --help)
  export      one object's element sets (TLE, OMM), OEM ephemeris or CZML (see ssa export --help)
  atmosphere  NRLMSISE-00 / JB2008 densities for reference-format cases (see ssa atmosphere --help)
  spaceweather  import CelesTrak SW-All space-weather files, show what is stored (see ssa spaceweather --help)
  user        accounts and API tokens for a server with AUTH=on (see ssa user --help)
  worker      screen shards from the job queue in PostgreSQL (see ssa worker --help)

Options:
  -h, --help     show this help
  -v, --version  show the version

Exit codes: 0 success, 1 failure, 2 bad arguments or input.
`;

const commands: Record<string, (args: string[], env: Record<string, string | undefined>) => Promise<void>> = {
  serve: serveCommand,
  propagate: propagateCommand,
  catalog: catalogCommand,
  screen: screenCommand,
  pc: pcCommand,
  cdm: cdmCommand,
  export: exportCommand,
  atmosphere: atmosphereCommand,
  spaceweather: spaceweatherCommand,
  user: userCommand,
  worker: workerCommand,
};

export async function main(argv: string[], env: Record<string, string | undefined>): Promise<number> {
  const [command, ...rest] = argv;
  if (command === '-h' || command === '--help' || command === 'help') {
    process.stdout.write(USAGE);
    return 0;
  }
  if (command === '-v' || command === '--version') {
    process.stdout.write(`${VERSION}\n`);
    return 0;
  }
  try {
    if (command === undefined) throw new UsageError('missing command', USAGE);
    const run = commands[command];
    if (!run) throw new UsageError(`unknown command '${command}'`, USAGE);
    await run(rest, env);
    return 0;
  } catch (error) {
    if (error instanceof UsageError) {
      process.stderr.write(`ssa: ${error.message}\n\n${error.usage}`);
      return 2;
    }
    if (error instanceof ConfigError) {
      process.stderr.write(`ssa: ${error.message}\n`);
      return 2;
    }
    if (error instanceof DatabaseError) {
      process.stderr.write(`ssa: ${error.message}\n`);
      return 1;
    }
    process.stderr.write(`ssa: ${(error as Error).stack ?? String(error)}\n`);
    return 1;
  }
}
