import type { GlossaryFrontMatter } from '~core/content';
import { glossaryEntryPath } from '~core/routes';
import { markdownHeadings, markdownToPlainText } from '../markdown-text.ts';
import type { KbGlossaryEntryTable } from '../content.tables.ts';
import type { ValidItem } from './content-validate.ts';
import {
  contentIds,
  emptyDocument,
  hashOf,
  withMedia,
  type PlanContext,
  type PlannedItem,
  type Row,
  type SearchDocumentRow,
} from './planned-items.ts';

export function planGlossaryEntry(
  { path, sourcePath, data, body }: ValidItem<GlossaryFrontMatter>,
  context: PlanContext,
): PlannedItem<KbGlossaryEntryTable> {
  const id = contentIds.glossaryEntry(data.slug);
  const resolvedBody = withMedia(body, context);
  const row: Row<KbGlossaryEntryTable> = {
    id,
    slug: data.slug,
    term: data.term,
    summary: data.summary,
    body: resolvedBody,
    related: JSON.stringify(data.related),
    see_also: JSON.stringify(data.seeAlso),
    source_path: sourcePath,
  };
  const searchDocument: SearchDocumentRow = {
    ...emptyDocument(id, 'Glossary', 'Glossary entry'),
    common_contenttype: `${context.settings.brand}dotcomGlossary`,
    title: data.term,
    excerpt: data.summary,
    body_text: markdownToPlainText(resolvedBody),
    headings: markdownHeadings(resolvedBody),
    click_uri: glossaryEntryPath(data.slug),
    sfdescription: data.summary,
  };
  return { key: data.slug, path, row, searchDocument, hash: hashOf([row, searchDocument]) };
}
