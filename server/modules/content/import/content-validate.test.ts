import { describe, expect, it } from 'vitest';
import type { ContentSource, MarkdownFile } from './content-files.ts';
import { validateContent } from './content-validate.ts';

const catalogue = {
  path: 'c/catalogue.yaml',
  data: {
    products: [{ key: 'accounting', name: 'Ledgerleaf Accounting' }],
    audiences: [{ key: 'small-business', name: 'small businesses' }],
  },
};
const topics = {
  path: 'c/topics.yaml',
  data: [{ slug: 'banking', name: 'Banking', description: 'd', children: [] }],
};

function articleFile(
  urlName: string,
  changes: Record<string, unknown> = {},
  body = 'Text',
): MarkdownFile {
  return {
    path: `c/articles/${urlName}.md`,
    sourcePath: `articles/${urlName}.md`,
    name: urlName,
    body,
    frontMatter: {
      urlName,
      title: 'T',
      summary: 'S',
      products: ['accounting'],
      audiences: ['small-business'],
      topics: ['banking'],
      team: 'Banking',
      created: '2025-01-01',
      updated: '2025-01-02',
      ...changes,
    },
  };
}

function source(articles: MarkdownFile[], overrides: Partial<ContentSource> = {}): ContentSource {
  return {
    catalogue,
    topics,
    items: { articles, guides: [], glossary: [], apps: [], pages: [] },
    media: [],
    ...overrides,
  };
}

describe('content validation', () => {
  it('passes a consistent folder', () => {
    const result = validateContent(
      source([articleFile('a', { related: ['b'] }), articleFile('b')]),
      [],
    );
    expect(result.issues).toEqual([]);
    expect(result.content?.articles.map((article) => article.data.urlName)).toEqual(['a', 'b']);
  });

  it('names unknown products, audiences and topics', () => {
    const result = validateContent(
      source([
        articleFile('a', {
          products: ['books'],
          audiences: ['everyone'],
          topics: ['banking', 'tax'],
        }),
      ]),
      [],
    );
    expect(result.issues).toEqual([
      {
        path: 'c/articles/a.md',
        field: 'products.0',
        reason: '"books" is not a product key of catalogue.yaml',
      },
      {
        path: 'c/articles/a.md',
        field: 'audiences.0',
        reason: '"everyone" is not an audience key of catalogue.yaml',
      },
      {
        path: 'c/articles/a.md',
        field: 'topics.1',
        reason: '"tax" is not a topic slug of topics.yaml',
      },
    ]);
  });

  it('refuses an article related to itself', () => {
    expect(validateContent(source([articleFile('a', { related: ['a'] })]), []).issues).toEqual([
      { path: 'c/articles/a.md', field: 'related', reason: 'must not list the article itself' },
    ]);
  });

  it('refuses a level-1 heading and an empty article body', () => {
    expect(
      validateContent(
        source([articleFile('a', {}, '# Title\n\nText'), articleFile('b', {}, '')]),
        [],
      ).issues,
    ).toEqual([
      {
        path: 'c/articles/a.md',
        field: 'body',
        reason: 'must use headings from level 2 (##) down; the title comes from the front matter',
      },
      { path: 'c/articles/b.md', field: 'body', reason: 'must not be empty' },
    ]);
  });

  it('does not take a # inside a code block for a heading', () => {
    expect(
      validateContent(source([articleFile('a', {}, '```\n# comment\n```')]), []).issues,
    ).toEqual([]);
  });

  it('names unknown fields', () => {
    expect(validateContent(source([articleFile('a', { author: 'Sam' })]), []).issues).toEqual([
      { path: 'c/articles/a.md', field: 'author', reason: 'is not a known field (author)' },
    ]);
  });

  it('refuses a topic slug used twice in the tree', () => {
    const tree = {
      path: 'c/topics.yaml',
      data: [
        {
          slug: 'banking',
          name: 'B',
          description: 'd',
          children: [{ slug: 'feeds', name: 'F', description: 'd' }],
        },
        {
          slug: 'payroll',
          name: 'P',
          description: 'd',
          children: [{ slug: 'feeds', name: 'F', description: 'd' }],
        },
      ],
    };
    expect(validateContent(source([], { topics: tree }), []).issues).toEqual([
      {
        path: 'c/topics.yaml',
        field: '1.children.0.slug',
        reason: '"feeds" is used by another topic',
      },
    ]);
  });

  it('refuses media files of a type that is not served', () => {
    const media = [{ path: 'c/media/run.exe', fileName: 'run.exe', bytes: Buffer.from('x') }];
    expect(validateContent(source([], { media }), []).issues).toEqual([
      {
        path: 'c/media/run.exe',
        field: '(file)',
        reason: 'has a type that is not served (use png, jpg, jpeg, gif, webp, avif, svg, pdf)',
      },
    ]);
  });

  it('refuses media files over 10 MB', () => {
    const media = [
      { path: 'c/media/big.png', fileName: 'big.png', bytes: Buffer.alloc(10 * 1024 * 1024 + 1) },
      { path: 'c/media/fits.png', fileName: 'fits.png', bytes: Buffer.alloc(10 * 1024 * 1024) },
    ];
    expect(validateContent(source([], { media }), []).issues).toEqual([
      { path: 'c/media/big.png', field: '(file)', reason: 'is larger than 10 MB' },
    ]);
  });

  it('needs the logo of an app to be a media file', () => {
    const app: MarkdownFile = {
      path: 'c/apps/x.md',
      sourcePath: 'apps/x.md',
      name: 'x',
      body: 'About X.',
      frontMatter: {
        slug: 'x',
        name: 'X',
        tagline: 'T',
        functions: ['Sales'],
        rating: 4,
        reviewCount: 3,
        hasListing: true,
        logo: 'media/x.png',
        products: ['accounting'],
        audiences: ['small-business'],
      },
    };
    expect(
      validateContent(
        source([], { items: { articles: [], guides: [], glossary: [], apps: [app], pages: [] } }),
        [],
      ).issues,
    ).toEqual([
      {
        path: 'c/apps/x.md',
        field: 'logo',
        reason: 'refers to media/x.png, which is not in media/',
      },
    ]);
  });

  it('passes on the problems met while reading', () => {
    const readIssue = { path: 'c/x.md', field: '(file)', reason: 'is not a Markdown (.md) file' };
    expect(validateContent(source([]), [readIssue]).issues).toEqual([readIssue]);
  });
});
