import cookie from '@fastify/cookie';
import csrf from '@fastify/csrf-protection';
import rateLimit from '@fastify/rate-limit';
import session from '@fastify/session';
import type { FastifyInstance, FastifyRequest, Session } from 'fastify';
import type { SessionStore } from '@fastify/session';
import { isLoopbackHost, type Config } from '../config.ts';
import type { SessionRepository, StoredSession } from '../repositories/session-repository.ts';
import { roleAllows, type AccountService, type Principal } from '../services/account-service.ts';
import type { Role } from '../repositories/account-repository.ts';
import { HttpError } from './errors.ts';

/**
 * Who may do what (issue 12), in one place, before any body is parsed:
 *
 * 1. Host: only the hosts this server is for (loopback names, and PUBLIC_ORIGIN's) are answered, so
 *    a DNS-rebound name pointing at 127.0.0.1 reaches nothing (OWASP, "DNS rebinding").
 * 2. Origin: a write from a browser must come from this server's own origin. Browsers send
 *    `Origin` on every cross-origin POST, whatever its content type (Fetch standard, §3.1 "Origin
 *    header"), and `Sec-Fetch-Site` says whether it was same-origin; both are checked, so the
 *    "simple" text/plain POST that needs no preflight is refused too. Clients that send neither
 *    (curl, scripts) are not browsers and cannot be made to ride a user's cookie.
 * 3. With AUTH=on: a principal (session cookie or bearer token) and its role: viewer reads,
 *    operator writes, admin manages accounts. Cookie-authenticated writes also need the session's
 *    CSRF token (@fastify/csrf-protection, `x-csrf-token`); bearer requests carry no ambient
 *    credential and need none.
 * 4. Rate limits (AUTH=on): login per account and address, writes per principal
 *    (@fastify/rate-limit, in memory per instance).
 * 5. Every write leaves an audit row: who, what, when, and how it ended.
 *
 * With AUTH=off (only allowed on loopback) the local operator is an admin, as before issue 12.
 */

export type Access = 'public' | Role;

declare module 'fastify' {
  interface FastifyRequest {
    /** Who is asking; null for anonymous requests to public routes. */
    principal: Principal | null;
    /** What the write did, as the route tells it (e.g. an alert's status before and after): kept in the audit row's detail as `result`. */
    auditResult: Record<string, unknown> | null;
  }
  interface FastifyContextConfig {
    /** Who may call the route; default: viewer for GET/HEAD, operator for other methods. */
    access?: Access;
    /** Leaves the route out of the audit log (login records its own row, with the attempted name). */
    audit?: false;
    /** Body fields recorded in the audit row besides params and query (never secrets). */
    auditBody?: readonly string[];
  }
  interface Session {
    userId?: number;
  }
}

const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
export const isWrite = (method: string) => !READ_METHODS.has(method);

export const SESSION_COOKIE = 'dataforge_session';

export interface AccessOptions {
  config: Config;
  accounts: AccountService;
  sessions: SessionRepository;
  /** The session-signing secret (SESSION_SECRET, or one generated once and kept in app_meta). */
  sessionSecret?: string;
  log: { warn(obj: object, msg?: string): void };
}

/** The hosts a request may name: loopback always, and the configured public origins' hosts. */
function allowedHosts(config: Config): { names: Set<string>; hostPorts: Set<string> } {
  const hostPorts = new Set<string>();
  for (const origin of config.PUBLIC_ORIGIN) hostPorts.add(new URL(origin).host.toLowerCase());
  return { names: new Set(['localhost', '127.0.0.1', '[::1]']), hostPorts };
}

/**
 * A Host header value as RFC 9110 §7.2 defines it: `uri-host [ ":" port ]`, the uri-host a DNS name,
 * an IPv4 address or a bracketed IPv6 literal (RFC 3986 §3.2.2), the port digits. Of reg-name's
 * other characters (sub-delims, percent-encoding) no name this server answers for uses any, so
 * they are refused with the rest: "127.0.0.1:5083@evil.example" and "127.0.0.1:5083 evil.example"
 * (issue 30 item 5) parse as no host at all rather than as 127.0.0.1.
 */
const HOST_VALUE = /^(\[[0-9a-f:.]+\]|[a-z0-9_](?:[a-z0-9_.-]*[a-z0-9_])?)(?::[0-9]{1,5})?$/;

/** The hostname of a Host header value ('[::1]:5000' → '[::1]'), lower-cased; null when it is not one. */
export function hostName(host: string): string | null {
  const m = HOST_VALUE.exec(host.toLowerCase());
  return m ? m[1]! : null;
}

export async function registerAccess(app: FastifyInstance, options: AccessOptions): Promise<void> {
  const { config, accounts } = options;
  const authOn = config.AUTH === 'on';
  const hosts = allowedHosts(config);
  const publicOrigins = new Set(config.PUBLIC_ORIGIN);
  const behindHttpsProxy = config.TRUST_PROXY !== false;

  app.decorateRequest('principal', null);
  app.decorateRequest('auditResult', null);

  // 1 and 2: Host and Origin, in every mode (a loopback server is a target of CSRF and rebinding too).
  app.addHook('onRequest', async (request) => {
    // Origin-form targets only (RFC 9112 §3.2.1): an absolute-form target ("POST http://host/api/…")
    // names its host twice, and nothing here needs it.
    if (!request.raw.url?.startsWith('/')) throw new HttpError(400, 'The request target must be a path starting with /');
    // request.host is X-Forwarded-Host behind a trusted proxy (TRUST_PROXY), else Host.
    const host = request.host ?? '';
    const name = hostName(host);
    if (name === null || (!hosts.names.has(name) && !hosts.hostPorts.has(host.toLowerCase()))) {
      throw new HttpError(421, `This server does not answer for host '${host.slice(0, 100)}'${config.PUBLIC_ORIGIN.length ? '' : ' (set PUBLIC_ORIGIN to serve it)'}`);
    }
    if (!isWrite(request.method)) return;
    const origin = request.headers.origin;
    const fetchSite = request.headers['sec-fetch-site'];
    if (origin !== undefined) {
      const own = `${request.protocol}://${host.toLowerCase()}`;
      if (origin.toLowerCase() !== own && !publicOrigins.has(origin)) {
        throw new HttpError(403, `Cross-origin write refused: origin '${origin.slice(0, 200)}' is not this server's`);
      }
    } else if (fetchSite !== undefined && fetchSite !== 'same-origin' && fetchSite !== 'none') {
      throw new HttpError(403, `Cross-origin write refused (Sec-Fetch-Site: ${String(fetchSite).slice(0, 40)})`);
    }
  });

  // Issue 30 item 5: no API answer is kept by a cache unless its route says how (the polls' ETag
  // snapshots revalidate with no-cache, the web app's assets are immutable): accounts, tokens, the
  // audit and the session must not outlive a sign-out in a shared or back-button cache (RFC 9111 §5.2.2.5).
  app.addHook('onSend', async (request, reply) => {
    if (request.url.startsWith('/api/') && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
  });

  // HSTS only where it is true: a request that reached us over HTTPS through a trusted proxy
  // (RFC 6797 §7.2: not over plain HTTP).
  if (behindHttpsProxy) {
    app.addHook('onSend', async (request, reply) => {
      if (request.protocol === 'https') reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
    });
  }

  // @fastify/rate-limit in both modes (its createRateLimit also samples the audit rows of anonymous
  // refusals); as a hook on every route only with accounts: writes per principal.
  await app.register(rateLimit, {
    global: authOn,
    max: config.WRITES_PER_MINUTE,
    timeWindow: '1 minute',
    // Reads are not limited (the dashboard polls); writes are counted per principal.
    allowList: (request) => !isWrite(request.method),
    keyGenerator: (request) => (request.principal ? `user:${request.principal.username}` : `ip:${request.ip}`),
    errorResponseBuilder: (_request, context) =>
      new HttpError(context.statusCode, `Too many requests: at most ${context.max} in ${context.after === '1 minute' ? 'a minute' : context.after}; try again in ${Math.ceil(context.ttl / 1000)} s`),
  });

  if (!authOn) {
    app.addHook('onRequest', async (request) => {
      request.principal = { userId: null, username: config.OPERATOR_LABEL, role: 'admin', via: 'local' };
    });
    registerAudit(app, accounts, options.log);
    return;
  }

  if (!options.sessionSecret) throw new Error('registerAccess: AUTH=on needs a session secret');
  await app.register(cookie);
  await app.register(session, {
    secret: options.sessionSecret,
    cookieName: SESSION_COOKIE,
    store: sessionStore(options.sessions, config.SESSION_HOURS),
    saveUninitialized: false,
    rolling: false,
    cookie: {
      path: '/',
      httpOnly: true,
      // Secure when users reach the server over HTTPS (an https PUBLIC_ORIGIN, through a
      // TLS-terminating proxy). A plain-HTTP loopback server cannot use Secure: the plugin would
      // not set the cookie over HTTP. (Its 'auto' mode would also downgrade SameSite to Lax.)
      secure: config.PUBLIC_ORIGIN.some((origin) => origin.startsWith('https:')),
      sameSite: 'strict',
      maxAge: config.SESSION_HOURS * 3_600_000,
    },
  });
  await app.register(csrf, { sessionPlugin: '@fastify/session' });

  // 3: authentication and the role a route needs.
  app.addHook('onRequest', async (request) => {
    request.principal = await authenticate(request, accounts);
    const access = requiredAccess(request);
    if (access === 'public') return;
    if (!request.principal) throw new HttpError(401, 'Sign in required');
    if (!roleAllows(request.principal.role, access)) {
      const article = request.principal.role === 'viewer' ? 'a' : 'an';
      throw new HttpError(403, `This needs the ${access} role; '${request.principal.username}' is ${article} ${request.principal.role}`);
    }
  });
  // Cookie-authenticated writes: the session's CSRF token (the plugin answers 403 itself).
  app.addHook('onRequest', (request, reply, done) => {
    if (isWrite(request.method) && request.principal?.via === 'session') app.csrfProtection(request, reply, done);
    else done();
  });

  registerAudit(app, accounts, options.log);
}

/**
 * The access a request needs, from the route the router matched (its registered pattern), never from
 * the raw URL: '/%61pi/…' and other spellings reach the same route and need the same role. A route's
 * declared access wins; otherwise reads need a viewer and writes an operator. The one exception is
 * reading the web app's pages and assets (the static wildcard, and the not-found handler that answers
 * index.html or a 404): public, since the login page must load.
 */
function requiredAccess(request: FastifyRequest): Access {
  const declared = request.routeOptions.config?.access;
  if (declared) return declared;
  const pattern = request.routeOptions.url;
  const apiRoute = pattern !== undefined && (pattern === '/api' || pattern.startsWith('/api/'));
  if (!apiRoute && !isWrite(request.method)) return 'public';
  return isWrite(request.method) ? 'operator' : 'viewer';
}

async function authenticate(request: FastifyRequest, accounts: AccountService): Promise<Principal | null> {
  const header = request.headers.authorization;
  if (header !== undefined) {
    const match = /^Bearer\s+(\S+)$/i.exec(header);
    if (!match) throw new HttpError(401, 'Authorization must be "Bearer <token>"');
    const principal = await accounts.authenticateToken(match[1]!, new Date());
    if (!principal) throw new HttpError(401, 'The API token is unknown or revoked');
    return principal;
  }
  const userId = request.session?.userId;
  if (typeof userId !== 'number') return null;
  const principal = await accounts.principalOfUser(userId);
  // The account was removed since sign-in: its sessions are gone from the store (cascade), this
  // one just raced it.
  return principal ?? null;
}

/** The @fastify/session store on our sessions table (express-session's callback interface). */
function sessionStore(repo: SessionRepository, hours: number): SessionStore {
  return {
    set(sid, data, callback) {
      const cookie = (data as { cookie?: { expires?: Date | string | null } }).cookie;
      const expires = cookie?.expires ? new Date(cookie.expires) : new Date(Date.now() + hours * 3_600_000);
      repo.set(sid, JSON.parse(JSON.stringify(data)) as StoredSession, expires).then(() => callback(), callback);
    },
    get(sid, callback) {
      repo.get(sid, new Date()).then((data) => {
        const cookie = data?.cookie as { expires?: unknown; originalExpires?: unknown } | undefined;
        // JSON kept the dates as strings; the plugin compares them as Dates.
        if (cookie && typeof cookie.expires === 'string') cookie.expires = new Date(cookie.expires);
        if (cookie && typeof cookie.originalExpires === 'string') cookie.originalExpires = new Date(cookie.originalExpires);
        callback(null, (data ?? null) as unknown as Session);
      }, callback);
    },
    destroy(sid, callback) {
      repo.destroy(sid).then(() => callback(), callback);
    },
  };
}

/** Audit rows of writes refused before anyone was known (no sign-in, foreign host or origin), per address and minute. */
const ANONYMOUS_AUDIT_PER_MINUTE = 30;

/**
 * 5: one audit row per write request, after it is answered, with its outcome. Writes refused before
 * a principal is known are recorded too, but at most ANONYMOUS_AUDIT_PER_MINUTE per address: a
 * flood of them must not fill the disk or bury the real entries (the excess is logged, not stored).
 */
function registerAudit(app: FastifyInstance, accounts: AccountService, log: AccessOptions['log']): void {
  const anonymousBudget = app.createRateLimit({ max: ANONYMOUS_AUDIT_PER_MINUTE, timeWindow: '1 minute', keyGenerator: (request) => `audit:${request.ip}` });
  app.addHook('onResponse', async (request, reply) => {
    if (!isWrite(request.method) || request.routeOptions.config?.audit === false) return;
    const principal = request.principal;
    const path = request.url.split('?', 1)[0] ?? '';
    const budget = principal ? undefined : await anonymousBudget(request);
    // (isAllowed means "on the allow list", which this limiter has none of.)
    if (budget && !budget.isAllowed && budget.isExceeded) {
      log.warn({ ip: request.ip, path: path.slice(0, 200), status: reply.statusCode }, 'anonymous write refused (audit rows for this address are capped)');
      return;
    }
    try {
      await accounts.recordAudit({
        at: new Date(),
        actor: principal?.username ?? 'anonymous',
        via: principal?.via ?? 'anonymous',
        role: principal?.role ?? null,
        method: request.method,
        action: request.routeOptions.url ?? path,
        path: path.slice(0, 500),
        status: reply.statusCode,
        ip: request.ip,
        detail: safeAuditDetail(request),
      });
    } catch (error) {
      log.warn({ err: error, path }, 'audit row not written');
    }
  });
}

/** The detail, or what kept it from being recorded: the row is written whatever the request held. */
function safeAuditDetail(request: FastifyRequest): Record<string, unknown> | null {
  try {
    return auditDetail(request);
  } catch (error) {
    return { unrecorded: storableText(error instanceof Error ? error.message : String(error)) };
  }
}

/** The most of an audit row's detail kept, as JSON characters. */
const MAX_DETAIL_CHARS = 2000;

/**
 * What the write was about: route parameters, the query, and the body fields the route names as
 * safe to record (`config.auditBody`, e.g. an account's username and role; never a password).
 */
function auditDetail(request: FastifyRequest): Record<string, unknown> | null {
  const detail: Record<string, unknown> = {};
  if (request.params && typeof request.params === 'object' && Object.keys(request.params).length) detail.params = request.params;
  if (request.query && typeof request.query === 'object' && Object.keys(request.query).length) detail.query = request.query;
  const fields = request.routeOptions.config?.auditBody;
  if (fields && request.body && typeof request.body === 'object') {
    const body = request.body as Record<string, unknown>;
    const picked = Object.fromEntries(fields.filter((f) => body[f] !== undefined).map((f) => [f, body[f]]));
    if (Object.keys(picked).length) detail.body = picked;
  }
  if (request.auditResult) detail.result = request.auditResult;
  if (!Object.keys(detail).length) return null;
  const kept = storable(detail) as Record<string, unknown>;
  const json = JSON.stringify(kept);
  // A cut between the halves of a surrogate pair would leave a lone one, which jsonb refuses.
  return json.length <= MAX_DETAIL_CHARS ? kept : { truncated: json.slice(0, MAX_DETAIL_CHARS).replace(/[\uD800-\uDBFF]$/, '') };
}

/** How deep and how many values of a write's detail the audit keeps (issue 30 item 2). */
const MAX_DETAIL_DEPTH = 8;
const MAX_DETAIL_VALUES = 1000;
/** Of each array or object, the first this many entries. */
const MAX_DETAIL_ENTRIES = 50;

/** PostgreSQL text and jsonb hold neither U+0000 nor lone surrogates: replace them (lone surrogates become U+FFFD, as String.prototype.toWellFormed does). */
function storableText(value: string): string {
  return value.slice(0, 500).replaceAll('\u0000', '\uFFFD').replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD');
}

/**
 * A copy of a write's detail that jsonb can hold, bounded: text cleaned and cut at 500 characters,
 * the first 50 entries of each array or object, 8 levels deep and 1,000 values at most, each cut
 * said in place. Iterative (issue 30 item 2): a body nested 10,000 deep overflowed the stack of the
 * recursive version, and the write went unaudited.
 */
export function storable(root: unknown): unknown {
  const result: { value?: unknown } = {};
  const pending: { value: unknown; depth: number; put: (v: unknown) => void }[] = [{ value: root, depth: 0, put: (v) => (result.value = v) }];
  let values = 0;
  while (pending.length > 0) {
    const { value, depth, put } = pending.pop()!;
    values += 1;
    if (values > MAX_DETAIL_VALUES) put(`[cut: more than ${MAX_DETAIL_VALUES} values]`);
    else if (typeof value === 'string') put(storableText(value));
    else if (value === null || typeof value !== 'object') put(typeof value === 'bigint' ? String(value) : value);
    else if (depth >= MAX_DETAIL_DEPTH) put(`[cut: nested deeper than ${MAX_DETAIL_DEPTH} levels]`);
    else if (Array.isArray(value)) {
      const copy: unknown[] = new Array<unknown>(Math.min(value.length, MAX_DETAIL_ENTRIES)).fill(null);
      put(copy);
      // Pushed last to first, so that the first entries are taken first when the value budget runs out.
      for (let i = copy.length - 1; i >= 0; i -= 1) pending.push({ value: value[i], depth: depth + 1, put: (v) => (copy[i] = v) });
    } else {
      const copy: Record<string, unknown> = {};
      put(copy);
      const entries = Object.entries(value).slice(0, MAX_DETAIL_ENTRIES);
      // Keys set now keep the source's order; the values arrive as the walk reaches them.
      for (const [k] of entries) copy[storableText(k)] = null;
      for (let i = entries.length - 1; i >= 0; i -= 1) {
        const [k, v] = entries[i]!;
        pending.push({ value: v, depth: depth + 1, put: (x) => (copy[storableText(k)] = x) });
      }
    }
  }
  return result.value;
}

/** Used by the login route: is a loopback server without accounts (and the UI needs no login)? */
export const authRequired = (config: Config) => config.AUTH === 'on';
export { isLoopbackHost };
