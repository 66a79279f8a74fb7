import { createAppContext } from '../../server/app-context.ts';
import { loadConfig } from '../../server/config.ts';
import { openDatabase } from '../../server/db/database.ts';
import { AccountError, ROLES } from '../../server/services/account-service.ts';
import { VERSION } from '../../server/version.ts';
import { auditCli } from '../audit.ts';
import { parseCommandLine } from '../parse.ts';
import { UsageError } from '../usage-error.ts';

export const USER_USAGE = `Usage: ssa user add NAME --role viewer|operator|admin [--password-stdin]
       ssa user list
       ssa user role NAME viewer|operator|admin
       ssa user password NAME [--password-stdin]
       ssa user remove NAME
       ssa user token add NAME --label TEXT
       ssa user token list [NAME]
       ssa user token revoke ID
Options: [--data-dir DIR]

Accounts for a server with AUTH=on (issue 12). Roles: viewer reads everything;
operator also imports, edits high-interest objects, runs analyses and CDMs;
admin also manages accounts and reads the audit log.

The password is read from the terminal (twice, not echoed), or from the first
line of standard input with --password-stdin (for scripts). Passwords are stored
as scrypt hashes. 'token add' prints a new API token once: scripts send it as
"Authorization: Bearer <token>"; only its SHA-256 is stored. A token outlives a
password change (revoke it with 'token revoke'). 'list' and 'token list' say where
each came from (createdVia): cli, api (an admin signed in), or api_auth_off (the
API while AUTH was off, when any local process could make one: check those).

The database is the server's (DATA_DIR or DATABASE_URL). The embedded database
can be opened by one process at a time: while \`ssa serve\` runs on it, manage
accounts through the API (/api/users, admin) instead.
`;

interface Io {
  out: (line: string) => void;
  /** Reads a password: from stdin's first line, or prompted on the terminal. */
  password?: (fromStdin: boolean) => Promise<string>;
}

const defaultIo: Io = { out: (line) => process.stdout.write(`${line}\n`) };

export async function userCommand(args: string[], env: Record<string, string | undefined>, io: Io = defaultIo): Promise<void> {
  const { values, positionals } = parseCommandLine(
    args,
    {
      role: { type: 'string' },
      label: { type: 'string' },
      'password-stdin': { type: 'boolean' },
      'data-dir': { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
    USER_USAGE,
    true,
  );
  if (values.help || positionals.length === 0) {
    if (!values.help) throw new UsageError('missing user command', USER_USAGE);
    process.stdout.write(USER_USAGE);
    return;
  }
  const [sub, ...rest] = positionals;
  const arity = (n: number, what: string) => {
    if (rest.length !== n) throw new UsageError(`user ${what} takes ${n === 1 ? 'one argument' : `${n} arguments`}, got ${rest.length}`, USER_USAGE);
  };
  const plan = (): ((run: Runner) => Promise<void>) => {
    switch (sub) {
      case 'add': {
        arity(1, 'add');
        const role = values.role;
        if (!role) throw new UsageError(`user add needs --role (${ROLES.join(', ')})`, USER_USAGE);
        return async (run) => {
          const password = await readPassword(io, values['password-stdin'] === true);
          const user = await run.accounts.addUser({ username: rest[0]!, password, role }, new Date());
          await run.audit('user add', { username: user.username, role: user.role });
          io.out(JSON.stringify({ id: user.id, username: user.username, role: user.role }));
        };
      }
      case 'list':
        arity(0, 'list');
        return async (run) => {
          for (const u of await run.accounts.listUsers()) io.out(JSON.stringify({ id: u.id, username: u.username, role: u.role, createdAt: u.createdAt.toISOString(), createdVia: u.createdVia }));
        };
      case 'role':
        arity(2, 'role');
        return async (run) => {
          const user = await run.accounts.updateUser(rest[0]!, { role: rest[1]! }, new Date());
          await run.audit('user role', { username: user.username, role: user.role });
          io.out(JSON.stringify({ id: user.id, username: user.username, role: user.role }));
        };
      case 'password':
        arity(1, 'password');
        return async (run) => {
          if (!(await run.accounts.findUser(rest[0]!))) throw new AccountError('not-found', `no user named '${rest[0]}'`);
          const password = await readPassword(io, values['password-stdin'] === true);
          const user = await run.accounts.updateUser(rest[0]!, { password }, new Date());
          await run.audit('user password', { username: user.username });
          io.out(JSON.stringify({ id: user.id, username: user.username, passwordChanged: true }));
        };
      case 'remove':
        arity(1, 'remove');
        return async (run) => {
          const user = await run.accounts.removeUser(rest[0]!);
          await run.audit('user remove', { username: user.username });
          io.out(JSON.stringify({ removed: user.username }));
        };
      case 'token':
        return tokenPlan(rest, values.label, io);
      default:
        throw new UsageError(`unknown user command '${sub}'`, USER_USAGE);
    }
  };
  const work = plan();

  const config = loadConfig({ ...env, LOG_LEVEL: env.LOG_LEVEL ?? 'warn', ...(values['data-dir'] !== undefined && { DATA_DIR: values['data-dir'] }) });
  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
  try {
    const ctx = createAppContext(config, database, VERSION);
    await work({ accounts: ctx.services.accounts, audit: (action, detail) => auditCli(ctx.services.accounts, action, 0, detail) });
  } catch (error) {
    // Account rules (bad name, duplicate, last admin, unknown user) are the caller's input: exit 2.
    if (error instanceof AccountError) throw new UsageError(error.message, '');
    throw error;
  } finally {
    await database.close();
  }
}

interface Runner {
  accounts: ReturnType<typeof createAppContext>['services']['accounts'];
  audit: (action: string, detail: Record<string, unknown>) => Promise<void>;
}

function tokenPlan(args: string[], label: string | undefined, io: Io): (run: Runner) => Promise<void> {
  const [verb, ...rest] = args;
  const tokenJson = (t: { id: number; username: string; label: string; prefix: string; createdAt: Date; lastUsedAt: Date | null; revokedAt: Date | null; createdVia: string | null }) => ({
    id: t.id,
    username: t.username,
    label: t.label,
    prefix: t.prefix,
    createdAt: t.createdAt.toISOString(),
    lastUsedAt: t.lastUsedAt?.toISOString() ?? null,
    revokedAt: t.revokedAt?.toISOString() ?? null,
    createdVia: t.createdVia,
  });
  switch (verb) {
    case 'add':
      if (rest.length !== 1) throw new UsageError('user token add takes one NAME', USER_USAGE);
      if (!label) throw new UsageError('user token add needs --label TEXT (what the token is for)', USER_USAGE);
      return async (run) => {
        const { token, record } = await run.accounts.createToken(rest[0]!, label, new Date());
        await run.audit('user token add', { username: record.username, tokenId: record.id, label: record.label });
        io.out(JSON.stringify({ token, ...tokenJson(record) }));
      };
    case 'list':
      if (rest.length > 1) throw new UsageError('user token list takes at most one NAME', USER_USAGE);
      return async (run) => {
        for (const t of await run.accounts.listTokens(rest[0])) io.out(JSON.stringify(tokenJson(t)));
      };
    case 'revoke': {
      const id = Number(rest[0]);
      if (rest.length !== 1 || !Number.isInteger(id) || id < 1 || id > 2_147_483_647) throw new UsageError(`user token revoke takes one token ID, got '${rest.join(' ')}'`, USER_USAGE);
      return async (run) => {
        await run.accounts.revokeToken(id, new Date());
        await run.audit('user token revoke', { tokenId: id });
        io.out(JSON.stringify({ revoked: id }));
      };
    }
    default:
      throw new UsageError(verb ? `unknown user token command '${verb}'` : 'missing user token command (add, list, revoke)', USER_USAGE);
  }
}

async function readPassword(io: Io, fromStdin: boolean): Promise<string> {
  if (io.password) return io.password(fromStdin);
  if (fromStdin) {
    const chunks: Buffer[] = [];
    for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
    const line = Buffer.concat(chunks).toString('utf8').split(/\r?\n/, 1)[0] ?? '';
    if (line === '') throw new UsageError('--password-stdin: standard input holds no password', USER_USAGE);
    return line;
  }
  if (!process.stdin.isTTY) throw new UsageError('no terminal to ask for the password: pipe it in with --password-stdin', USER_USAGE);
  const first = await prompt('Password: ');
  const second = await prompt('Again: ');
  if (first !== second) throw new UsageError('the two passwords differ', USER_USAGE);
  return first;
}

/** Reads one line from the terminal without echoing it. */
function prompt(question: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const stdin = process.stdin;
    process.stderr.write(question);
    stdin.setRawMode(true);
    stdin.resume();
    let value = '';
    const onData = (data: Buffer) => {
      for (const ch of data.toString('utf8')) {
        if (ch === '\r' || ch === '\n') {
          finish();
          resolve(value);
          return;
        }
        if (ch === '\u0003') {
          finish();
          reject(new UsageError('cancelled', USER_USAGE));
          return;
        }
        if (ch === '\u007f' || ch === '\b') value = value.slice(0, -1);
        else value += ch;
      }
    };
    const finish = () => {
      stdin.off('data', onData);
      stdin.setRawMode(false);
      stdin.pause();
      process.stderr.write('\n');
    };
    stdin.on('data', onData);
  });
}
