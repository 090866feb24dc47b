/** A schema.org object as it goes into the page. */
export type JsonLd = Record<string, unknown>;

const UNSAFE_IN_SCRIPT: Readonly<Record<string, string>> = {
  '<': '\\u003c',
  '>': '\\u003e',
  '&': '\\u0026',
  '\u2028': '\\u2028',
  '\u2029': '\\u2029',
};

/**
 * JSON for an inline script: '<', '>' and '&' escaped so no '</script>' or '<!--' in content
 * can end the script early, and the two line separators old parsers choke on. The result is
 * still JSON and parses to the same value.
 */
export function serializeJsonLd(value: JsonLd | JsonLd[]): string {
  return JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (c) => UNSAFE_IN_SCRIPT[c] ?? c);
}

export interface Crumb {
  name: string;
  /** Absolute URL; absent for an item that has no page. */
  url?: string;
}

export function breadcrumbListJsonLd(crumbs: readonly Crumb[]): JsonLd {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: crumbs.map((crumb, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: crumb.name,
      ...(crumb.url ? { item: crumb.url } : {}),
    })),
  };
}

export interface ArticleJsonLdInput {
  headline: string;
  description: string;
  url: string;
  datePublished?: string;
  dateModified?: string;
  /** The organisation that writes the help content: the brand. */
  brand: string;
  siteUrl: string;
}

export function articleJsonLd(input: ArticleJsonLdInput): JsonLd {
  const organization = { '@type': 'Organization', name: input.brand, url: input.siteUrl };
  return {
    '@context': 'https://schema.org',
    '@type': 'Article',
    headline: input.headline,
    description: input.description,
    url: input.url,
    mainEntityOfPage: { '@type': 'WebPage', '@id': input.url },
    inLanguage: 'en-US',
    ...(input.datePublished ? { datePublished: input.datePublished } : {}),
    ...(input.dateModified ? { dateModified: input.dateModified } : {}),
    author: organization,
    publisher: organization,
  };
}

export function collectionPageJsonLd(input: {
  name: string;
  description: string;
  url: string;
}): JsonLd {
  return {
    '@context': 'https://schema.org',
    '@type': 'CollectionPage',
    name: input.name,
    description: input.description,
    url: input.url,
    inLanguage: 'en-US',
  };
}

export function definedTermJsonLd(input: {
  term: string;
  description: string;
  url: string;
  glossaryUrl: string;
  glossaryName: string;
}): JsonLd {
  return {
    '@context': 'https://schema.org',
    '@type': 'DefinedTerm',
    name: input.term,
    description: input.description,
    url: input.url,
    inDefinedTermSet: {
      '@type': 'DefinedTermSet',
      name: input.glossaryName,
      url: input.glossaryUrl,
    },
  };
}

/** A post of a discussion as structured data takes it: plain text, its author and its votes. */
export interface QaPost {
  text: string;
  author: string;
  dateCreated: string;
  upvoteCount: number;
  /** Absolute URL of the post on its page. */
  url: string;
}

/**
 * schema.org QAPage for a community discussion: the question with its answer count, the best
 * answer as acceptedAnswer and the others as suggestedAnswer, as search engines show questions
 * that people answer.
 */
export function qaPageJsonLd(input: {
  title: string;
  question: QaPost;
  bestAnswer?: QaPost;
  otherAnswers: readonly QaPost[];
}): JsonLd {
  const post = (type: 'Question' | 'Answer', value: QaPost) => ({
    '@type': type,
    text: value.text,
    dateCreated: value.dateCreated,
    upvoteCount: value.upvoteCount,
    url: value.url,
    author: { '@type': 'Person', name: value.author },
  });
  const answerCount = input.otherAnswers.length + (input.bestAnswer ? 1 : 0);
  return {
    '@context': 'https://schema.org',
    '@type': 'QAPage',
    mainEntity: {
      ...post('Question', input.question),
      name: input.title,
      answerCount,
      ...(input.bestAnswer ? { acceptedAnswer: post('Answer', input.bestAnswer) } : {}),
      ...(input.otherAnswers.length > 0
        ? { suggestedAnswer: input.otherAnswers.map((answer) => post('Answer', answer)) }
        : {}),
    },
  };
}
