import { LRUCache } from 'lru-cache';
import type { VocabularyWord } from '~core/search';
import type { MarkedTexts } from './highlighted-hit.ts';
import type { IndexKey, TextIndex } from './ranked-search-engine.ts';

/*
 * What an index answers the same way until its next write: the words beginning so, the
 * documents of each word as written, the words a misspelling may mean, and a page's marked
 * texts for a plan. Each is kept per index version, so a repeated search reads none of them
 * again (a misspelling's candidates scan every word of its first letter: up to 7 ms at 100k
 * pages; a page's marks re-read its text: up to 14 ms for ten), and the next write, in any
 * process, raises the version and so leaves every kept answer behind.
 */

// Entries of each kind: enough for a busy hour's distinct searches, a few MB at most.
const KEPT = 4000;

type Kept<T> = LRUCache<string, { value: T }>;

function kept<T>(): Kept<T> {
  return new LRUCache<string, { value: T }>({ max: KEPT });
}

async function keptOr<T>(cache: Kept<T>, key: string, compute: () => Promise<T>): Promise<T> {
  const known = cache.get(key);
  if (known !== undefined) return known.value;
  const value = await compute();
  cache.set(key, { value });
  return value;
}

/** The index's answers that hold until its next write, each read once per version. */
export type IndexAtVersion = Pick<
  TextIndex,
  'completions' | 'wordCounts' | 'correctionCandidates' | 'markedTexts'
>;

/** A view of `index` at a version: its vocabulary and marked texts, read once per version. */
export function indexVersions(index: TextIndex): (version: number) => IndexAtVersion {
  const completions = kept<string[]>();
  const wordCounts = kept<number>();
  const candidates = kept<VocabularyWord[]>();
  const marks = kept<MarkedTexts | undefined>();
  return (version) => ({
    completions: (beginning, limit) =>
      keptOr(completions, `${version}\u0000${limit}\u0000${beginning}`, () =>
        index.completions(beginning, limit),
      ),
    correctionCandidates: (word) =>
      keptOr(candidates, `${version}\u0000${word}`, () => index.correctionCandidates(word)),
    async wordCounts(words) {
      const key = (word: string) => `${version}\u0000${word}`;
      const unknown = words.filter((word) => !wordCounts.has(key(word)));
      if (unknown.length > 0) {
        const counted = await index.wordCounts(unknown);
        for (const word of unknown) wordCounts.set(key(word), { value: counted.get(word) ?? 0 });
      }
      return new Map(words.map((word) => [word, wordCounts.get(key(word))?.value ?? 0]));
    },
    async markedTexts(plan, keys) {
      const key = (page: IndexKey) => `${version}\u0000${JSON.stringify(plan.groups)}\u0000${page}`;
      const unknown = keys.filter((page) => !marks.has(key(page)));
      if (unknown.length > 0) {
        const marked = await index.markedTexts(plan, unknown);
        for (const page of unknown) marks.set(key(page), { value: marked.get(page) });
      }
      const texts = new Map<IndexKey, MarkedTexts>();
      for (const page of keys) {
        const value = marks.get(key(page))?.value;
        if (value !== undefined) texts.set(page, value);
      }
      return texts;
    },
  });
}
