import { describe, expect, it } from 'vitest';
import { defaultSearchProvider, providerServes, SEARCH_PROVIDER_NAMES } from './providers.ts';

describe('search providers', () => {
  it('defaults to the full-text search of the database', () => {
    expect(defaultSearchProvider('sqlite')).toBe('fts5');
    expect(defaultSearchProvider('postgres')).toBe('postgres');
  });

  it('runs FTS5 on SQLite only, and the PostgreSQL provider on PostgreSQL only', () => {
    expect(providerServes('fts5', 'sqlite')).toBe(true);
    expect(providerServes('fts5', 'postgres')).toBe(false);
    expect(providerServes('postgres', 'postgres')).toBe(true);
    expect(providerServes('postgres', 'sqlite')).toBe(false);
  });

  it('names every provider some database can run', () => {
    for (const name of SEARCH_PROVIDER_NAMES) {
      expect(providerServes(name, 'sqlite') || providerServes(name, 'postgres')).toBe(true);
    }
  });
});
