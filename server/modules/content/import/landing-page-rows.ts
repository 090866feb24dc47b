import type { LandingPageFrontMatter } from '~core/content';
import type { KbLandingPageTable } from '../content.tables.ts';
import type { ValidItem } from './content-validate.ts';
import {
  hashOf,
  withMedia,
  type PlanContext,
  type PlannedItem,
  type Row,
} from './planned-items.ts';

export function planLandingPage(
  { path, sourcePath, data, body }: ValidItem<LandingPageFrontMatter>,
  context: PlanContext,
): PlannedItem<KbLandingPageTable> {
  const row: Row<KbLandingPageTable> = {
    page_key: data.pageKey,
    title: data.title,
    summary: data.summary,
    body: withMedia(body, context),
    sections: JSON.stringify(
      data.sections.map((section) => ({
        ...section,
        ...(section.body ? { body: withMedia(section.body, context) } : {}),
      })),
    ),
    source_path: sourcePath,
  };
  return { key: data.pageKey, path, row, hash: hashOf(row) };
}
