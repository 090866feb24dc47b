import type { LandingPageKey } from '~core/content';
import type { ModuleDatabase } from '~server/db/schema.ts';
import type { ContentTables } from './content.tables.ts';
import type { LandingPage } from './content.types.ts';
import { articlesByUrlName, guidesBySlug } from './content-summaries.repository.ts';

type Db = ModuleDatabase<ContentTables>;

interface StoredLandingSection {
  heading: string;
  body?: string;
  guides: string[];
  articles: string[];
}

export async function findLandingPage(db: Db, pageKey: string): Promise<LandingPage | undefined> {
  const row = await db
    .selectFrom('kb_landing_page')
    .selectAll()
    .where('page_key', '=', pageKey)
    .executeTakeFirst();
  if (!row) return undefined;
  const stored = JSON.parse(row.sections) as StoredLandingSection[];
  const sections = await Promise.all(
    stored.map(async (section) => ({
      heading: section.heading,
      ...(section.body ? { body: section.body } : {}),
      guides: await guidesBySlug(db, section.guides),
      articles: await articlesByUrlName(db, section.articles),
    })),
  );
  return {
    pageKey: row.page_key as LandingPageKey,
    title: row.title,
    summary: row.summary,
    body: row.body,
    sections,
    updated: row.updated_at.slice(0, 10),
  };
}
