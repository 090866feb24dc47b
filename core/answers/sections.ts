/*
 * Passages of a Markdown document: the text before the first heading, then one passage per
 * heading of level 2 to 4 with the text up to the next such heading. Headings inside fenced
 * code are text. Sections that only point elsewhere ('Related', 'Learn more', 'See also')
 * answer nothing and are left out.
 */

export interface MarkdownSection {
  /** null for the text before the first heading. */
  heading: string | null;
  body: string;
}

const HEADING = /^ {0,3}#{2,4}\s+(.+?)\s*#*\s*$/;
const FENCE = /^ {0,3}(```|~~~)/;
const REFERENCE_HEADINGS = new Set(['related', 'related articles', 'learn more', 'see also']);

export function isReferenceSection(heading: string | null): boolean {
  return heading !== null && REFERENCE_HEADINGS.has(heading.trim().toLowerCase());
}

export function splitSections(markdown: string): MarkdownSection[] {
  const sections: MarkdownSection[] = [];
  let current: { heading: string | null; lines: string[] } = { heading: null, lines: [] };
  let fence: string | undefined;
  const close = () => {
    const body = current.lines.join('\n').trim();
    if ((body !== '' || current.heading !== null) && !isReferenceSection(current.heading)) {
      sections.push({ heading: current.heading, body });
    }
  };
  for (const line of markdown.split(/\r?\n/)) {
    const fenceMark = FENCE.exec(line)?.[1];
    if (fenceMark !== undefined) {
      if (fence === undefined) fence = fenceMark;
      else if (fence === fenceMark) fence = undefined;
    }
    const heading = fence === undefined ? HEADING.exec(line)?.[1] : undefined;
    if (heading === undefined || fenceMark !== undefined) {
      current.lines.push(line);
      continue;
    }
    close();
    current = { heading, lines: [] };
  }
  close();
  return sections.filter((section) => section.body !== '');
}
