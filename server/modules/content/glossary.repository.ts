import type { ModuleDatabase } from '~server/db/schema.ts';
import type { ContentTables } from './content.tables.ts';
import type { GlossaryEntry, GlossaryEntrySummary } from './content.types.ts';
import { articlesByUrlName, jsonList } from './content-summaries.repository.ts';

type Db = ModuleDatabase<ContentTables>;

export async function listGlossary(db: Db): Promise<GlossaryEntrySummary[]> {
  return db
    .selectFrom('kb_glossary_entry')
    .select(['id', 'slug', 'term', 'summary'])
    .orderBy('term')
    .execute();
}

export async function findGlossaryEntry(db: Db, slug: string): Promise<GlossaryEntry | undefined> {
  const row = await db
    .selectFrom('kb_glossary_entry')
    .selectAll()
    .where('slug', '=', slug)
    .executeTakeFirst();
  if (!row) return undefined;
  const seeAlsoSlugs = jsonList(row.see_also);
  const [related, seeAlsoRows] = await Promise.all([
    articlesByUrlName(db, jsonList(row.related)),
    seeAlsoSlugs.length === 0
      ? []
      : db
          .selectFrom('kb_glossary_entry')
          .select(['id', 'slug', 'term', 'summary'])
          .where('slug', 'in', seeAlsoSlugs)
          .execute(),
  ]);
  const bySlug = new Map(seeAlsoRows.map((entry) => [entry.slug, entry]));
  return {
    id: row.id,
    slug: row.slug,
    term: row.term,
    summary: row.summary,
    body: row.body,
    related,
    seeAlso: seeAlsoSlugs.flatMap((entry) => bySlug.get(entry) ?? []),
  };
}
