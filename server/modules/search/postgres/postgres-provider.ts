import type { Kysely } from 'kysely';
import { createRankedSearchEngine, type RankedSearchOptions } from '../ranked-search-engine.ts';
import type { SearchEngine } from '../search-engine.ts';
import type { SearchTables } from '../search.tables.ts';
import { postgresIndex } from './postgres-index.repository.ts';

/** Search on PostgreSQL's full-text search, with nothing of the corpus held in memory. */
export function createPostgresRankedEngine(
  db: Kysely<SearchTables>,
  options: RankedSearchOptions = {},
): SearchEngine {
  return createRankedSearchEngine(db, postgresIndex(db), options);
}
