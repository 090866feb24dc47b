/*
 * Ranking passages for a question: BM25 over each passage's terms, where a term in the
 * document's title counts as TITLE_WEIGHT occurrences and one in the section heading as
 * HEADING_WEIGHT (a title names what the whole document answers, a heading one part of it).
 * The score is multiplied by the share of the question's term weight the passage contains (a
 * passage about all of the question beats one about a single word of it), by a factor for the
 * asker's region (a passage written for the asker's region ranks higher, one written for
 * another region lower, one for every region stays as it is), and, for a question asking what
 * something is, by a factor favouring definitions.
 */

/** 'What is GST?', 'What does accrual mean?', 'Define working capital'. */
export function isDefinitionQuestion(question: string): boolean {
  const text = question.trim().toLowerCase().replace(/’/g, "'");
  if (/^(define|meaning of|definition of)\b/.test(text) || /\bmean\??$/.test(text)) return true;
  return (
    /^(what\s+(is|are|does|do)|what'?s)\s/.test(text) &&
    !/\b(how|when|why|where)\b/.test(text) &&
    !/^(what\s+(is|are)|what'?s)\s+(the\s+)?(steps|way|best way)\b/.test(text)
  );
}

export interface RankablePassage {
  /** Terms of the passage text (terms.ts), repeats kept. */
  terms: readonly string[];
  /** Terms of the document title. */
  titleTerms: readonly string[];
  /** Terms of the section heading. */
  headingTerms: readonly string[];
  /** The region the passage's document is written for; null when it is for every region. */
  region: string | null;
  /** The passage defines a term (a glossary entry). */
  isDefinition: boolean;
}

export interface PassageIndex<P extends RankablePassage> {
  passages: readonly P[];
  /** How many passages contain each term, in their text or title. */
  documentFrequency: ReadonlyMap<string, number>;
  averageLength: number;
}

export interface RankedPassage<P extends RankablePassage> {
  passage: P;
  score: number;
  /** The question terms the passage contains, in its text or title. */
  matched: string[];
}

export const TITLE_WEIGHT = 8;
export const HEADING_WEIGHT = 5;
export const OWN_REGION_FACTOR = 1.5;
export const OTHER_REGION_FACTOR = 0.5;
/** A definition ranks this much higher for a question asking what something is. */
export const DEFINITION_FACTOR = 1.5;
/** How much a title's share of words the question names counts (0 ignores titles' fit). */
export const TITLE_FIT_WEIGHT = 0.5;
const K1 = 1.2;
const B = 0.75;

export function buildPassageIndex<P extends RankablePassage>(
  passages: readonly P[],
): PassageIndex<P> {
  const documentFrequency = new Map<string, number>();
  let totalLength = 0;
  for (const passage of passages) {
    totalLength += passage.terms.length + passage.titleTerms.length + passage.headingTerms.length;
    for (const term of new Set([
      ...passage.terms,
      ...passage.titleTerms,
      ...passage.headingTerms,
    ])) {
      documentFrequency.set(term, (documentFrequency.get(term) ?? 0) + 1);
    }
  }
  return {
    passages,
    documentFrequency,
    averageLength: passages.length === 0 ? 0 : totalLength / passages.length,
  };
}

/**
 * How telling a term is: BM25's inverse document frequency. A term no passage contains gets
 * the largest weight, so a question about something the content never mentions is mostly
 * unmatched (see answerability).
 */
export function termWeight(index: PassageIndex<RankablePassage>, term: string): number {
  const count = index.passages.length;
  const frequency = index.documentFrequency.get(term) ?? 0;
  return Math.log(1 + (count - frequency + 0.5) / (frequency + 0.5));
}

/** The factor a passage's score is multiplied by for an asker in `askerRegion`. */
export function regionFactor(
  passageRegion: string | null,
  askerRegion: string | undefined,
): number {
  if (passageRegion === null || askerRegion === undefined) return 1;
  return passageRegion === askerRegion ? OWN_REGION_FACTOR : OTHER_REGION_FACTOR;
}

/**
 * The share of a title's words the question names: 1 for "Balance Sheet" asked as "balance
 * sheet", 2/3 for "Balance Sheet: Filters". Of two pages matching the question alike, the one
 * whose title is about no more than what was asked is the better answer.
 */
export function titleShareNamed(
  titleTerms: readonly string[],
  question: ReadonlyMap<string, number>,
): number {
  const distinct = new Set(titleTerms);
  if (distinct.size === 0) return 0;
  let named = 0;
  for (const term of distinct) if (question.has(term)) named += 1;
  return named / distinct.size;
}

function counts(terms: readonly string[]): Map<string, number> {
  const map = new Map<string, number>();
  for (const term of terms) map.set(term, (map.get(term) ?? 0) + 1);
  return map;
}

/**
 * Passages matching at least one question term, best first; ties keep the index order.
 * `include` narrows the passages ranked (to what the asker may read) without changing the
 * term weights, which describe the whole content.
 */
export function rankPassages<P extends RankablePassage>(
  index: PassageIndex<P>,
  question: readonly string[],
  options: {
    region?: string;
    limit: number;
    include?: (passage: P) => boolean;
    /** The question asks what something is (isDefinitionQuestion). */
    definitionQuestion?: boolean;
  },
): RankedPassage<P>[] {
  const terms = [...new Set(question)];
  const weights = new Map(terms.map((term) => [term, termWeight(index, term)]));
  const totalWeight = [...weights.values()].reduce((sum, weight) => sum + weight, 0);
  const ranked: RankedPassage<P>[] = [];
  for (const passage of index.passages) {
    if (options.include && !options.include(passage)) continue;
    const body = counts(passage.terms);
    const title = counts(passage.titleTerms);
    const heading = counts(passage.headingTerms);
    const length = passage.terms.length + passage.titleTerms.length + passage.headingTerms.length;
    const norm = K1 * (1 - B + (B * length) / (index.averageLength || 1));
    let score = 0;
    const matched: string[] = [];
    for (const term of terms) {
      const frequency =
        (body.get(term) ?? 0) +
        TITLE_WEIGHT * (title.get(term) ?? 0) +
        HEADING_WEIGHT * (heading.get(term) ?? 0);
      if (frequency === 0) continue;
      matched.push(term);
      score += ((weights.get(term) ?? 0) * frequency * (K1 + 1)) / (frequency + norm);
    }
    if (matched.length === 0) continue;
    const covered = matched.reduce((sum, term) => sum + (weights.get(term) ?? 0), 0);
    const titleFit = titleShareNamed(passage.titleTerms, weights);
    const share = totalWeight > 0 ? covered / totalWeight : 0;
    ranked.push({
      passage,
      score:
        score *
        share *
        (1 - TITLE_FIT_WEIGHT + TITLE_FIT_WEIGHT * titleFit) *
        regionFactor(passage.region, options.region) *
        (options.definitionQuestion && passage.isDefinition ? DEFINITION_FACTOR : 1),
      matched,
    });
  }
  return ranked.sort((a, b) => b.score - a.score).slice(0, Math.max(0, options.limit));
}
