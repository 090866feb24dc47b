import type { Kysely } from 'kysely';
import { PREVIEW_MAX_CHARACTERS, resolveMediaReferences } from '~core/content';
import { mediaPath } from '~core/routes';
import type { Database } from '~server/db/schema.ts';
import { assembleArticle } from './content.repository.ts';
import type { Article } from './content.types.ts';
import { storedReferences } from './article-preview.repository.ts';
import { parseMarkdown, type ContentIssue } from './import/content-files.ts';
import { validateArticleFile } from './import/content-validate.ts';
import { articleRowOf } from './import/article-rows.ts';

/** The name a pasted article file is reported under. */
export const PREVIEW_FILE = 'article.md';

export type ArticlePreview =
  { ok: true; article: Article; missingMedia: string[] } | { ok: false; issues: ContentIssue[] };

/**
 * An article file as its page will show it once imported (docs/content-format.md): checked as
 * the import checks it, its products, audiences, topics and related articles checked against
 * what the knowledge base holds now, and nothing stored.
 */
export async function previewArticle(db: Kysely<Database>, text: string): Promise<ArticlePreview> {
  if (text.length > PREVIEW_MAX_CHARACTERS) {
    return {
      ok: false,
      issues: [
        {
          path: PREVIEW_FILE,
          field: '(file)',
          reason: `is longer than ${PREVIEW_MAX_CHARACTERS.toLocaleString('en')} characters`,
        },
      ],
    };
  }
  const issues: ContentIssue[] = [];
  const file = parseMarkdown(text, { shownPath: PREVIEW_FILE, sourcePath: PREVIEW_FILE }, issues);
  if (!file) return { ok: false, issues };
  const checked = validateArticleFile(file);
  if (!checked.article) return { ok: false, issues: checked.issues };
  const { data, body } = checked.article;

  const stored = await storedReferences(db, data.related);
  const unknown = (
    field: string,
    values: string[],
    known: (value: string) => boolean,
    what: string,
  ) =>
    values.forEach((value, index) => {
      if (!known(value)) {
        issues.push({
          path: PREVIEW_FILE,
          field: `${field}.${index}`,
          reason: `"${value}" is not ${what}`,
        });
      }
    });
  unknown(
    'products',
    data.products,
    (key) => stored.productKeys.has(key),
    'a product of the catalogue',
  );
  unknown(
    'audiences',
    data.audiences,
    (key) => stored.audienceKeys.has(key),
    'an audience of the catalogue',
  );
  unknown('topics', data.topics, (slug) => stored.topicIdsBySlug.has(slug), 'a topic');
  unknown('related', data.related, (name) => stored.articleUrlNames.has(name), 'an article');
  if (issues.length > 0) return { ok: false, issues };

  const missingMedia: string[] = [];
  const resolvedBody = resolveMediaReferences(body, (fileName) => {
    const key = stored.mediaKeysByFile.get(fileName);
    if (key === undefined) missingMedia.push(fileName);
    return key === undefined ? `media/${fileName}` : mediaPath(key);
  });
  const now = new Date().toISOString();
  const article = await assembleArticle(db, {
    row: {
      ...articleRowOf(data, resolvedBody, PREVIEW_FILE),
      region: data.region ?? null,
      content_hash: '',
      created_at: now,
      updated_at: now,
    },
    topicIds: data.topics.flatMap((slug) => stored.topicIdsBySlug.get(slug) ?? []),
  });
  return { ok: true, article, missingMedia };
}
