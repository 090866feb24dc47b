import { escapeHtml } from '../content/index.ts';
import { foldAccents } from '../text/index.ts';

/*
 * The query language of the search box, shared by both search index dialects: plain terms,
 * "quoted phrases", prefix* terms and -negated terms or phrases, all combined with AND.
 * Words are what both indexes tokenise: runs of letters and digits, accents removed.
 */

export interface QueryClause {
  /** Normalised words; more than one means the words must appear next to each other. */
  words: string[];
  /** The last word may be the beginning of a longer word. */
  prefix: boolean;
  negated: boolean;
}

export interface ParsedQuery {
  clauses: QueryClause[];
}

export interface TextRange {
  offset: number;
  length: number;
}

// Bounds the work one request can ask of the index.
const MAX_CLAUSES = 32;
const MAX_WORD_LENGTH = 64;

export function tokenize(text: string): string[] {
  return (foldAccents(text).match(/[\p{L}\p{N}]+/gu) ?? []).map((word) =>
    word.slice(0, MAX_WORD_LENGTH),
  );
}

export function parseSearchQuery(text: string): ParsedQuery {
  const clauses: QueryClause[] = [];
  const pattern = /(-?)(?:"([^"]*)"?|([^\s"]+))(\*?)/g;
  for (const match of text.matchAll(pattern)) {
    const [, minus = '', quoted, bare, star = ''] = match;
    const raw = quoted ?? bare ?? '';
    const prefix = star === '*' || (quoted === undefined && raw.endsWith('*'));
    const words = tokenize(raw);
    if (words.length === 0) continue;
    clauses.push({ words, prefix, negated: minus === '-' });
    if (clauses.length === MAX_CLAUSES) break;
  }
  return { clauses };
}

export function positiveClauses(query: ParsedQuery): QueryClause[] {
  return query.clauses.filter((clause) => !clause.negated);
}

export function negatedClauses(query: ParsedQuery): QueryClause[] {
  return query.clauses.filter((clause) => clause.negated);
}

const STEM_PREFIX_MIN_LENGTH = 9;
const STEM_PREFIX_LENGTH = 7;

/**
 * The beginning a long word shares with the words derived from it. English stemmers keep
 * some forms apart (reconcile, reconciliation); a long word also matches words beginning with
 * this, ranked below its own forms. Short words have too many unrelated continuations.
 */
export function stemPrefix(word: string): string | undefined {
  if (word.length < STEM_PREFIX_MIN_LENGTH || !/^\p{L}+$/u.test(word)) return undefined;
  return word.slice(0, STEM_PREFIX_LENGTH);
}

/** The words a result must contain, as typed (without prefix or negated words). */
export function correctableWords(query: ParsedQuery): string[] {
  return positiveClauses(query).flatMap((clause) =>
    clause.prefix ? clause.words.slice(0, -1) : clause.words,
  );
}

/** Writes a parsed query back as text in the query language. */
export function formatQuery(query: ParsedQuery): string {
  return query.clauses
    .map((clause) => {
      const body = clause.words.length > 1 ? `"${clause.words.join(' ')}"` : clause.words[0];
      return `${clause.negated ? '-' : ''}${body}${clause.prefix ? '*' : ''}`;
    })
    .join(' ');
}

/** The query with some words replaced (prefix words keep their place as typed). */
export function replaceWords(
  query: ParsedQuery,
  replacements: ReadonlyMap<string, string>,
): ParsedQuery {
  return {
    clauses: query.clauses.map((clause) => ({
      ...clause,
      words: clause.words.map((word, index) =>
        clause.negated || (clause.prefix && index === clause.words.length - 1)
          ? word
          : (replacements.get(word) ?? word),
      ),
    })),
  };
}

/**
 * Edit distance counting insertions, deletions, substitutions and swaps of two neighbouring
 * letters (the commonest typing slip) as one edit each. Stops early above `limit`.
 */
export function editDistance(a: string, b: string, limit = Number.POSITIVE_INFINITY): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  let beforePrevious: number[] = [];
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i += 1) {
    const current = [i];
    let rowMinimum = i;
    for (let j = 1; j <= b.length; j += 1) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        value = Math.min(value, beforePrevious[j - 2]! + 1);
      }
      current.push(value);
      rowMinimum = Math.min(rowMinimum, value);
    }
    if (rowMinimum > limit) return limit + 1;
    beforePrevious = previous;
    previous = current;
  }
  return previous[b.length]!;
}

export interface VocabularyWord {
  word: string;
  /** How many documents contain the word. */
  documentCount: number;
}

/** Words this short have too many neighbours within two edits to correct reliably. */
const MIN_CORRECTABLE_LENGTH = 4;

/** The words up to this far from a typed word count as what the visitor meant. */
export function allowedEdits(word: string): number {
  return word.length < 8 ? 1 : 2;
}

/**
 * The vocabulary word closest to a word the index does not know: fewest edits first, then
 * the word found in most documents, then alphabetical order so the choice is stable.
 */
export function chooseCorrection(
  word: string,
  vocabulary: readonly VocabularyWord[],
): string | undefined {
  if (word.length < MIN_CORRECTABLE_LENGTH || /^\p{N}+$/u.test(word)) return undefined;
  const limit = allowedEdits(word);
  let best: { word: string; distance: number; documentCount: number } | undefined;
  for (const candidate of vocabulary) {
    if (candidate.word === word || candidate.documentCount <= 0) continue;
    const distance = editDistance(word, candidate.word, limit);
    if (distance > limit) continue;
    if (
      best === undefined ||
      distance < best.distance ||
      (distance === best.distance && candidate.documentCount > best.documentCount) ||
      (distance === best.distance &&
        candidate.documentCount === best.documentCount &&
        candidate.word < best.word)
    ) {
      best = { word: candidate.word, distance, documentCount: candidate.documentCount };
    }
  }
  return best?.word;
}

/**
 * Removes the markers a database wrapped around matched words and returns the plain text
 * with the position of each match in it (offsets in UTF-16 code units, as JavaScript counts).
 */
export function extractMarkedRanges(
  marked: string,
  open: string,
  close: string,
): { text: string; ranges: TextRange[] } {
  let text = '';
  const ranges: TextRange[] = [];
  let position = 0;
  while (position < marked.length) {
    const start = marked.indexOf(open, position);
    if (start === -1) {
      text += marked.slice(position);
      break;
    }
    text += marked.slice(position, start);
    const end = marked.indexOf(close, start + open.length);
    const inner = marked.slice(start + open.length, end === -1 ? marked.length : end);
    const previous = ranges.at(-1);
    // Neighbouring matches separated by nothing become one range.
    if (previous !== undefined && previous.offset + previous.length === text.length) {
      previous.length += inner.length;
    } else if (inner.length > 0) {
      ranges.push({ offset: text.length, length: inner.length });
    }
    text += inner;
    position = end === -1 ? marked.length : end + close.length;
  }
  return { text, ranges };
}

const NAMED_CHARACTERS: Readonly<Record<string, string>> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
};

/**
 * The text of HTML that holds only text and character references (escapeHtml's output): the
 * five named references and numeric ones are decoded; any other stays as written.
 */
export function unescapeHtml(html: string): string {
  return html.replace(
    /&(?:#(\d{1,7})|#x([0-9a-f]{1,6})|(amp|lt|gt|quot|apos));/gi,
    (reference, decimal?: string, hex?: string, name?: string) => {
      if (name !== undefined) return NAMED_CHARACTERS[name.toLowerCase()] ?? reference;
      const codePoint = decimal !== undefined ? Number(decimal) : Number.parseInt(hex!, 16);
      return codePoint > 0 && codePoint <= 0x10ffff ? String.fromCodePoint(codePoint) : reference;
    },
  );
}

/**
 * The suggestion as HTML with <b> and </b> around the parts the visitor has not typed: each
 * typed word is matched, in order, against the start of a word of the suggestion.
 */
export function highlightSuggestion(suggestion: string, typed: string): string {
  const typedWords = tokenize(typed);
  const typedRanges: TextRange[] = [];
  let next = 0;
  for (const match of suggestion.matchAll(/[\p{L}\p{N}][\p{L}\p{M}\p{N}]*/gu)) {
    const wanted = typedWords[next];
    if (wanted === undefined) break;
    const word = match[0];
    const matchedLength = typedPrefixLength(word, wanted);
    if (matchedLength === 0) continue;
    typedRanges.push({ offset: match.index, length: matchedLength });
    next += 1;
  }
  let html = '';
  let position = 0;
  for (const [index, range] of typedRanges.entries()) {
    const gap = suggestion.slice(position, range.offset);
    // The spaces between two typed words were typed too.
    if (index > 0 && /^\s+$/u.test(gap)) html += escapeHtml(gap);
    else if (gap !== '') html += bold(gap);
    html += escapeHtml(suggestion.slice(range.offset, range.offset + range.length));
    position = range.offset + range.length;
  }
  if (position < suggestion.length) html += bold(suggestion.slice(position));
  return html;
}

// How many characters of `word` the typed word covers when it is a beginning of it (0 if not).
function typedPrefixLength(word: string, typedWord: string): number {
  let length = 0;
  for (let end = 1; end <= word.length; end += 1) {
    const normalised = foldAccents(word.slice(0, end));
    if (normalised === typedWord) length = end;
    else if (!typedWord.startsWith(normalised)) break;
  }
  return length;
}

function bold(text: string): string {
  return `<b>${escapeHtml(text)}</b>`;
}

/**
 * The key past queries are stored and prefix-matched under: the typed words, normalised, one
 * space apart, with a trailing space kept when the visitor has finished a word.
 */
export function queryKey(text: string): string {
  const words = tokenize(text).join(' ');
  return words !== '' && /[^\p{L}\p{N}]$/u.test(text) ? `${words} ` : words;
}
