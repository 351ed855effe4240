/**
 * Tells a database that cannot be reached (connection refused, reset, terminated by the server, no
 * free connection within the pool's timeout) from a query that failed on its own merits. The first
 * kind is a temporary outage: the API answers 503 DATABASE_UNAVAILABLE and the client may retry; the
 * second stays a 500 (or the 4xx its handler chose).
 */

/** SQLSTATE classes and codes that mean "the connection, not the statement". */
const UNAVAILABLE_SQLSTATES = new Set([
  '57P01', // admin_shutdown: pg_terminate_backend, server stopping
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now: server starting or in recovery
  '53300', // too_many_connections
  '55000', // object_not_in_prerequisite_state: "database is not currently accepting connections"
]);

/** Node socket errors a lost or unreachable server produces. */
const NETWORK_ERRNOS = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);

/** Messages node-postgres uses for a connection it lost or could not get (no SQLSTATE on these). */
const PG_CLIENT_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error',
  'Query read timeout',
  'Connection terminated due to connection timeout',
  'terminating connection',
];

export function isDatabaseUnavailable(err: unknown): boolean {
  let cur: unknown = err;
  // Drizzle wraps driver errors (DrizzleQueryError.cause); walk a few levels.
  for (let depth = 0; depth < 5 && cur && typeof cur === 'object'; depth++) {
    const e = cur as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown };
    if (typeof e.code === 'string') {
      if (e.code.startsWith('08') && e.code.length === 5) return true; // connection_exception class
      if (UNAVAILABLE_SQLSTATES.has(e.code)) {
        // 55000 has other meanings too; only the "not accepting connections" one is an outage.
        if (e.code !== '55000' || /accepting connections/i.test(String(e.message ?? ''))) return true;
      }
      if (NETWORK_ERRNOS.has(e.code)) return true;
    }
    if (typeof e.message === 'string' && PG_CLIENT_MESSAGES.some((m) => (e.message as string).includes(m))) return true;
    // Node's AggregateError (a host resolving to several addresses, all refused).
    if (Array.isArray(e.errors) && e.errors.some((x) => isDatabaseUnavailable(x))) return true;
    cur = e.cause;
  }
  return false;
}
