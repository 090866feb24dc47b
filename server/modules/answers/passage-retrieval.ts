import type { Kysely } from 'kysely';
import type { ComposablePassage } from '~core/answers';
import {
  buildPassageIndex,
  opensWithDefinitionOf,
  rankPassages,
  termWeight,
  type PassageIndex,
  type RankablePassage,
  type RankedPassage,
  textTerms,
} from '~core/answers';
import { isLearningItem } from '~core/search';
import type { Database } from '~server/db/schema.ts';
import { searchIndexVersion } from '~server/modules/search';
import type { PassageSource, SourcePassage } from './passage-sources.ts';

/** Glossary entries are indexed with this object type (content import). */
const GLOSSARY_OBJECT_TYPE = 'Glossary';

export interface Passage extends SourcePassage, RankablePassage, ComposablePassage {
  /** The document's unique id and the passage's place in it. */
  id: string;
}

export interface PassageQuery {
  terms: readonly string[];
  /** The hub's mode: support answers from everything but learning items, learning from those. */
  mode: 'support' | 'learning';
  region?: string;
  /** The question asks what something is: definitions rank higher. */
  definitionQuestion: boolean;
  limit: number;
  /** The documents the search page lists first for the question (core/answers/search-lead.ts). */
  searchedDocuments: ReadonlySet<string>;
}

export interface RetrievedPassages {
  ranked: RankedPassage<Passage>[];
  weight: (term: string) => number;
  /** The content version the passages were read at; answers are cached under it. */
  contentVersion: number;
}

export interface PassageRetriever {
  contentVersion(): Promise<number>;
  retrieve(query: PassageQuery): Promise<RetrievedPassages>;
}

function toPassage(source: SourcePassage, position: number): Passage {
  return {
    ...source,
    id: `${source.document.unique_id}#${position}`,
    citationKey: source.document.unique_id,
    terms: textTerms(source.text),
    titleTerms: textTerms(source.document.title),
    headingTerms: textTerms(source.heading ?? ''),
    region: source.document.region,
    isDefinition:
      source.document.objecttype === GLOSSARY_OBJECT_TYPE ||
      opensWithDefinitionOf(source.text, source.document.title),
  };
}

/**
 * Passages for questions, held in memory per content version. The version (the search index
 * version, raised by every content write) is read on each question, so a process picks up
 * content another process wrote; the passages are loaded again only when it changed.
 */
export function createPassageRetriever(
  db: Kysely<Database>,
  sources: readonly PassageSource[],
): PassageRetriever {
  let loaded: { version: number; index: Promise<PassageIndex<Passage>> } | undefined;

  async function load(): Promise<PassageIndex<Passage>> {
    const lists = await Promise.all(sources.map((source) => source.load(db)));
    const counts = new Map<string, number>();
    const passages = lists.flat().map((source) => {
      const position = counts.get(source.document.unique_id) ?? 0;
      counts.set(source.document.unique_id, position + 1);
      return toPassage(source, position);
    });
    return buildPassageIndex(passages);
  }

  async function indexAt(version: number): Promise<PassageIndex<Passage>> {
    if (loaded?.version !== version) {
      const index = load();
      loaded = { version, index };
      index.catch(() => {
        if (loaded?.index === index) loaded = undefined;
      });
    }
    return loaded.index;
  }

  return {
    contentVersion: () => searchIndexVersion(db),

    async retrieve(query) {
      const contentVersion = await searchIndexVersion(db);
      const index = await indexAt(contentVersion);
      const learning = query.mode === 'learning';
      const ranked = rankPassages(index, query.terms, {
        limit: query.limit,
        definitionQuestion: query.definitionQuestion,
        include: (passage) =>
          query.searchedDocuments.has(passage.document.unique_id) &&
          isLearningItem(passage.document) === learning,
        ...(query.region !== undefined ? { region: query.region } : {}),
      });
      return { ranked, weight: (term) => termWeight(index, term), contentVersion };
    },
  };
}
