import {
  mediaReferences,
  type ArticleFrontMatter,
  type CatalogueFile,
  type GlossaryFrontMatter,
  type GuideFrontMatter,
  type LandingPageFrontMatter,
  type MarketplaceAppFrontMatter,
  type TopicsFile,
} from '~core/content';
import type { ContentIssue } from './content-files.ts';
import type { ValidItem } from './content-validate.ts';

/** The files that parsed, and what they may refer to. */
export interface ParsedContent {
  catalogue: CatalogueFile | undefined;
  topics: TopicsFile | undefined;
  articles: ValidItem<ArticleFrontMatter>[];
  guides: ValidItem<GuideFrontMatter>[];
  glossary: ValidItem<GlossaryFrontMatter>[];
  apps: ValidItem<MarketplaceAppFrontMatter>[];
  pages: ValidItem<LandingPageFrontMatter>[];
  mediaFiles: ReadonlySet<string>;
}

const AN_ARTICLE = 'the url name of an article';

/**
 * Every reference from one file to another that leads nowhere: labels, topics, related and
 * listed articles, guides, glossary entries and media. The folder is a complete content set,
 * so references are resolved within it only.
 */
export function crossReferenceIssues(content: ParsedContent): ContentIssue[] {
  const issues: ContentIssue[] = [];
  const articleNames = new Set(content.articles.map((article) => article.data.urlName));
  const guideSlugs = new Set(content.guides.map((guide) => guide.data.slug));
  const glossarySlugs = new Set(content.glossary.map((entry) => entry.data.slug));
  const topicSlugs = new Set(
    content.topics?.flatMap((topic) => [topic.slug, ...topic.children.map((child) => child.slug)]),
  );

  const check = (
    path: string,
    field: string,
    values: readonly string[],
    known: ReadonlySet<string>,
    what: string,
  ) => {
    values.forEach((value, index) => {
      if (!known.has(value)) {
        issues.push({ path, field: `${field}.${index}`, reason: `"${value}" is not ${what}` });
      }
    });
  };
  const checkLabels = (path: string, data: { products: string[]; audiences: string[] }) => {
    if (!content.catalogue) return;
    const products = new Set(content.catalogue.products.map((label) => label.key));
    const audiences = new Set(content.catalogue.audiences.map((label) => label.key));
    check(path, 'products', data.products, products, 'a product key of catalogue.yaml');
    check(path, 'audiences', data.audiences, audiences, 'an audience key of catalogue.yaml');
  };
  const checkTopics = (path: string, values: string[]) => {
    if (content.topics) check(path, 'topics', values, topicSlugs, 'a topic slug of topics.yaml');
  };
  const checkMediaFile = (path: string, field: string, reference: string) => {
    if (!content.mediaFiles.has(reference.slice('media/'.length))) {
      issues.push({ path, field, reason: `refers to ${reference}, which is not in media/` });
    }
  };
  const checkMedia = (path: string, markdown: string, field = 'body') => {
    for (const reference of mediaReferences(markdown)) checkMediaFile(path, field, reference);
  };

  for (const { path, data, body } of content.articles) {
    checkLabels(path, data);
    checkTopics(path, data.topics);
    check(path, 'related', data.related, articleNames, AN_ARTICLE);
    if (data.related.includes(data.urlName)) {
      issues.push({ path, field: 'related', reason: 'must not list the article itself' });
    }
    checkMedia(path, body);
  }
  for (const { path, data, body } of content.guides) {
    checkLabels(path, data);
    checkTopics(path, data.topics);
    data.sections.forEach((section, index) =>
      check(path, `sections.${index}.articles`, section.articles, articleNames, AN_ARTICLE),
    );
    checkMedia(path, body);
  }
  for (const { path, data, body } of content.glossary) {
    check(path, 'related', data.related, articleNames, AN_ARTICLE);
    check(path, 'seeAlso', data.seeAlso, glossarySlugs, 'the slug of a glossary entry');
    checkMedia(path, body);
  }
  for (const { path, data, body } of content.apps) {
    checkLabels(path, data);
    if (data.logo !== undefined) checkMediaFile(path, 'logo', data.logo);
    checkMedia(path, body);
  }
  for (const { path, data, body } of content.pages) {
    data.sections.forEach((section, index) => {
      check(path, `sections.${index}.guides`, section.guides, guideSlugs, 'the slug of a guide');
      check(path, `sections.${index}.articles`, section.articles, articleNames, AN_ARTICLE);
      if (section.body) checkMedia(path, section.body, `sections.${index}.body`);
    });
    checkMedia(path, body);
  }
  return issues;
}
