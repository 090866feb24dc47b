import MarkdownIt from 'markdown-it';
import { isReferenceSection } from '~core/answers';

const markdown = new MarkdownIt();

type Token = ReturnType<typeof markdown.parse>[number];

function inlineText(token: Token): string {
  return (token.children ?? [])
    .map((child) => {
      if (child.type === 'text' || child.type === 'code_inline') return child.content;
      if (child.type === 'softbreak' || child.type === 'hardbreak') return ' ';
      if (child.type === 'image') return child.content;
      return '';
    })
    .join('');
}

/**
 * The words of a Markdown text without its markup, one block per line: what search indexes
 * and quotes in excerpts. Image alt text counts as text; code blocks keep their content.
 */
export function markdownToPlainText(source: string): string {
  const blocks: string[] = [];
  for (const token of markdown.parse(source, {})) {
    if (token.type === 'inline') blocks.push(inlineText(token));
    else if (token.type === 'fence' || token.type === 'code_block')
      blocks.push(token.content.trim());
  }
  return blocks
    .map((block) => block.replace(/\s+/g, ' ').trim())
    .filter(Boolean)
    .join('\n');
}

/**
 * The headings of a Markdown text below its title (levels 2 to 6), one a line, without those
 * that only point elsewhere ('Related', 'See also'): search ranks a word in them above the body.
 */
export function markdownHeadings(source: string): string {
  const headings: string[] = [];
  let level = 0;
  for (const token of markdown.parse(source, {})) {
    if (token.type === 'heading_open') level = Number(token.tag.slice(1));
    else if (token.type === 'heading_close') level = 0;
    else if (token.type === 'inline' && level >= 2) {
      const text = inlineText(token).replace(/\s+/g, ' ').trim();
      if (text !== '' && !isReferenceSection(text)) headings.push(text);
    }
  }
  return headings.join('\n');
}
