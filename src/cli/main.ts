import { VERSION } from '../server/version.ts';
import { UsageError } from './usage-error.ts';

export const USAGE = `Usage: ssa <command> [options]

Data Forge: space situational awareness.

Commands:
  serve       serve the web app and the API (see ssa serve --help)
  propagate   SGP4 positions and velocities from a TLE file (see ssa propagate --help)
  catalog     import element sets and SATCAT files, catalogue statistics (see ssa catalog --help)
  screen      conjunction screening of primaries against a catalogue file (see ssa screen --help)
  pc          2D collision probability for conjunction cases (see ssa pc --help)
  cam         collision avoidance: a burn's effect on a CDM's encounter, the trade space (see ssa cam --help)
  cdm         convert conjunctions between JSON and CCSDS CDM KVN/XML (see ssa cdm --help)
  ephemeris   import operators' CCSDS OEM ephemerides of fleet objects, list them (see ssa ephemeris --help)
  export      one object's element sets (TLE, OMM), OEM ephemeris or CZML (see ssa export --help)
  atmosphere  NRLMSISE-00 / JB2008 densities for reference-format cases (see ssa atmosphere --help)
  spaceweather  import CelesTrak SW-All space-weather files, show what is stored (see ssa spaceweather --help)
  user        accounts and API tokens for a server with AUTH=on (see ssa user --help)
  notify      notification rules: webhooks and e-mail for alert events (see ssa notify --help)
  worker      screen shards from the job queue in PostgreSQL (see ssa worker --help)

Options:
  -h, --help     show this help
  -v, --version  show the version

Exit codes: 0 success, 1 failure, 2 bad arguments or input.
`;

type Command = (args: string[], env: Record<string, string | undefined>) => Promise<void>;

/**
 * Each command's module, loaded only when that command runs: `ssa --help`, a usage error and a
 * light command do not load the server (fastify, drizzle, PGlite, pg-boss, zod) or the science
 * they do not use. The compiled build (scripts/build-node.mjs) keeps every command in its own chunk.
 */
const commands: Record<string, () => Promise<Command>> = {
  serve: async () => (await import('./commands/serve.ts')).serveCommand,
  propagate: async () => (await import('./commands/propagate.ts')).propagateCommand,
  catalog: async () => (await import('./commands/catalog.ts')).catalogCommand,
  screen: async () => (await import('./commands/screen.ts')).screenCommand,
  pc: async () => (await import('./commands/pc.ts')).pcCommand,
  cam: async () => (await import('./commands/cam.ts')).camCommand,
  cdm: async () => (await import('./commands/cdm.ts')).cdmCommand,
  ephemeris: async () => (await import('./commands/ephemeris.ts')).ephemerisCommand,
  export: async () => (await import('./commands/export.ts')).exportCommand,
  atmosphere: async () => (await import('./commands/atmosphere.ts')).atmosphereCommand,
  spaceweather: async () => (await import('./commands/spaceweather.ts')).spaceweatherCommand,
  user: async () => (await import('./commands/user.ts')).userCommand,
  notify: async () => (await import('./commands/notify.ts')).notifyCommand,
  worker: async () => (await import('./commands/worker.ts')).workerCommand,
};

/**
 * Whether `error` is a ConfigError (exit 2) or a DatabaseError (exit 1). Their modules (zod; the
 * database drivers) are imported only when the error carries that class's name, in which case a
 * command has loaded the module already; the instanceof check then costs nothing.
 */
async function isConfigError(error: unknown): Promise<boolean> {
  return error instanceof Error && error.name === 'ConfigError' && error instanceof (await import('../server/config.ts')).ConfigError;
}

async function isDatabaseError(error: unknown): Promise<boolean> {
  return error instanceof Error && error.name === 'DatabaseError' && error instanceof (await import('../server/db/database.ts')).DatabaseError;
}

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
    const load = Object.hasOwn(commands, command) ? commands[command] : undefined;
    if (!load) throw new UsageError(`unknown command '${command}'`, USAGE);
    await (await load())(rest, env);
    return 0;
  } catch (error) {
    if (error instanceof UsageError) {
      process.stderr.write(`ssa: ${error.message}\n\n${error.usage}`);
      return 2;
    }
    if (await isConfigError(error)) {
      process.stderr.write(`ssa: ${(error as Error).message}\n`);
      return 2;
    }
    if (await isDatabaseError(error)) {
      process.stderr.write(`ssa: ${(error as Error).message}\n`);
      return 1;
    }
    process.stderr.write(`ssa: ${(error as Error).stack ?? String(error)}\n`);
    return 1;
  }
}
