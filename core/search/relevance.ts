import { stemPrefix, type ParsedQuery, type QueryClause } from './query.ts';

/*
 * How a typed query becomes what a full-text index matches and ranks: the words that carry
 * meaning, each with the other words that mean the same (synonyms), the last word also as the
 * beginning of longer words while it is being typed, and the words a result must not contain.
 * A page matching more of these groups ranks higher (coverage), but one matching only some is
 * still found: visitors ask in sentences, and no page holds every word of a question.
 */

/**
 * Words that say nothing about what is wanted: articles, pronouns, auxiliaries and the
 * question words of "how do I …". They are left out of matching, unless the query has nothing
 * else, so they never make a search fail.
 */
export const STOP_WORDS: ReadonlySet<string> = new Set(
  `a about after all also am an and any are as at be been before being but by can could did do
  does doing done for from get got had has have having he her here him his how i if in into is
  it its just me might more most much must my no not now of off on once only or other our ours
  out over own please same she should so some such than that the their them then there these
  they this those to too under until up us very want was way we were what when where which while
  who whom why will with would you your yours t s d ll re ve m don doesn didn isn aren wasn`
    .split(/\s+/)
    .filter((word) => word.length > 0),
);

/**
 * The most groups a query is matched and ranked by: which groups a page matches are bits of
 * one 32-bit integer, and no question needs more words than this to find its page.
 */
export const MAX_GROUPS = 30;

/** A beginning this short matches too many words to stand for the word being typed. */
export const MIN_PREFIX_LENGTH = 3;

/** One way of writing a group's meaning: a word, or several words in a row (a phrase). */
export interface TermAlternative {
  words: string[];
  /** The last word also matches longer words it begins. */
  prefix: boolean;
}

/** One meaningful part of the query: what was typed, and every way a page may say it. */
export interface TermGroup {
  typed: string[];
  alternatives: TermAlternative[];
}

/** Terms that mean the same; with `regions`, only for visitors of those regions. */
export interface SynonymRule {
  terms: string[];
  regions?: string[];
}

export interface RelevancePlan {
  groups: TermGroup[];
  /** Clauses whose words no result may contain. */
  negated: QueryClause[];
}

export interface PlanOptions {
  synonyms?: readonly SynonymRule[];
  region?: string;
  /** The visitor is still typing the last word (no space or quote after it). */
  typingLastWord?: boolean;
}

const termWords = (term: string) => term.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];

function rulesFor(synonyms: readonly SynonymRule[], region: string | undefined): string[][][] {
  return synonyms
    .filter(
      (rule) =>
        rule.regions === undefined || (region !== undefined && rule.regions.includes(region)),
    )
    .map((rule) => rule.terms.map(termWords).filter((words) => words.length > 0));
}

const sameWords = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((word, index) => word === b[index]);

/**
 * The groups of a run of single typed words: the longest synonym term starting at each word
 * makes one group with its synonyms; other words are groups of their own.
 */
function groupWords(words: readonly string[], rules: readonly string[][][]): TermGroup[] {
  const groups: TermGroup[] = [];
  let index = 0;
  while (index < words.length) {
    let best: { length: number; terms: string[][] } | undefined;
    for (const terms of rules) {
      for (const term of terms) {
        if (term.length <= (best?.length ?? 0)) continue;
        if (sameWords(words.slice(index, index + term.length), term)) {
          best = { length: term.length, terms };
        }
      }
    }
    if (best === undefined) {
      const word = words[index]!;
      const stem = stemPrefix(word);
      groups.push({
        typed: [word],
        alternatives: [
          { words: [word], prefix: false },
          // English stemmers keep some forms apart (reconcile, reconciliation).
          ...(stem === undefined ? [] : [{ words: [stem], prefix: true }]),
        ],
      });
      index += 1;
    } else {
      const typed = words.slice(index, index + best.length);
      groups.push({
        typed,
        alternatives: [
          { words: typed, prefix: false },
          ...best.terms
            .filter((term) => !sameWords(term, typed))
            .map((term) => ({ words: term, prefix: false })),
        ],
      });
      index += best.length;
    }
  }
  return groups;
}

/**
 * The plan of a parsed query. Quoted phrases and typed prefix* words stay as typed; runs of
 * plain words lose their stop words (unless nothing would be left), gain their synonyms, and
 * the last one, while typed, also matches as a beginning.
 */
export function relevancePlan(query: ParsedQuery, options: PlanOptions = {}): RelevancePlan {
  const positive = query.clauses.filter((clause) => !clause.negated);
  const negated = query.clauses.filter((clause) => clause.negated);
  const plain = (clause: QueryClause) => clause.words.length === 1 && !clause.prefix;
  const rules = rulesFor(options.synonyms ?? [], options.region);
  const all: TermGroup[] = [];
  let run: string[] = [];
  const flush = () => {
    all.push(...groupWords(run, rules));
    run = [];
  };
  for (const clause of positive) {
    if (plain(clause)) {
      run.push(clause.words[0]!);
      continue;
    }
    flush();
    all.push({
      typed: clause.words,
      alternatives: [{ words: clause.words, prefix: clause.prefix }],
    });
  }
  flush();
  // Synonyms first, so a term like 'turn on' is found before its stop word is left out.
  // A contraction ("can't") is a clause of several stop words; it says as little.
  const stop = (group: TermGroup) =>
    group.alternatives.length === 1 &&
    !group.alternatives[0]!.prefix &&
    group.typed.every((word) => STOP_WORDS.has(word));
  const meaningful = all.filter((group) => !stop(group));
  const groups = meaningful.length > 0 ? meaningful : all;
  const last = groups.at(-1);
  const lastClause = positive.at(-1);
  if (
    options.typingLastWord &&
    last !== undefined &&
    lastClause !== undefined &&
    plain(lastClause) &&
    last.typed.length === 1 &&
    last.alternatives.every((alternative) => alternative.words.length === 1) &&
    last === all.at(-1) &&
    last.typed[0]!.length >= MIN_PREFIX_LENGTH
  ) {
    last.alternatives[0] = { words: last.typed, prefix: true };
  }
  return { groups: groups.slice(0, MAX_GROUPS), negated };
}

/** The beginnings a plan matches as such: its single-word prefix alternatives. */
export function planBeginnings(plan: RelevancePlan): string[] {
  return [
    ...new Set(
      plan.groups.flatMap((group) =>
        group.alternatives
          .filter((alternative) => alternative.prefix && alternative.words.length === 1)
          .map((alternative) => alternative.words[0]!),
      ),
    ),
  ];
}

/**
 * The plan with each single-word beginning also standing for the whole words of the index it
 * begins: a stemming index changes a beginning ('employ' to 'emploi') so that it no longer
 * begins the stems it should find, while whole words are stemmed as the pages were.
 */
export function withCompletions(
  plan: RelevancePlan,
  completions: ReadonlyMap<string, readonly string[]>,
): RelevancePlan {
  return {
    ...plan,
    groups: plan.groups.map((group) => {
      const extra = group.alternatives.flatMap((alternative) =>
        alternative.prefix && alternative.words.length === 1
          ? (completions.get(alternative.words[0]!) ?? [])
          : [],
      );
      const known = new Set(group.alternatives.map((alternative) => alternative.words.join(' ')));
      const added = [...new Set(extra)].filter((word) => !known.has(word));
      return added.length === 0
        ? group
        : {
            ...group,
            alternatives: [
              ...group.alternatives,
              ...added.map((word) => ({ words: [word], prefix: false })),
            ],
          };
    }),
  };
}

// Words are letters and digits only (query.ts tokenize), so quoting them is enough for FTS5.
function ftsAlternative(alternative: TermAlternative): string {
  return `"${alternative.words.join(' ')}"${alternative.prefix ? '*' : ''}`;
}

/** A group as an FTS5 expression: any of its alternatives. */
export function ftsGroup(group: TermGroup): string {
  const alternatives = group.alternatives.map(ftsAlternative);
  return alternatives.length === 1 ? alternatives[0]! : `(${alternatives.join(' OR ')})`;
}

/**
 * The FTS5 expression of pages matching any negated clause, which no result may be; a long
 * word leaves out the other forms sharing its beginning too (query.ts stemPrefix).
 */
export function ftsNegated(plan: RelevancePlan): string | undefined {
  if (plan.negated.length === 0) return undefined;
  return plan.negated
    .flatMap((clause) => {
      const stem =
        clause.words.length === 1 && !clause.prefix ? stemPrefix(clause.words[0]!) : undefined;
      return [
        ftsAlternative({ words: clause.words, prefix: clause.prefix }),
        ...(stem === undefined ? [] : [ftsAlternative({ words: [stem], prefix: true })]),
      ];
    })
    .join(' OR ');
}

/** The FTS5 expression of pages matching any group and none of the negated clauses. */
export function ftsAnyGroup(plan: RelevancePlan): string | undefined {
  if (plan.groups.length === 0) return undefined;
  const any = plan.groups.map(ftsGroup).join(' OR ');
  const none = ftsNegated(plan);
  return none === undefined ? any : `(${any}) NOT (${none})`;
}

/**
 * A tier of candidates: the pages matching `match`, and when `within` is given only those of
 * them matching it too, ranked by bm25 over `match`.
 */
export interface FtsCandidateTier {
  match: string;
  within?: string;
  /** Where each page of the tier has every group: in its title, or somewhere in its text. */
  everyGroup?: 'title' | 'text';
}

/**
 * The tiers a search takes its candidates from, best first: every group in the title, every
 * group anywhere, then any group. Ranking each match of a common word costs time at 100,000
 * pages, so the best tiers are read first and the rest only while there are too few
 * candidates; none of them matches a negated clause. Every tier ranks by bm25 over the same
 * phrases in the same order, so relevances compare across tiers: bm25 sums each phrase's
 * weight in a page, so a page has the same relevance under "all groups" as under "any group",
 * and that tier matches its own expression, reading only its pages. Column filters would change
 * the phrases' weights, so the title tier matches all groups too and keeps the pages with all in
 * the title: a page with every group in its title has every group, and matching all groups
 * reads far fewer pages than matching any (a question of three common words had its empty title
 * tier take 40-55 ms at 100,000 pages, reading every page with any of them).
 */
export function ftsCandidateTiers(plan: RelevancePlan): FtsCandidateTier[] {
  const any = ftsAnyGroup(plan);
  if (any === undefined) return [];
  const none = ftsNegated(plan);
  const without = (expression: string) =>
    none === undefined ? expression : `(${expression}) NOT (${none})`;
  const groups = plan.groups.map(ftsGroup);
  const all = without(groups.join(' AND '));
  const title = without(groups.map((group) => `{title} : ${group}`).join(' AND '));
  const single = groups.length === 1;
  return [
    { match: all, within: title, everyGroup: 'title' },
    ...(single ? [] : [{ match: all, everyGroup: 'text' as const }]),
    single ? { match: any, everyGroup: 'text' } : { match: any },
  ];
}

/**
 * The FTS5 expression of the groups' typed words near each other (within a few words more than
 * there are groups), for a proximity boost; undefined for a single group.
 */
export function ftsNearGroups(plan: RelevancePlan): string | undefined {
  if (plan.groups.length < 2) return undefined;
  const phrases = plan.groups.map((group) => ftsAlternative(group.alternatives[0]!));
  return `NEAR(${phrases.join(' ')}, ${plan.groups.length + 2})`;
}

/**
 * How much matching a group tells, from how many of `documents` pages contain it: the inverse
 * document frequency bm25 uses, never below a small floor so a common word still counts a bit.
 */
export function groupWeight(matching: number, documents: number): number {
  const idf = Math.log(1 + (documents - matching + 0.5) / (matching + 0.5));
  return Math.max(idf, 0.05);
}
