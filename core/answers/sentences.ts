/*
 * Sentences of plain text (one block per line, as markdownToPlainText gives it): every line
 * ends a sentence, and inside a line a sentence ends at '.', '!' or '?' followed by a space and
 * a capital letter, digit or opening quote, unless the full stop ends a known abbreviation.
 */

/** Abbreviations whose full stop does not end a sentence (lower case, without the stop). */
const ABBREVIATIONS: ReadonlySet<string> = new Set([
  'e.g',
  'i.e',
  'etc',
  'eg',
  'ie',
  'vs',
  'no',
  'approx',
  'incl',
  'mr',
  'mrs',
  'ms',
  'dr',
  'st',
]);

const BOUNDARY = /([.!?])["”’)]?\s+(?=["“‘(]?[\p{Lu}\p{N}])/gu;

function endsWithAbbreviation(text: string): boolean {
  const lastWord = /(\S+)\.$/.exec(text)?.[1]?.toLowerCase() ?? '';
  return ABBREVIATIONS.has(lastWord.replace(/^[("“]+/, ''));
}

export function splitSentences(text: string): string[] {
  const sentences: string[] = [];
  for (const line of text.split(/\r?\n/)) {
    let start = 0;
    for (const match of line.matchAll(BOUNDARY)) {
      const end = match.index + match[0].trimEnd().length;
      const candidate = line.slice(start, end).trim();
      if (match[1] === '.' && endsWithAbbreviation(candidate)) continue;
      if (candidate !== '') sentences.push(candidate);
      start = match.index + match[0].length;
    }
    const rest = line.slice(start).trim();
    if (rest !== '') sentences.push(rest);
  }
  return sentences;
}

/** Words in a sentence, for telling a full sentence from a fragment. */
export function wordCount(sentence: string): number {
  return (sentence.match(/[\p{L}\p{N}]+/gu) ?? []).length;
}
