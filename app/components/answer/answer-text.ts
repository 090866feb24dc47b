/** How the panel reads answer text: citation markers, sentences and the copied form. */
import type { AnswerCitation } from './answer-stream.ts';

export type AnswerSegment = { type: 'text'; text: string } | { type: 'citation'; number: number };

const MARKER = /\[(\d{1,3})\]/g;

/**
 * The text cut at its citation markers ('[2]'). A marker whose number no citation has stays
 * text: the server discards such answers, so this only guards the page.
 */
export function answerSegments(text: string, known: ReadonlySet<number>): AnswerSegment[] {
  const segments: AnswerSegment[] = [];
  let plain = '';
  let at = 0;
  for (const match of text.matchAll(MARKER)) {
    const number = Number(match[1]);
    plain += text.slice(at, match.index);
    at = match.index + match[0].length;
    if (!known.has(number)) {
      plain += match[0];
      continue;
    }
    if (plain !== '') segments.push({ type: 'text', text: plain });
    plain = '';
    segments.push({ type: 'citation', number });
  }
  plain += text.slice(at);
  if (plain !== '') segments.push({ type: 'text', text: plain });
  return segments;
}

/** Text still arriving can end in half a marker ('[1'): it waits until its ']' arrives. */
export function withoutOpenMarker(text: string): string {
  return text.replace(/\[\d{0,3}$/, '');
}

export interface AnswerSentences {
  /** Sentences that are whole, each with its markers and the space after it. */
  complete: string[];
  /** What is still arriving. */
  rest: string;
}

/**
 * A sentence ends at '.', '!' or '?' (and any closing quote or bracket), takes the citation
 * markers that follow it, and is whole once the next sentence has begun: until then a marker may
 * still arrive for it. When the stream is finished, what is left is whole too.
 */
const SENTENCE_END = /[.!?]["'”’)]*(?:\s*\[\d{1,3}\])*\s+(?=[^\s[])/g;

export function splitSentences(text: string, finished: boolean): AnswerSentences {
  const complete: string[] = [];
  let start = 0;
  for (const match of text.matchAll(SENTENCE_END)) {
    const end = match.index + match[0].length;
    complete.push(text.slice(start, end));
    start = end;
  }
  const rest = text.slice(start);
  if (finished && rest.trim() !== '') return { complete: [...complete, rest], rest: '' };
  return { complete, rest };
}

/**
 * The answer as plain text for the clipboard: the text with its markers, then each source with
 * its number and its public address, so the numbers still mean something once pasted.
 */
export function answerPlainText(
  text: string,
  citations: readonly AnswerCitation[],
  linkOf: (citation: AnswerCitation) => string,
): string {
  const answer = text.trim();
  if (citations.length === 0) return answer;
  const sources = citations.map(
    (citation) => `[${citation.number}] ${citation.title} – ${linkOf(citation)}`,
  );
  return `${answer}\n\nSources:\n${sources.join('\n')}`;
}
