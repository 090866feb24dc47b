import { describe, expect, it } from 'vitest';
import { defaultSearchProvider, providerServes, SEARCH_PROVIDER_NAMES } from './providers.ts';

describe('search providers', () => {
  it('defaults to FTS5 on SQLite and to the document store on PostgreSQL', () => {
    expect(defaultSearchProvider('sqlite')).toBe('fts5');
    expect(defaultSearchProvider('postgres')).toBe('document-store');
  });

  it('runs FTS5 on SQLite only', () => {
    expect(providerServes('fts5', 'sqlite')).toBe(true);
    expect(providerServes('fts5', 'postgres')).toBe(false);
    expect(providerServes('document-store', 'postgres')).toBe(true);
  });

  it('names every provider some database can run', () => {
    for (const name of SEARCH_PROVIDER_NAMES) {
      expect(providerServes(name, 'sqlite') || providerServes(name, 'postgres')).toBe(true);
    }
  });
});
