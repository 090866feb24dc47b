import { splitSentences } from './sentences.ts';

/*
 * Citation markers: '[n]' after a sentence names passage n (1-based) of those the answer was
 * given. An answer is accepted only when every sentence carries at least one marker and every
 * marker names a given passage.
 */

const MARKER = /\[(\d{1,3})\]/g;

/** The passage numbers of the markers in a text, in order, repeats kept. */
export function citationMarkers(text: string): number[] {
  return [...text.matchAll(MARKER)].map((match) => Number(match[1]));
}

export type CitationCheck =
  | { ok: true; cited: number[] }
  | { ok: false; reason: 'empty' | 'uncited-sentence' | 'unknown-passage'; detail: string };

/**
 * Whether every sentence of `text` cites, and every marker maps to one of `passageCount`
 * passages; `cited` lists the passage numbers in the order they are first cited.
 */
export function checkCitations(text: string, passageCount: number): CitationCheck {
  const sentences = splitSentences(text);
  if (sentences.length === 0) return { ok: false, reason: 'empty', detail: 'no text' };
  const cited: number[] = [];
  for (const sentence of sentences) {
    const markers = citationMarkers(sentence);
    if (markers.length === 0) {
      return { ok: false, reason: 'uncited-sentence', detail: sentence };
    }
    for (const marker of markers) {
      if (marker < 1 || marker > passageCount) {
        return { ok: false, reason: 'unknown-passage', detail: `[${marker}]` };
      }
      if (!cited.includes(marker)) cited.push(marker);
    }
  }
  return { ok: true, cited };
}

/**
 * Rewrites each marker [n] as [numbers.get(n)]: the reader sees the citations numbered 1, 2, …
 * in the order they are first cited, whatever number each passage had among those the model
 * was given. Markers the map lacks are left as they are.
 */
export function renumberCitations(text: string, numbers: ReadonlyMap<number, number>): string {
  return text.replace(MARKER, (marker, number: string) => {
    const renumbered = numbers.get(Number(number));
    return renumbered === undefined ? marker : `[${renumbered}]`;
  });
}

/**
 * A sentence with its citation marker before the closing punctuation, 'Select Send [1].'; a
 * sentence without closing punctuation is given a full stop.
 */
export function citedSentence(sentence: string, number: number): string {
  const trimmed = sentence.trim();
  const match = /^(.*?)([.!?]+)$/s.exec(trimmed);
  const body = (match?.[1] ?? trimmed).trimEnd();
  return `${body} [${number}]${match?.[2] ?? '.'}`;
}
