import type { Selectable } from 'kysely';
import type { ModuleDatabase } from '~server/db/schema.ts';
import type {
  ContentTables,
  KbArticleTable,
  KbGuideTable,
  KbTopicTable,
} from './content.tables.ts';
import type {
  ArticleSummary,
  GuideSummary,
  Label,
  TopicRef,
  TopicWithParent,
} from './content.types.ts';

/*
 * How content records show one another: the catalogue's labels, and the summaries of the
 * articles, guides and topics a record links to. The other content repositories build on these.
 */

type Db = ModuleDatabase<ContentTables>;

export function jsonList(text: string): string[] {
  const value: unknown = JSON.parse(text);
  return Array.isArray(value)
    ? value.filter((item): item is string => typeof item === 'string')
    : [];
}

export async function labelsOf(
  db: Db,
): Promise<{ product: Map<string, string>; audience: Map<string, string> }> {
  const rows = await db.selectFrom('kb_catalogue_label').selectAll().orderBy('position').execute();
  const product = new Map<string, string>();
  const audience = new Map<string, string>();
  for (const row of rows) (row.kind === 'product' ? product : audience).set(row.key, row.name);
  return { product, audience };
}

export function labelList(keys: string, names: Map<string, string>): Label[] {
  return jsonList(keys).map((key) => ({ key, name: names.get(key) ?? key }));
}

/** Products in catalogue order, which is the order their labels are joined in. */
export function productLabels(keys: string, names: Map<string, string>): Label[] {
  const order = [...names.keys()];
  return labelList(keys, names).sort((a, b) => order.indexOf(a.key) - order.indexOf(b.key));
}

export const articleSummaryColumns = ['id', 'url_name', 'title', 'summary'] as const;

export function toArticleSummary(
  row: Pick<Selectable<KbArticleTable>, 'id' | 'url_name' | 'title' | 'summary'>,
): ArticleSummary {
  return { id: row.id, urlName: row.url_name, title: row.title, summary: row.summary };
}

export function toGuideSummary(
  row: Pick<Selectable<KbGuideTable>, 'id' | 'slug' | 'title' | 'summary'>,
): GuideSummary {
  return { id: row.id, slug: row.slug, title: row.title, summary: row.summary };
}

export function toTopicRef(row: Pick<Selectable<KbTopicTable>, 'id' | 'slug' | 'name'>): TopicRef {
  return { id: row.id, slug: row.slug, name: row.name };
}

/** Articles by url name, in the order the names are given; names with no article are left out. */
export async function articlesByUrlName(db: Db, urlNames: string[]): Promise<ArticleSummary[]> {
  if (urlNames.length === 0) return [];
  const rows = await db
    .selectFrom('kb_article')
    .select(articleSummaryColumns)
    .where('url_name', 'in', urlNames)
    .execute();
  const byName = new Map(rows.map((row) => [row.url_name, toArticleSummary(row)]));
  return urlNames.flatMap((name) => byName.get(name) ?? []);
}

export async function guidesBySlug(db: Db, slugs: string[]): Promise<GuideSummary[]> {
  if (slugs.length === 0) return [];
  const rows = await db
    .selectFrom('kb_guide')
    .select(['id', 'slug', 'title', 'summary'])
    .where('slug', 'in', slugs)
    .execute();
  const bySlug = new Map(rows.map((row) => [row.slug, toGuideSummary(row)]));
  return slugs.flatMap((slug) => bySlug.get(slug) ?? []);
}

export async function topicsWithParents(db: Db, topicIds: string[]): Promise<TopicWithParent[]> {
  if (topicIds.length === 0) return [];
  const rows = await db
    .selectFrom('kb_topic as topic')
    .leftJoin('kb_topic as parent', 'parent.id', 'topic.parent_id')
    .select([
      'topic.id',
      'topic.slug',
      'topic.name',
      'parent.id as parent_id',
      'parent.slug as parent_slug',
      'parent.name as parent_name',
    ])
    .where('topic.id', 'in', topicIds)
    .execute();
  const byId = new Map(
    rows.map((row) => [
      row.id,
      {
        ...toTopicRef(row),
        ...(row.parent_id && row.parent_slug && row.parent_name
          ? { parent: { id: row.parent_id, slug: row.parent_slug, name: row.parent_name } }
          : {}),
      },
    ]),
  );
  return topicIds.flatMap((id) => byId.get(id) ?? []);
}
