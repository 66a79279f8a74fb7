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
