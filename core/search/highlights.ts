import type { TextHighlight } from './result.ts';

export interface TextSegment {
  text: string;
  highlighted: boolean;
}

/**
 * Text cut into plain and highlighted runs by highlight offsets (counted in UTF-16 code units,
 * as JavaScript indexes strings). Highlights are taken in order of offset; overlapping or
 * touching ones merge, and parts outside the text, negative or empty ones are ignored, so a
 * faulty server answer can never lose or repeat text.
 */
export function highlightSegments(
  text: string,
  highlights: readonly TextHighlight[] | undefined,
): TextSegment[] {
  const spans = (highlights ?? [])
    .filter((span) => Number.isInteger(span.offset) && Number.isInteger(span.length))
    .map((span) => ({
      start: Math.max(span.offset, 0),
      end: Math.min(span.offset + span.length, text.length),
    }))
    .filter((span) => span.end > span.start)
    .sort((a, b) => a.start - b.start);
  const merged: { start: number; end: number }[] = [];
  for (const span of spans) {
    const last = merged.at(-1);
    if (last && span.start <= last.end) last.end = Math.max(last.end, span.end);
    else merged.push({ ...span });
  }
  const segments: TextSegment[] = [];
  let at = 0;
  for (const span of merged) {
    if (span.start > at) segments.push({ text: text.slice(at, span.start), highlighted: false });
    segments.push({ text: text.slice(span.start, span.end), highlighted: true });
    at = span.end;
  }
  if (at < text.length) segments.push({ text: text.slice(at), highlighted: false });
  return segments;
}
