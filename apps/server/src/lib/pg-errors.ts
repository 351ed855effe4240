/** True when a database error is a unique-constraint violation (both drivers expose code 23505). */
export function isUniqueViolation(err: unknown, constraint?: string): boolean {
  const e = findPgError(err);
  return !!e && e.code === '23505' && (!constraint || e.constraint === constraint || String(e.message).includes(constraint));
}

/** 23503 foreign_key_violation, or 23001 restrict_violation that an ON DELETE RESTRICT key raises. */
export function isForeignKeyViolation(err: unknown): boolean {
  const code = findPgError(err)?.code;
  return code === '23503' || code === '23001';
}

function findPgError(err: unknown): { code?: string; constraint?: string; message?: string } | undefined {
  let cur: unknown = err;
  for (let i = 0; i < 4 && cur && typeof cur === 'object'; i++) {
    const c = cur as { code?: unknown; cause?: unknown };
    if (typeof c.code === 'string' && /^[0-9A-Z]{5}$/.test(c.code)) return c as { code: string };
    cur = c.cause;
  }
  return undefined;
}

/**
 * What the client did wrong when a database error escapes a service: invalid input that slipped
 * past the schemas. Class 22 (data exception: out of range, invalid text, bad datetime, NUL byte),
 * 23502 (a required value missing), 23514 (a check constraint), 23503 / 23001 (an id that does
 * not exist or is still used) and 23505 (a duplicate). Anything else (connection, syntax, locks)
 * is not the client's fault and stays unclassified.
 */
export function classifyInputError(err: unknown): { status: 400 | 409; code: 'VALIDATION_FAILED' | 'CONFLICT'; message: string } | undefined {
  const e = findPgError(err);
  const code = e?.code;
  if (!code) return undefined;
  // A foreign key refused on insert/update names an id that does not exist: the client's input.
  const missingReference = code === '23503' && /^insert or update/i.test(String(e.message ?? ''));
  if (code.startsWith('22') || code === '23502' || code === '23514' || missingReference) {
    return { status: 400, code: 'VALIDATION_FAILED', message: 'A value of the request is out of range or not valid.' };
  }
  if (code === '23503' || code === '23001') return { status: 409, code: 'CONFLICT', message: 'A referenced item does not exist or is still in use.' };
  if (code === '23505') return { status: 409, code: 'CONFLICT', message: 'This item already exists.' };
  return undefined;
}
