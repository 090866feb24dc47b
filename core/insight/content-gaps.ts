import { foldAccents } from '../text/index.ts';

/*
 * The content-gap list: searches that found nothing or that nobody clicked, grouped so that one
 * need is one line however it was typed. Queries are compared in a normal form (case, accents,
 * punctuation and plurals set aside), and forms whose words differ by a typo (one edit in a
 * word of four letters or more, two from eight) join the most searched form.
 */

export interface GapQuery {
  query: string;
  noResult: number;
  noClick: number;
}

export interface ContentGap {
  /** The normal form of the most searched query of the group, which names the gap. */
  key: string;
  /** The most searched query as typed. */
  label: string;
  noResult: number;
  noClick: number;
  /** Every typed form in the group, the most searched first. */
  queries: string[];
}

function singular(word: string): string {
  if (word.length <= 3 || /\d/.test(word)) return word;
  if (word.endsWith('ies') && word.length > 4) return `${word.slice(0, -3)}y`;
  if (/(ss|us|is)$/.test(word)) return word;
  if (/(sses|xes|ches|shes|zes)$/.test(word)) return word.slice(0, -2);
  if (word.endsWith('s')) return word.slice(0, -1);
  return word;
}

/** A query's normal form: lower case, no accents or punctuation, words singular. */
export function normaliseQuery(query: string): string {
  return foldAccents(query)
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()
    .split(' ')
    .filter((word) => word !== '')
    .map(singular)
    .join(' ');
}

/** Edits (insert, delete, replace, swap of neighbours) between two words, up to a limit. */
export function editDistance(a: string, b: string, limit: number): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  const rows: number[][] = [Array.from({ length: b.length + 1 }, (_, j) => j)];
  for (let i = 1; i <= a.length; i += 1) {
    const row = [i];
    for (let j = 1; j <= b.length; j += 1) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(rows[i - 1]![j]! + 1, row[j - 1]! + 1, rows[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        best = Math.min(best, rows[i - 2]![j - 2]! + 1);
      }
      row.push(best);
    }
    rows.push(row);
  }
  return rows[a.length]![b.length]!;
}

function allowedEdits(word: string): number {
  // Numbers (form 1099, 2024) differ by one digit and mean something else.
  if (/\d/.test(word)) return 0;
  if (word.length >= 8) return 2;
  return word.length >= 4 ? 1 : 0;
}

/** Whether two normal forms are the same words but for typos. */
export function sameButForTypos(a: string, b: string): boolean {
  return a === b || sameWordsButForTypos(a.split(' '), b.split(' '));
}

function sameWordsButForTypos(left: readonly string[], right: readonly string[]): boolean {
  if (left.length !== right.length) return false;
  return left.every((word, at) => {
    const other = right[at]!;
    const limit = Math.min(allowedEdits(word), allowedEdits(other));
    return word === other || (limit > 0 && editDistance(word, other, limit) <= limit);
  });
}

/** How many of the most searched normal forms are grouped into gaps. */
export const MAX_GROUPED_FORMS = 1000;

/** The gaps of a set of queries, the most searched first (ties by name). */
export function groupContentGaps(queries: readonly GapQuery[]): ContentGap[] {
  const byForm = new Map<
    string,
    { noResult: number; noClick: number; typed: Map<string, number> }
  >();
  for (const query of queries) {
    const form = normaliseQuery(query.query);
    if (form === '') continue;
    const entry = byForm.get(form) ?? { noResult: 0, noClick: 0, typed: new Map() };
    entry.noResult += query.noResult;
    entry.noClick += query.noClick;
    const typed = query.query.trim();
    entry.typed.set(typed, (entry.typed.get(typed) ?? 0) + query.noResult + query.noClick);
    byForm.set(form, entry);
  }
  const total = (entry: { noResult: number; noClick: number }) => entry.noResult + entry.noClick;
  const forms = [...byForm.entries()].sort(
    ([formA, a], [formB, b]) => total(b) - total(a) || formA.localeCompare(formB),
  );
  const gaps: { gap: ContentGap; typed: Map<string, number> }[] = [];
  // A form is compared only with the gaps of as many words, and only the most searched forms
  // are grouped: the list shows the top gaps, and comparing every pair of a long tail is slow.
  const byLength = new Map<
    number,
    { words: string[]; entry: { gap: ContentGap; typed: Map<string, number> } }[]
  >();
  for (const [form, entry] of forms.slice(0, MAX_GROUPED_FORMS)) {
    const words = form.split(' ');
    const sameLength = byLength.get(words.length) ?? [];
    const joined = sameLength.find((known) => sameWordsButForTypos(known.words, words))?.entry;
    if (joined) {
      joined.gap.noResult += entry.noResult;
      joined.gap.noClick += entry.noClick;
      for (const [typed, count] of entry.typed) {
        joined.typed.set(typed, (joined.typed.get(typed) ?? 0) + count);
      }
      continue;
    }
    const created = {
      gap: { key: form, label: '', noResult: entry.noResult, noClick: entry.noClick, queries: [] },
      typed: new Map(entry.typed),
    };
    gaps.push(created);
    sameLength.push({ words, entry: created });
    byLength.set(words.length, sameLength);
  }
  return gaps
    .map(({ gap, typed }) => {
      const queriesByCount = [...typed.entries()]
        .sort(([a, countA], [b, countB]) => countB - countA || a.localeCompare(b))
        .map(([query]) => query);
      return { ...gap, label: queriesByCount[0]!, queries: queriesByCount };
    })
    .sort((a, b) => total(b) - total(a) || a.key.localeCompare(b.key));
}

/** A query as the aggregates keep it: lower case, single spaces; '' for an empty search. */
export function queryItem(query: string): string {
  return query.toLowerCase().replace(/\s+/g, ' ').trim();
}
