import type { TextHighlight } from '~core/search';
import { highlightSegments } from '~core/search';

/**
 * Text from the search server with its matches marked. The text is rendered as text, never as
 * HTML: the offsets, not markup from the server, decide what is marked.
 */
export function HighlightedText({
  text,
  highlights,
  as: Mark = 'mark',
}: {
  text: string;
  highlights: readonly TextHighlight[] | undefined;
  as?: 'mark' | 'strong';
}) {
  return (
    <>
      {highlightSegments(text, highlights).map((segment, index) =>
        segment.highlighted ? <Mark key={index}>{segment.text}</Mark> : segment.text,
      )}
    </>
  );
}
