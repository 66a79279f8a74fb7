import { createAppContext } from '../../server/app-context.ts';
import { loadConfig } from '../../server/config.ts';
import { DatabaseError, openDatabase } from '../../server/db/database.ts';
import { NotificationRuleCreate } from '../../contracts/notifications.ts';
import { NotificationError, type NotificationService } from '../../server/services/notifications/notification-service.ts';
import { VERSION } from '../../server/version.ts';
import { auditCli, cliActor } from '../audit.ts';
import { parseCommandLine } from '../parse.ts';
import { UsageError } from '../usage-error.ts';

export const NOTIFY_USAGE = `Usage: ssa notify add webhook URL --secret S [rule options]
       ssa notify add email ADDRESS [rule options]
       ssa notify list
       ssa notify test ID
       ssa notify remove ID
Rule options: [--min-risk high|critical|medium|low] [--min-pc P] [--scope fleet|all]
              [--events new_alert,risk_raised,tca_near,plan_screened,status_changed,daily_digest]
              [--tca-hours H]
Options: [--data-dir DIR]

Notification rules (issue 29): which alert events reach a webhook (a signed JSON POST)
or an e-mail address (through SMTP_URL, or the SMTP server stored on /config).
A rule fires when the alert's risk is at least --min-risk or its Pc at least --min-pc
(either one, with both; every alert, with neither), for fleet objects (default) or all.
Default events: new_alert,risk_raised. --tca-hours: tca_near's hours (default 24).

The webhook's --secret (at least 16 characters) signs every message; it is stored
encrypted with NOTIFY_SECRET_KEY, which must be set (openssl rand -hex 32), the same
as the server's. 'list' prints one JSON rule per line (never a secret). 'test' sends a
test message now and prints its delivery; one that fails stays queued for the server's
retries.

The database is the server's (DATA_DIR or DATABASE_URL). The embedded database can be
opened by one process at a time: while \`ssa serve\` runs on it, manage notifications
through the API (/api/notifications, admin) or /config instead.
`;

interface Io {
  out: (line: string) => void;
}

const defaultIo: Io = { out: (line) => process.stdout.write(`${line}\n`) };

interface Runner {
  notifications: NotificationService;
  audit: (action: string, detail: Record<string, unknown>) => Promise<void>;
}

const ruleId = (value: string | undefined): number => {
  const id = Number(value);
  if (value === undefined || !/^\d+$/.test(value) || id < 1 || id > 2_147_483_647) throw new UsageError(`a rule ID is a positive whole number, got '${value ?? ''}'`, NOTIFY_USAGE);
  return id;
};

export async function notifyCommand(args: string[], env: Record<string, string | undefined>, io: Io = defaultIo): Promise<void> {
  const { values, positionals } = parseCommandLine(
    args,
    {
      secret: { type: 'string' },
      'min-risk': { type: 'string' },
      'min-pc': { type: 'string' },
      scope: { type: 'string' },
      events: { type: 'string' },
      'tca-hours': { type: 'string' },
      'data-dir': { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
    NOTIFY_USAGE,
    true,
  );
  if (values.help || positionals.length === 0) {
    if (!values.help) throw new UsageError('missing notify command (add, list, test, remove)', NOTIFY_USAGE);
    process.stdout.write(NOTIFY_USAGE);
    return;
  }
  const [sub, ...rest] = positionals;
  const plan = (): ((run: Runner) => Promise<void>) => {
    switch (sub) {
      case 'add': {
        if (rest.length !== 2) throw new UsageError(`notify add takes a channel (webhook, email) and its target, got ${rest.length} arguments`, NOTIFY_USAGE);
        const [channel, target] = rest as [string, string];
        if (channel !== 'webhook' && channel !== 'email') throw new UsageError(`notify add: unknown channel '${channel}' (webhook or email)`, NOTIFY_USAGE);
        if (channel === 'webhook' && values.secret === undefined) throw new UsageError('notify add webhook needs --secret S (at least 16 characters): the receiver checks each message’s signature with it', NOTIFY_USAGE);
        const number = (name: string, value: string | undefined) => {
          if (value === undefined) return undefined;
          const n = Number(value);
          if (value.trim() === '' || !Number.isFinite(n)) throw new UsageError(`--${name} must be a number, got '${value}'`, NOTIFY_USAGE);
          return n;
        };
        const parsed = NotificationRuleCreate.safeParse({
          channel,
          target,
          ...(values.secret !== undefined && { secret: values.secret }),
          ...(values['min-risk'] !== undefined && { minRisk: values['min-risk'] }),
          ...(values['min-pc'] !== undefined && { minPc: number('min-pc', values['min-pc']) }),
          ...(values.scope !== undefined && { scope: values.scope }),
          ...(values.events !== undefined && { events: values.events.split(',').map((e) => e.trim()).filter((e) => e !== '') }),
          ...(values['tca-hours'] !== undefined && { tcaWithinHours: number('tca-hours', values['tca-hours']) }),
        });
        if (!parsed.success) {
          const names: Record<string, string> = { minRisk: '--min-risk', minPc: '--min-pc', scope: '--scope', events: '--events', tcaWithinHours: '--tca-hours', secret: '--secret', target: channel === 'webhook' ? 'URL' : 'ADDRESS' };
          const issue = parsed.error.issues[0]!;
          const field = String(issue.path[0] ?? '');
          throw new UsageError(`${names[field] ?? field}: ${issue.message}`, NOTIFY_USAGE);
        }
        return async (run) => {
          const rule = await run.notifications.createRule(parsed.data, cliActor());
          await run.audit('notify add', { ruleId: rule.id, channel: rule.channel, target: rule.target, events: rule.events });
          io.out(JSON.stringify(rule));
        };
      }
      case 'list':
        if (rest.length !== 0) throw new UsageError('notify list takes no arguments', NOTIFY_USAGE);
        return async (run) => {
          for (const rule of await run.notifications.listRules()) io.out(JSON.stringify(rule));
        };
      case 'test': {
        if (rest.length !== 1) throw new UsageError('notify test takes one rule ID', NOTIFY_USAGE);
        const id = ruleId(rest[0]);
        return async (run) => {
          const queued = await run.notifications.testRule(id);
          await run.audit('notify test', { ruleId: id, deliveryId: queued.id });
          // Sent from here, now: the server may not be running (it would otherwise send it within a second).
          await run.notifications.sendOne(queued.id);
          const delivery = await run.notifications.delivery(queued.id);
          io.out(JSON.stringify(delivery));
          if (delivery.status !== 'delivered') {
            process.stderr.write(`ssa: the test message was not delivered: ${delivery.lastError ?? delivery.status}. It stays queued: the server retries it.\n`);
            process.exitCode = 1;
          }
        };
      }
      case 'remove': {
        if (rest.length !== 1) throw new UsageError('notify remove takes one rule ID', NOTIFY_USAGE);
        const id = ruleId(rest[0]);
        return async (run) => {
          const rule = await run.notifications.removeRule(id);
          await run.audit('notify remove', { ruleId: id, channel: rule.channel, target: rule.target });
          io.out(JSON.stringify({ removed: id }));
        };
      }
      default:
        throw new UsageError(`unknown notify command '${sub}'`, NOTIFY_USAGE);
    }
  };
  const work = plan();

  const config = loadConfig({ ...env, LOG_LEVEL: env.LOG_LEVEL ?? 'warn', ...(values['data-dir'] !== undefined && { DATA_DIR: values['data-dir'] }) });
  let database;
  try {
    database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
  } catch (error) {
    if (error instanceof DatabaseError && / is in use by /.test(error.message)) {
      throw new DatabaseError(`${error.message} While \`ssa serve\` runs on it, manage notifications through the API (/api/notifications, admin) or /config.`);
    }
    throw error;
  }
  try {
    const ctx = createAppContext(config, database, VERSION);
    await work({
      notifications: ctx.services.notifications,
      audit: (action, detail) => auditCli(ctx.services.accounts, action, 0, detail),
    });
  } catch (error) {
    // A rule the service refuses (no secret key, bad target, unknown ID) is the caller's input: exit 2.
    if (error instanceof NotificationError) throw new UsageError(error.message, '');
    throw error;
  } finally {
    await database.close();
  }
}
