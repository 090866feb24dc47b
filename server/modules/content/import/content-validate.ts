import MarkdownIt from 'markdown-it';
import type { z } from 'zod';
import {
  articleFrontMatter,
  catalogueFile,
  glossaryFrontMatter,
  guideFrontMatter,
  landingPageFrontMatter,
  marketplaceAppFrontMatter,
  topicsFile,
  type ArticleFrontMatter,
  type CatalogueFile,
  type GlossaryFrontMatter,
  type GuideFrontMatter,
  type LandingPageFrontMatter,
  type MarketplaceAppFrontMatter,
  type TopicsFile,
} from '~core/content';
import type { ContentIssue, ContentSource, MarkdownFile, MediaSource } from './content-files.ts';
import { crossReferenceIssues } from './content-references.ts';

export interface ValidItem<T> {
  path: string;
  sourcePath: string;
  data: T;
  body: string;
}

export interface ValidMedia extends MediaSource {
  contentType: string;
}

/** A content folder that passed every check: safe to write as a whole. */
export interface ValidContent {
  catalogue: CatalogueFile;
  topics: TopicsFile;
  articles: ValidItem<ArticleFrontMatter>[];
  guides: ValidItem<GuideFrontMatter>[];
  glossary: ValidItem<GlossaryFrontMatter>[];
  apps: ValidItem<MarketplaceAppFrontMatter>[];
  pages: ValidItem<LandingPageFrontMatter>[];
  media: ValidMedia[];
}

/** The media types served for each file extension; other files are refused at import. */
export const MEDIA_TYPES: Readonly<Record<string, string>> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  avif: 'image/avif',
  svg: 'image/svg+xml',
  pdf: 'application/pdf',
};

/** Media live in the database and are sent whole, so each file is kept small. */
export const MEDIA_MAX_BYTES = 10 * 1024 * 1024;

const markdown = new MarkdownIt();

function fieldOf(path: readonly PropertyKey[]): string {
  return path.length === 0 ? '(front matter)' : path.map(String).join('.');
}

function parseWith<T>(
  schema: z.ZodType<T>,
  value: unknown,
  path: string,
  issues: ContentIssue[],
): T | undefined {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  for (const issue of parsed.error.issues) {
    issues.push(
      issue.code === 'unrecognized_keys'
        ? {
            path,
            field: issue.keys.join(', '),
            reason: `is not a known field (${issue.keys.join(', ')})`,
          }
        : { path, field: fieldOf(issue.path), reason: issue.message },
    );
  }
  return undefined;
}

function bodyIssues(file: MarkdownFile, required: boolean, issues: ContentIssue[]): void {
  if (required && file.body === '') {
    issues.push({ path: file.path, field: 'body', reason: 'must not be empty' });
  }
  const tokens = markdown.parse(file.body, {});
  if (tokens.some((token) => token.type === 'heading_open' && token.tag === 'h1')) {
    issues.push({
      path: file.path,
      field: 'body',
      reason: 'must use headings from level 2 (##) down; the title comes from the front matter',
    });
  }
}

/** How the files of one kind are checked. */
interface KindRules<T> {
  schema: z.ZodType<T>;
  /** The field that must equal the file name. */
  nameField: string;
  nameOf: (data: T) => string;
  bodyRequired: boolean;
}

const ARTICLE_RULES: KindRules<ArticleFrontMatter> = {
  schema: articleFrontMatter,
  nameField: 'urlName',
  nameOf: (article) => article.urlName,
  bodyRequired: true,
};
const GUIDE_RULES: KindRules<GuideFrontMatter> = {
  schema: guideFrontMatter,
  nameField: 'slug',
  nameOf: (guide) => guide.slug,
  bodyRequired: false,
};
const GLOSSARY_RULES: KindRules<GlossaryFrontMatter> = {
  schema: glossaryFrontMatter,
  nameField: 'slug',
  nameOf: (entry) => entry.slug,
  bodyRequired: true,
};
const APP_RULES: KindRules<MarketplaceAppFrontMatter> = {
  schema: marketplaceAppFrontMatter,
  nameField: 'slug',
  nameOf: (app) => app.slug,
  bodyRequired: true,
};
const PAGE_RULES: KindRules<LandingPageFrontMatter> = {
  schema: landingPageFrontMatter,
  nameField: 'pageKey',
  nameOf: (page) => page.pageKey,
  bodyRequired: false,
};

function validateItems<T>(
  files: MarkdownFile[],
  rules: KindRules<T>,
  issues: ContentIssue[],
): ValidItem<T>[] {
  const valid: ValidItem<T>[] = [];
  const seen = new Map<string, string>();
  for (const file of files) {
    const data = parseWith(rules.schema, file.frontMatter, file.path, issues);
    bodyIssues(file, rules.bodyRequired, issues);
    if (data === undefined) continue;
    const name = rules.nameOf(data);
    if (name !== file.name) {
      issues.push({
        path: file.path,
        field: rules.nameField,
        reason: `must equal the file name "${file.name}" (it is "${name}")`,
      });
      continue;
    }
    const earlier = seen.get(name);
    if (earlier !== undefined) {
      issues.push({
        path: file.path,
        field: rules.nameField,
        reason: `"${name}" is already used by ${earlier}`,
      });
      continue;
    }
    seen.set(name, file.path);
    valid.push({ path: file.path, sourcePath: file.sourcePath, data, body: file.body });
  }
  return valid;
}

function extensionOf(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  return dot === -1 ? '' : fileName.slice(dot + 1).toLowerCase();
}

function validateMedia(files: MediaSource[], issues: ContentIssue[]): ValidMedia[] {
  const valid: ValidMedia[] = [];
  for (const file of files) {
    const contentType = MEDIA_TYPES[extensionOf(file.fileName)];
    if (contentType === undefined) {
      issues.push({
        path: file.path,
        field: '(file)',
        reason: `has a type that is not served (use ${Object.keys(MEDIA_TYPES).join(', ')})`,
      });
    } else if (file.bytes.byteLength > MEDIA_MAX_BYTES) {
      issues.push({ path: file.path, field: '(file)', reason: 'is larger than 10 MB' });
    } else {
      valid.push({ ...file, contentType });
    }
  }
  return valid;
}

function topicTreeIssues(topics: TopicsFile, path: string, issues: ContentIssue[]): void {
  const seen = new Set<string>();
  for (const [index, topic] of topics.entries()) {
    for (const [childIndex, entry] of [topic, ...topic.children].entries()) {
      if (seen.has(entry.slug)) {
        issues.push({
          path,
          field: childIndex === 0 ? `${index}.slug` : `${index}.children.${childIndex - 1}.slug`,
          reason: `"${entry.slug}" is used by another topic`,
        });
      }
      seen.add(entry.slug);
    }
  }
}

function catalogueIssues(catalogue: CatalogueFile, path: string, issues: ContentIssue[]): void {
  for (const kind of ['products', 'audiences'] as const) {
    const keys = catalogue[kind].map((label) => label.key);
    keys.forEach((key, index) => {
      if (keys.indexOf(key) !== index) {
        issues.push({ path, field: `${kind}.${index}.key`, reason: `"${key}" is listed twice` });
      }
    });
  }
}

/** One article file on its own, checked as the import checks it, before any cross reference. */
export function validateArticleFile(file: MarkdownFile): {
  article?: ValidItem<ArticleFrontMatter>;
  issues: ContentIssue[];
} {
  const issues: ContentIssue[] = [];
  const [article] = validateItems([file], ARTICLE_RULES, issues);
  return { ...(article ? { article } : {}), issues };
}

/**
 * Checks every file against the format and every cross reference between files. Returns the
 * content only when there is no issue at all; otherwise every issue found, file by file.
 */
export function validateContent(
  source: ContentSource,
  readIssues: ContentIssue[],
): { content: ValidContent; issues: [] } | { content?: undefined; issues: ContentIssue[] } {
  const issues = [...readIssues];
  const catalogue =
    source.catalogue &&
    parseWith(catalogueFile, source.catalogue.data, source.catalogue.path, issues);
  if (catalogue && source.catalogue) catalogueIssues(catalogue, source.catalogue.path, issues);
  const topics =
    source.topics && parseWith(topicsFile, source.topics.data, source.topics.path, issues);
  if (topics && source.topics) topicTreeIssues(topics, source.topics.path, issues);

  const items = {
    articles: validateItems(source.items.articles, ARTICLE_RULES, issues),
    guides: validateItems(source.items.guides, GUIDE_RULES, issues),
    glossary: validateItems(source.items.glossary, GLOSSARY_RULES, issues),
    apps: validateItems(source.items.apps, APP_RULES, issues),
    pages: validateItems(source.items.pages, PAGE_RULES, issues),
  };
  const media = validateMedia(source.media, issues);
  issues.push(
    ...crossReferenceIssues({
      ...items,
      catalogue,
      topics,
      mediaFiles: new Set(source.media.map((file) => file.fileName)),
    }),
  );

  if (issues.length > 0 || !catalogue || !topics) return { issues };
  return { content: { catalogue, topics, ...items, media }, issues: [] };
}
