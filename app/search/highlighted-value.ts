import { unescapeHtml } from '~core/search';

export interface HighlightPart {
  text: string;
  bold: boolean;
}

/**
 * Spec 3: a suggestion's highlightedValue has <b> and </b> around the parts the visitor did not
 * type. Only those two tags are read; everything else stays text, so a suggestion can never
 * inject markup into the page. The value is HTML, so its character references are decoded
 * (an apostrophe arrives as &#39;).
 */
export function highlightParts(highlightedValue: string): HighlightPart[] {
  const parts: HighlightPart[] = [];
  let bold = false;
  for (const piece of highlightedValue.split(/(<\/?b>)/i)) {
    const tag = piece.toLowerCase();
    if (tag === '<b>') bold = true;
    else if (tag === '</b>') bold = false;
    else if (piece !== '') {
      const text = unescapeHtml(piece);
      const last = parts.at(-1);
      if (last && last.bold === bold) last.text += text;
      else parts.push({ text, bold });
    }
  }
  return parts;
}
