/**
 * What a failed statement says about itself, read the same way on both drivers: Drizzle wraps the
 * driver's error (pg's DatabaseError, PGlite's) in `cause`, and both carry PostgreSQL's SQLSTATE as
 * `code` and, for constraint violations, the constraint's name as `constraint`.
 */

export const UNIQUE_VIOLATION = '23505';
export const FOREIGN_KEY_VIOLATION = '23503';

/** The driver's error inside Drizzle's wrapping: the first one with a SQLSTATE `code`. */
function driverError(error: unknown): { code: string; constraint?: unknown } | undefined {
  let e: unknown = error;
  for (let depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return e as { code: string; constraint?: unknown };
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

/** The SQLSTATE of a database error, or undefined when the error did not come from the database. */
export function sqlState(error: unknown): string | undefined {
  return driverError(error)?.code;
}

/** The name of the constraint a database error violated, when it names one. */
export function violatedConstraint(error: unknown): string | undefined {
  const constraint = driverError(error)?.constraint;
  return typeof constraint === 'string' ? constraint : undefined;
}

/** A unique_violation (23505) of this constraint (a unique index's name). */
export function isUniqueViolationOf(error: unknown, constraint: string): boolean {
  return sqlState(error) === UNIQUE_VIOLATION && violatedConstraint(error) === constraint;
}

/**
 * Codes of a database that cannot be reached, as Node's socket errors (`ECONNREFUSED` …: the server is
 * down or the host unreachable) and as PostgreSQL's SQLSTATEs: class 08 (connection exception), 57P01
 * admin_shutdown, 57P02 crash_shutdown, 57P03 cannot_connect_now (starting up or shutting down), 53300
 * too_many_connections.
 */
const CONNECTION_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN', '57P01', '57P02', '57P03', '53300']);

/** What node-postgres and pg-pool throw, without a code, when a connection fails or breaks. */
const CONNECTION_MESSAGES = /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error and is not queryable|Connection terminated due to connection timeout)/;

/**
 * The error (this one or one it wraps) that says the database cannot be reached, or undefined when the
 * failure is of another kind (a constraint, a bad statement, a bug). Walks Drizzle's `cause` wrapping and a
 * Node AggregateError's `errors` (a host name with several addresses, each refused).
 */
export function connectionFailure(error: unknown): Error | undefined {
  const queue: unknown[] = [error];
  // A bounded walk: causes can in principle form a cycle.
  for (let seen = 0; queue.length > 0 && seen < 20; seen++) {
    const e = queue.shift();
    if (!e || typeof e !== 'object') continue;
    const { code, message, cause, errors } = e as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown };
    if (typeof code === 'string' && (CONNECTION_CODES.has(code) || /^08[0-9A-Z]{3}$/.test(code))) return e as Error;
    if (typeof message === 'string' && CONNECTION_MESSAGES.test(message)) return e as Error;
    if (cause !== undefined) queue.push(cause);
    if (Array.isArray(errors)) queue.push(...errors);
  }
  return undefined;
}

/** True when `error` says the database cannot be reached (see `connectionFailure`). */
export function isConnectionFailure(error: unknown): boolean {
  return connectionFailure(error) !== undefined;
}

/** A short reason for a connection failure, for the 503's message and /api/health: the driver's words, else its code. */
export function connectionFailureReason(error: unknown): string {
  const e = (connectionFailure(error) ?? error) as { message?: unknown; code?: unknown; errors?: unknown } | undefined;
  // Node's AggregateError (every address refused) has an empty message; its first error names the address.
  const inner = Array.isArray(e?.errors) ? (e.errors[0] as { message?: unknown } | undefined) : undefined;
  for (const message of [e?.message, inner?.message]) if (typeof message === 'string' && message !== '') return message;
  return typeof e?.code === 'string' ? e.code : 'no connection';
}
