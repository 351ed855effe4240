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
