/**
 * PostgreSQL "data exception" errors (SQLSTATE class 22) that only a client's value can cause: the
 * value got past validation but the database cannot store it. They answer 400, never 500; the
 * validation that should have caught the value first is the real fix (see lib/input-guard.ts, MAX_ID).
 */
export const UNSTORABLE_TEXT = 'This text contains characters that cannot be saved (a NUL character or broken Unicode).';

const CLIENT_DATA_ERRORS: Record<string, string> = {
  '22001': 'A text is too long to be saved.',
  '22003': 'A number is out of range.',
  '22007': 'A date is not valid.',
  '22008': 'A date is out of range.',
  '22021': UNSTORABLE_TEXT,
  '22P05': UNSTORABLE_TEXT,
};

/** The message for a database error caused by a client's value, or null for any other error. */
export function clientDataError(err: unknown): string | null {
  const e = err as { code?: unknown; severity?: unknown } | null;
  // pg's DatabaseError carries the SQLSTATE in `code` and a `severity`; SQLite codes are 'SQLITE_…'.
  if (!e || typeof e.code !== 'string' || typeof e.severity !== 'string') return null;
  return CLIENT_DATA_ERRORS[e.code] ?? null;
}

/** A unique-index violation from either driver (a concurrent create of the same row). */
export function isUniqueViolation(e: unknown): boolean {
  const code = (e as { code?: unknown } | null)?.code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE';
}

/** A foreign-key violation from either driver (a row became used between the check and the delete). */
export function isForeignKeyViolation(e: unknown): boolean {
  const code = (e as { code?: unknown } | null)?.code;
  return code === '23503' || code === 'SQLITE_CONSTRAINT_FOREIGNKEY';
}
