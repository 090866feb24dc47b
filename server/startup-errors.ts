/*
 * The one line a failed start prints when the database in DATABASE_URL cannot be used: it names
 * the setting, where it points (never its password) and what is wrong, in words an operator
 * acts on rather than a driver's error code.
 */

interface DriverError {
  code?: string;
  message?: string;
  cause?: unknown;
}

/** The driver's own error under the wrappers (migrations wrap what they meet). */
function driverErrorOf(error: unknown): DriverError | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && typeof current === 'object' && current !== null; depth += 1) {
    const candidate = current as DriverError;
    if (typeof candidate.code === 'string') return candidate;
    current = candidate.cause;
  }
  return undefined;
}

/** Where a DATABASE_URL points, without user or password: 'host:port/name' or the file. */
export function databaseLocation(databaseUrl: string): string {
  if (databaseUrl.startsWith('sqlite:')) return `the SQLite file ${databaseUrl.slice(7)}`;
  try {
    const url = new URL(databaseUrl);
    return `PostgreSQL at ${url.hostname || 'localhost'}:${url.port || '5432'}${url.pathname}`;
  } catch {
    return 'the database';
  }
}

const REASONS: Readonly<Record<string, string>> = {
  ECONNREFUSED: 'nothing answers there (connection refused); is the server running?',
  ENOTFOUND: 'the host name is not known',
  EAI_AGAIN: 'the host name could not be looked up',
  ETIMEDOUT: 'the connection timed out',
  ECONNRESET: 'the server closed the connection',
  '3D000': 'that database does not exist; create it first',
  '28P01': 'the password was refused',
  '28000': 'the user may not connect (no such role, or not allowed by pg_hba.conf)',
  '57P03': 'the server is starting up or shutting down; try again shortly',
  '53300': 'the server has no connections left',
  ENOTDIR: 'part of its path is a file, not a folder',
  EEXIST: 'part of its path is a file, not a folder',
  EACCES: 'permission denied',
  EROFS: 'the file system is read-only',
  SQLITE_CANTOPEN: 'the file cannot be opened (check that its folder exists and is writable)',
  SQLITE_READONLY: 'the file is read-only',
  SQLITE_NOTADB: 'the file is not a SQLite database',
  SQLITE_CORRUPT: 'the file is damaged',
};

/**
 * 'DATABASE_URL: cannot use PostgreSQL at db:5432/portal: the password was refused', or
 * undefined when the error is not about reaching or opening the database.
 */
export function databaseStartError(error: unknown, databaseUrl: string): string | undefined {
  const driverError = driverErrorOf(error);
  const reason = driverError?.code ? REASONS[driverError.code] : undefined;
  if (reason === undefined) return undefined;
  return `DATABASE_URL: cannot use ${databaseLocation(databaseUrl)}: ${reason}`;
}
