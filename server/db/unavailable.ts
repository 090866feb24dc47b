/**
 * Whether a driver error means "the database cannot answer now" rather than "this query is
 * wrong": the request that met it is answered 503 with Retry-After instead of 500, because the
 * same request will work once the server is back or the lock is gone.
 *
 * It lives beside the database code, not in core, because it reads driver codes (node socket
 * errno, PostgreSQL SQLSTATE, better-sqlite3 result codes); it is still pure, no I/O.
 */

// Socket-level failures reaching the database server.
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

// PostgreSQL SQLSTATEs for a server that is going away, starting or full. Class 08 (connection
// exception) is matched by prefix.
const POSTGRES_STATES = new Set([
  '57P01', // admin_shutdown: the server or pg_terminate_backend ended the session
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now: starting up or in recovery
  '53300', // too_many_connections
]);

// pg reports a lost or never-made connection as plain Errors without a code.
const CONNECTION_MESSAGES = [
  /^Connection terminated/,
  /timeout exceeded when trying to connect/,
  /is not queryable/,
  /^Client was closed and is not queryable/,
];

const MAX_DEPTH = 5;

function codeOf(error: object): string | undefined {
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' ? code : undefined;
}

function isUnavailableCode(code: string): boolean {
  return (
    NETWORK_CODES.has(code) ||
    POSTGRES_STATES.has(code) ||
    /^08[0-9A-Z]{3}$/.test(code) ||
    // better-sqlite3 codes carry extended results too: SQLITE_BUSY_SNAPSHOT, SQLITE_LOCKED_SHAREDCACHE.
    /^SQLITE_(BUSY|LOCKED)(_[A-Z]+)?$/.test(code)
  );
}

export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (depth > MAX_DEPTH || typeof error !== 'object' || error === null) return false;
  const code = codeOf(error);
  if (code !== undefined && isUnavailableCode(code)) return true;
  const message = (error as { message?: unknown }).message;
  if (typeof message === 'string' && CONNECTION_MESSAGES.some((shape) => shape.test(message))) {
    return true;
  }
  // Connecting to "localhost" tries each address and reports an AggregateError of them all;
  // Kysely and our own wrappers keep the driver's error as the cause.
  if (
    error instanceof AggregateError &&
    error.errors.some((e) => isDatabaseUnavailable(e, depth + 1))
  ) {
    return true;
  }
  return isDatabaseUnavailable((error as { cause?: unknown }).cause, depth + 1);
}
