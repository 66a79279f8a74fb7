import type { FetchOptions } from './celestrak.ts';

/**
 * Space-Track (https://www.space-track.org/documentation#/api): log in with POST /ajaxauth/login
 * (form fields identity, password) to get a session cookie, then GET /<controller>/query/class/…
 * with that cookie. A failed login answers 200 with {"Login":"Failed"}.
 *
 * One SpaceTrackClient per account and process holds the session cookie (reused until it expires
 * or a query answers 401: then one new login) and takes every request, login included, through one
 * rate limiter: Space-Track's published limits are fewer than 30 requests a minute and 300 an hour
 * per account ("API Use Guidelines"; the same figures in the brahe client's rate-limiting page,
 * duncaneddy.github.io/brahe/latest/learn/ephemeris/spacetrack/rate_limiting.html, whose defaults of
 * 25/min and 250/h, ~83 % of the limits, leave room for clock drift and for another client of the
 * same account: ours are the same). The catalogue updater and the CDM feed share the client.
 *
 * An HTTP 429 or 5xx starts a back-off (exponential, capped, with "equal jitter": half the delay
 * fixed, half random; Brooker, "Exponential Backoff And Jitter", AWS Architecture Blog, 2015),
 * longer if the answer's Retry-After asks for more; until it ends every request is refused here,
 * with the reason and the end in words ("Backing off after HTTP 429 until 12:34 UTC"), so that the
 * data-sources panel says it. A success ends it.
 *
 * The password is kept in a private field and sent only in the login's body: no error, log line or
 * status built here contains it (and none contains a response body of the login).
 */

/** The whole current catalogue as Space-Track recommends it: decay_date null, epoch within 30 days, as 3LE. */
export const SPACE_TRACK_GP_QUERY = '/basicspacedata/query/class/gp/decay_date/null-val/epoch/%3Enow-30/orderby/norad_cat_id/format/3le';

export interface SpaceTrackCredentials {
  identity: string;
  password: string;
}

/** A login refused (bad credentials) or without a session cookie. */
export class SpaceTrackLoginError extends Error {}

/** A request not sent, or answered 429/5xx: Space-Track is being left alone until `until`. */
export class SpaceTrackBackoffError extends Error {
  constructor(
    readonly status: number,
    readonly until: Date,
    now: Date,
  ) {
    super(backoffText(status, until, now));
  }
}

/** Any other answer that is not a success (4xx but 401/429). */
export class SpaceTrackHttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** "12:34 UTC", or with the date when the end is not today (by the clock that set it). */
function utcClock(until: Date, now: Date): string {
  const iso = until.toISOString();
  const hhmm = `${iso.slice(11, 16)} UTC`;
  return iso.slice(0, 10) === now.toISOString().slice(0, 10) ? hhmm : `${iso.slice(0, 10)} ${hhmm}`;
}

function backoffText(status: number, until: Date, now: Date): string {
  return `Backing off after HTTP ${status} until ${utcClock(until, now)}`;
}

export interface RateWindow {
  windowMs: number;
  /** At most this many requests in any window of `windowMs`. */
  max: number;
}

/** 25 a minute and 250 an hour: under Space-Track's 30 and 300 with a margin (see above). */
export const SPACE_TRACK_LIMITS: readonly RateWindow[] = [
  { windowMs: 60_000, max: 25 },
  { windowMs: 3_600_000, max: 250 },
];

export interface Clock {
  now(): number;
  sleep(ms: number): Promise<void>;
}

const realClock: Clock = { now: () => Date.now(), sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)) };

/**
 * A sliding-window limiter over several windows: a request may go when fewer than `max` requests
 * went in the last `windowMs` of every window; otherwise it waits until the oldest of them leaves
 * the window. Callers are served one at a time, in order, so two cannot take the same last slot.
 */
export class SlidingWindowLimiter {
  private readonly sent: number[] = [];
  private queue: Promise<void> = Promise.resolve();

  constructor(
    readonly windows: readonly RateWindow[] = SPACE_TRACK_LIMITS,
    private readonly clock: Clock = realClock,
  ) {}

  /** How long a request at `now` must wait (0: it may go now). */
  delayMs(now: number): number {
    let wait = 0;
    for (const { windowMs, max } of this.windows) {
      const inWindow = this.sent.filter((t) => t > now - windowMs);
      if (inWindow.length >= max) wait = Math.max(wait, inWindow[inWindow.length - max]! + windowMs - now);
    }
    return wait;
  }

  /** Resolves when a request may be sent, and counts it as sent. */
  acquire(): Promise<void> {
    const turn = this.queue.then(async () => {
      for (let wait = this.delayMs(this.clock.now()); wait > 0; wait = this.delayMs(this.clock.now())) await this.clock.sleep(wait);
      const now = this.clock.now();
      this.sent.push(now);
      // Only the longest window's requests are needed.
      const longest = Math.max(...this.windows.map((w) => w.windowMs));
      while (this.sent.length > 0 && this.sent[0]! <= now - longest) this.sent.shift();
    });
    this.queue = turn.catch(() => undefined);
    return turn;
  }
}

export interface BackoffOptions {
  /** The first delay, ms (doubled at each failure in a row). */
  baseMs: number;
  /** The longest delay, ms. */
  capMs: number;
  /** [0, 1): Math.random unless a test pins it. */
  random?: () => number;
}

export const SPACE_TRACK_BACKOFF: BackoffOptions = { baseMs: 60_000, capMs: 3_600_000 };

/** The back-off state: how many failures in a row, and until when requests are held. */
export class Backoff {
  private failures = 0;
  private state: { status: number; until: number } | undefined;

  constructor(private readonly options: BackoffOptions = SPACE_TRACK_BACKOFF) {}

  /** A 429/5xx at `now`: the end of the back-off (equal jitter over the capped exponential delay; at least `retryAfterMs`). */
  failure(status: number, now: number, retryAfterMs?: number): Date {
    this.failures += 1;
    const delay = Math.min(this.options.capMs, this.options.baseMs * 2 ** (this.failures - 1));
    const jittered = delay / 2 + (this.options.random ?? Math.random)() * (delay / 2);
    const until = now + Math.max(jittered, retryAfterMs ?? 0);
    this.state = { status, until };
    return new Date(until);
  }

  success(): void {
    this.failures = 0;
    this.state = undefined;
  }

  /** The back-off in force at `now`, if any. */
  active(now: number): { status: number; until: Date } | undefined {
    return this.state && now < this.state.until ? { status: this.state.status, until: new Date(this.state.until) } : undefined;
  }
}

/** Retry-After (RFC 9110 §10.2.3): seconds, or an HTTP date. */
function retryAfterMs(header: string | null, now: number): number | undefined {
  if (!header) return undefined;
  if (/^\d+$/.test(header.trim())) return Number(header.trim()) * 1000;
  const at = Date.parse(header);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

/** The process's limiter for Space-Track (limits are per account; one process holds one account's clients). */
let processLimiter: SlidingWindowLimiter | undefined;
export function sharedSpaceTrackLimiter(): SlidingWindowLimiter {
  processLimiter ??= new SlidingWindowLimiter();
  return processLimiter;
}

export interface SpaceTrackClientOptions extends FetchOptions {
  identity: string;
  password: string;
  /** Default: the process's shared limiter (25/min, 250/h). */
  limiter?: SlidingWindowLimiter;
  backoff?: Backoff;
  /** Milliseconds since the epoch (tests pin it); default Date.now. */
  now?: () => number;
}

/** Minimal logger: the client writes only its own words (never a password or a login body). */
interface ClientLog {
  info?(obj: object, msg?: string): void;
}

export class SpaceTrackClient {
  readonly baseUrl: string;
  readonly identity: string;
  readonly #password: string;
  readonly #fetch: typeof fetch;
  private readonly timeoutMs: number;
  private readonly limiter: SlidingWindowLimiter;
  private readonly backoff: Backoff;
  private readonly now: () => number;
  private session: { cookie: string; expiresAt: number } | undefined;
  private loggingIn: Promise<string> | undefined;
  /** Logins made (tests: a session is reused across runs). */
  logins = 0;
  log: ClientLog | undefined;

  constructor(options: SpaceTrackClientOptions) {
    this.baseUrl = options.baseUrl;
    this.identity = options.identity;
    this.#password = options.password;
    this.#fetch = options.fetch ?? fetch;
    this.timeoutMs = options.timeoutMs ?? 120_000;
    this.limiter = options.limiter ?? sharedSpaceTrackLimiter();
    this.backoff = options.backoff ?? new Backoff();
    this.now = options.now ?? Date.now;
  }

  /** The back-off in force, in words (null: none). */
  backoffStatus(): string | null {
    const now = this.now();
    const active = this.backoff.active(now);
    return active ? backoffText(active.status, active.until, new Date(now)) : null;
  }

  /** The end of the back-off in force, if any. */
  backoffUntil(): Date | undefined {
    return this.backoff.active(this.now())?.until;
  }

  /** Not the password: what a log line or JSON.stringify of the client shows. */
  toJSON(): object {
    return { baseUrl: this.baseUrl, identity: this.identity };
  }

  /** GET `path` (a query URL path) with the session; logs in first, or again once when the session expired. */
  async query(path: string): Promise<string> {
    let cookie = await this.cookie();
    let res = await this.send(path, { headers: { cookie } });
    if (res.status === 401) {
      // The session expired (Space-Track's last about two hours): one new login, then the query once more.
      await res.body?.cancel();
      this.session = undefined;
      cookie = await this.cookie();
      res = await this.send(path, { headers: { cookie } });
    }
    if (res.status === 401) {
      await res.body?.cancel();
      this.session = undefined;
      throw new SpaceTrackHttpError(401, 'Space-Track refused the session (HTTP 401) right after a login');
    }
    if (!res.ok) {
      await res.body?.cancel();
      throw new SpaceTrackHttpError(res.status, `Space-Track answered ${res.status} ${res.statusText}`.trim());
    }
    const text = await res.text();
    this.backoff.success();
    return text;
  }

  /** The session cookie, logging in when there is none (concurrent callers share one login). */
  private async cookie(): Promise<string> {
    if (this.session && this.now() < this.session.expiresAt) return this.session.cookie;
    this.loggingIn ??= this.login().finally(() => {
      this.loggingIn = undefined;
    });
    return this.loggingIn;
  }

  private async login(): Promise<string> {
    const res = await this.send('/ajaxauth/login', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ identity: this.identity, password: this.#password }).toString(),
    });
    const body = await res.text();
    this.logins += 1;
    // A failed login answers 200 with {"Login":"Failed"}; its body is never repeated in the error.
    if (!res.ok || body.includes('"Login":"Failed"')) throw new SpaceTrackLoginError(`Space-Track login failed (${res.status})`);
    const cookies = res.headers.getSetCookie();
    const cookie = cookies.map((c) => c.split(';')[0]!.trim()).filter((c) => c !== '').join('; ');
    if (!cookie) throw new SpaceTrackLoginError('Space-Track login gave no session cookie');
    this.backoff.success();
    this.session = { cookie, expiresAt: this.expiry(cookies) };
    this.log?.info?.({ identity: this.identity }, 'logged in to Space-Track');
    return cookie;
  }

  /** When the session's cookies say they expire (Max-Age or Expires; the earliest), else never (a 401 ends it). */
  private expiry(cookies: string[]): number {
    let at = Infinity;
    const now = this.now();
    for (const c of cookies) {
      const maxAge = /;\s*max-age=(-?\d+)/i.exec(c);
      const expires = /;\s*expires=([^;]+)/i.exec(c);
      if (maxAge) at = Math.min(at, now + Number(maxAge[1]) * 1000);
      else if (expires && !Number.isNaN(Date.parse(expires[1]!))) at = Math.min(at, Date.parse(expires[1]!));
    }
    return at;
  }

  /** One request through the back-off and the limiter; a 429 or 5xx starts (or lengthens) the back-off and throws. */
  private async send(path: string, init: RequestInit): Promise<Response> {
    const held = this.backoff.active(this.now());
    if (held) throw new SpaceTrackBackoffError(held.status, held.until, new Date(this.now()));
    const url = new URL(path, this.baseUrl);
    let res: Response;
    try {
      await this.limiter.acquire();
      res = await this.#fetch(url, { ...init, signal: AbortSignal.timeout(this.timeoutMs) });
    } catch (error) {
      // A kept-alive connection the server closed while idle (its FIN unseen while this process was
      // busy, e.g. importing) fails the next request at once: sent again once on a new connection.
      // undici reports it as TypeError "fetch failed" with the socket error as its cause.
      if (!(error instanceof TypeError)) throw error;
      await this.limiter.acquire();
      res = await this.#fetch(url, { ...init, signal: AbortSignal.timeout(this.timeoutMs) });
    }
    if (res.status === 429 || res.status >= 500) {
      await res.body?.cancel();
      const now = this.now();
      const until = this.backoff.failure(res.status, now, retryAfterMs(res.headers.get('retry-after'), now));
      throw new SpaceTrackBackoffError(res.status, until, new Date(now));
    }
    return res;
  }
}

/** The whole catalogue as 3LE (the catalogue updater): with `client`, through its session and limits. */
export async function fetchSpaceTrackCatalog(credentials: SpaceTrackCredentials, options: FetchOptions, client?: SpaceTrackClient): Promise<string> {
  const c = client ?? new SpaceTrackClient({ ...options, ...credentials });
  return c.query(SPACE_TRACK_GP_QUERY);
}
