import { stemPrefix } from './query.ts';
import type { RelevancePlan, TermAlternative, TermGroup } from './relevance.ts';

/*
 * A relevance plan (relevance.ts) as PostgreSQL tsquery text for to_tsquery('english', …):
 * the same groups, alternatives, beginnings and negated words as the FTS5 expressions, so both
 * engines match the same pages. Words are letters and digits only (query.ts tokenize), so they
 * are safe operands; to_tsquery stems them as the documents were and drops stop words.
 */

/** Weight A: the title (search_document_vector, migration 0006). */
export type TsWeight = 'A';

function tsAlternative(alternative: TermAlternative, weight?: TsWeight): string {
  const words = alternative.words.map((word, index) => {
    const last = index === alternative.words.length - 1;
    const marks = `${alternative.prefix && last ? '*' : ''}${weight ?? ''}`;
    return marks === '' ? word : `${word}:${marks}`;
  });
  return words.length === 1 ? words[0]! : `(${words.join(' <-> ')})`;
}

/** A group as tsquery text: any of its alternatives, in the title only with weight A. */
export function tsGroup(group: TermGroup, weight?: TsWeight): string {
  return `(${group.alternatives.map((alternative) => tsAlternative(alternative, weight)).join(' | ')})`;
}

/** Pages matching any negated clause, or a long negated word's other forms. */
export function tsNegated(plan: RelevancePlan): string | undefined {
  if (plan.negated.length === 0) return undefined;
  const parts = plan.negated.flatMap((clause) => {
    const stem =
      clause.words.length === 1 && !clause.prefix ? stemPrefix(clause.words[0]!) : undefined;
    return [
      tsAlternative({ words: clause.words, prefix: clause.prefix }),
      ...(stem === undefined ? [] : [tsAlternative({ words: [stem], prefix: true })]),
    ];
  });
  return `(${parts.join(' | ')})`;
}

function without(plan: RelevancePlan, expression: string): string {
  const none = tsNegated(plan);
  return none === undefined ? expression : `(${expression}) & !${none}`;
}

/** Pages matching any group and none of the negated clauses. */
export function tsAnyGroup(plan: RelevancePlan): string | undefined {
  if (plan.groups.length === 0) return undefined;
  return without(plan, plan.groups.map((group) => tsGroup(group)).join(' | '));
}

/** The tiers candidates are taken from, as ftsCandidateTiers: all in the title, all, any. */
export function tsCandidateTiers(plan: RelevancePlan): string[] {
  const any = tsAnyGroup(plan);
  if (any === undefined) return [];
  return [
    ...new Set([
      without(plan, plan.groups.map((group) => tsGroup(group, 'A')).join(' & ')),
      without(plan, plan.groups.map((group) => tsGroup(group)).join(' & ')),
      any,
    ]),
  ];
}

/**
 * A group's alternatives as the planner should weigh them. The planner takes alternatives as
 * independent, so a lexeme that several of the words stem to counts again for each (four
 * 'reconcil' of one in five pages come to three in five), and a beginning (`'reconci':*`) adds
 * every frequent lexeme it begins: each lexeme once, and beginnings only when nothing else is
 * left. A group in parentheses (a phrase of alternatives) is weighed as it is.
 */
export function tsEstimatedTerms(normalised: string): string {
  if (/[()]/.test(normalised)) return normalised;
  const terms = [...new Set(normalised.split(' | '))];
  const whole = terms.filter((term) => !term.endsWith(':*'));
  return (whole.length > 0 ? whole : terms).join(' | ');
}

/**
 * ts_rank_cd at which a page has half the most relevance a text can give. Its cover density
 * adds up every occurrence of a word (each is a cover in a query of alternatives) without
 * limit, so a page repeating one word thirty times ranked twenty times above a page with all
 * the words, more than the coverage of the words (candidateScore) makes up. bm25 saturates a
 * word's count; this does the same to the whole rank. Chosen on the evaluation corpus: from
 * 0.03 to 0.1 the expected page is in the top three for 98% of queries (92% unsaturated).
 */
export const COVER_DENSITY_HALF = 0.03;

/** A page's ts_rank_cd as a text relevance that grows ever slower towards 1. */
export function saturatedCoverDensity(rank: number): number {
  return rank <= 0 ? 0 : rank / (rank + COVER_DENSITY_HALF);
}
