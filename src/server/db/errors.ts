/** Reading database errors, whichever driver (pg, PGlite) or wrapper (Drizzle) raised them. */

const UNIQUE_VIOLATION = '23505';
export const UNDEFINED_TABLE = '42P01';

type Chain = { code?: unknown; cause?: unknown; constraint?: unknown; constraint_name?: unknown };

/** The SQLSTATE of a database error, also when a driver or the ORM wrapped it. */
export function postgresCode(error: unknown): string | undefined {
  for (let e = error as Chain | undefined; e; e = e.cause as Chain | undefined) {
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) return e.code;
  }
  return undefined;
}

/**
 * Whether an insert or update broke a unique index; with `constraint`, only that index
 * (for tables with more than one, e.g. a name and a slug).
 */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  for (let e = error as Chain | undefined; e; e = e.cause as Chain | undefined) {
    if (e.code === UNIQUE_VIOLATION) {
      if (constraint === undefined) return true;
      return e.constraint === constraint || e.constraint_name === constraint;
    }
  }
  return false;
}
