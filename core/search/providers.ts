/*
 * The search providers a portal can run on (SEARCH_PROVIDER), and which database each serves.
 * 'fts5' ranks in SQLite's FTS5 alone, 'postgres' in PostgreSQL's full-text search alone.
 */
export const SEARCH_PROVIDER_NAMES = ['fts5', 'postgres'] as const;
export type SearchProviderName = (typeof SEARCH_PROVIDER_NAMES)[number];

export type SearchDialect = 'sqlite' | 'postgres';

/** The providers each database can run, the default first. */
export const SEARCH_PROVIDERS: Readonly<Record<SearchDialect, readonly SearchProviderName[]>> = {
  sqlite: ['fts5'],
  postgres: ['postgres'],
};

export function defaultSearchProvider(dialect: SearchDialect): SearchProviderName {
  return SEARCH_PROVIDERS[dialect][0]!;
}

export function providerServes(provider: SearchProviderName, dialect: SearchDialect): boolean {
  return SEARCH_PROVIDERS[dialect].includes(provider);
}
