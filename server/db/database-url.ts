export type DatabaseDialect = 'sqlite' | 'postgres';

export const DATABASE_URL_SHAPES =
  'DATABASE_URL must be sqlite:PATH (for example sqlite:data/portal.db) or ' +
  'postgres://USER@HOST:PORT/NAME (postgresql:// also accepted)';

/** Which dialect a DATABASE_URL names, or undefined for a URL of no accepted shape. */
export function databaseDialectOf(url: string): DatabaseDialect | undefined {
  if (/^sqlite:.+/.test(url)) return 'sqlite';
  if (/^postgres(ql)?:\/\/.+/.test(url)) return 'postgres';
  return undefined;
}
