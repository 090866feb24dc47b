import { describe, expect, it } from 'vitest';
import {
  articleFeedbackInput,
  articleFrontMatter,
  catalogueFile,
  contentDate,
  glossaryFrontMatter,
  guideFrontMatter,
  landingPageFrontMatter,
  marketplaceAppFrontMatter,
  slug,
  topicsFile,
} from './content-format.ts';
import { mediaReferences, resolveMediaReferences } from './content-limits.ts';

const article = {
  urlName: 'connect-a-bank-feed',
  title: 'Connect a bank feed',
  summary: 'Link your bank.',
  products: ['accounting'],
  audiences: ['small-business'],
  topics: ['bank-feeds'],
  team: 'Banking',
  created: '2025-02-11',
  updated: '2026-08-30',
};

/** The issues of a failed parse as "field: message" lines. */
function problems(result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) {
  return (result.error?.issues ?? []).map(
    (issue) => `${issue.path.map(String).join('.')}: ${issue.message}`,
  );
}

describe('slugs and url names', () => {
  it.each(['a', 'bank-feeds', 'gst-2025', '3-way-match'])('accepts %s', (value) => {
    expect(slug.safeParse(value).success).toBe(true);
  });
  it.each(['', 'Bank-feeds', 'bank--feeds', '-bank', 'bank-', 'bank feeds', 'bank_feeds', 'bänk'])(
    'refuses "%s"',
    (value) => {
      expect(slug.safeParse(value).success).toBe(false);
    },
  );
});

describe('content dates', () => {
  it.each(['2025-02-11', '2024-02-29', '1999-12-31'])('accepts %s', (value) => {
    expect(contentDate.parse(value)).toBe(value);
  });
  it.each(['2025-2-11', '2025-02-30', '2023-02-29', '11/02/2025', '2025-13-01', ''])(
    'refuses "%s"',
    (value) => {
      expect(contentDate.safeParse(value).success).toBe(false);
    },
  );
  it('takes a YAML date as its calendar day', () => {
    expect(contentDate.parse(new Date('2025-02-11T00:00:00Z'))).toBe('2025-02-11');
  });
});

describe('article front matter', () => {
  it('accepts the documented example and fills the defaults', () => {
    expect(articleFrontMatter.parse(article)).toEqual({
      ...article,
      contentType: 'Article',
      related: [],
    });
  });

  it('keeps optional fields when given', () => {
    const parsed = articleFrontMatter.parse({
      ...article,
      region: 'AU',
      published: '2025-02-12',
      related: ['reconcile-a-bank-transaction'],
      contentType: 'How-to',
    });
    expect(parsed).toMatchObject({ region: 'AU', published: '2025-02-12', contentType: 'How-to' });
  });

  it.each([
    ['urlName', undefined, 'urlName: must be text'],
    ['title', '', 'title: must not be empty'],
    ['title', 'x'.repeat(121), 'title: must be at most 120 characters'],
    ['summary', 'x'.repeat(301), 'summary: must be at most 300 characters'],
    ['products', [], 'products: must list at least one product key'],
    [
      'products',
      ['accounting', 'accounting'],
      'products: must not list the same product key twice',
    ],
    ['audiences', 'small-business', 'audiences: must be a list of audience keys'],
    ['topics', [], 'topics: must list at least one topic slug'],
    ['team', '  ', 'team: must not be empty'],
    ['region', 'EU', 'region: must be one of AU, CA, NZ, US, HK, MY, SG, SA, UK, ROW'],
    ['created', '2025-02-30', 'created: must be a real date written YYYY-MM-DD'],
    ['updated', undefined, 'updated: must be a date written YYYY-MM-DD'],
    ['related', ['Not A Slug'], 'related.0: must be lower-case letters, digits and single hyphens'],
  ])('refuses a bad %s', (field, value, message) => {
    expect(problems(articleFrontMatter.safeParse({ ...article, [field]: value }))).toContain(
      message,
    );
  });

  it('title allows exactly 120 characters and summary 300', () => {
    expect(
      articleFrontMatter.safeParse({ ...article, title: 'x'.repeat(120), summary: 'y'.repeat(300) })
        .success,
    ).toBe(true);
  });

  it('refuses fields it does not know', () => {
    const result = articleFrontMatter.safeParse({ ...article, author: 'Sam' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]).toMatchObject({ code: 'unrecognized_keys', keys: ['author'] });
  });
});

describe('guide front matter', () => {
  const guide = {
    slug: 'set-up',
    title: 'Set up',
    summary: 'First week.',
    products: ['accounting'],
    audiences: ['small-business'],
    updated: '2026-07-01',
    sections: [{ title: 'Before you start', articles: ['a', 'b'] }],
  };

  it('accepts a guide; topics are optional', () => {
    expect(guideFrontMatter.parse(guide)).toMatchObject({
      topics: [],
      sections: [{ title: 'Before you start' }],
    });
  });

  it.each([
    [{ sections: [] }, 'sections: must list at least one section'],
    [
      { sections: [{ title: 'S', articles: [] }] },
      'sections.0.articles: must list at least one article url name',
    ],
    [{ sections: [{ articles: ['a'] }] }, 'sections.0.title: must be text'],
    [
      { sections: [{ title: 'S', articles: ['a', 'a'] }] },
      'sections.0.articles: must not list the same article url name twice',
    ],
  ])('refuses %j', (change, message) => {
    expect(problems(guideFrontMatter.safeParse({ ...guide, ...change }))).toContain(message);
  });
});

describe('glossary front matter', () => {
  it('accepts an entry with defaults', () => {
    expect(
      glossaryFrontMatter.parse({ slug: 'accruals', term: 'Accruals', summary: 'When earned.' }),
    ).toEqual({
      slug: 'accruals',
      term: 'Accruals',
      summary: 'When earned.',
      related: [],
      seeAlso: [],
    });
  });
  it('refuses a missing term', () => {
    expect(problems(glossaryFrontMatter.safeParse({ slug: 'a', summary: 'b' }))).toContain(
      'term: must be text',
    );
  });
});

describe('marketplace app front matter', () => {
  const app = {
    slug: 'shelfwise',
    name: 'Shelfwise',
    tagline: 'Stock control.',
    functions: ['Inventory'],
    rating: 4.6,
    reviewCount: 128,
    hasListing: true,
    products: ['accounting'],
    audiences: ['small-business'],
  };

  it('defaults the logo colour to #13b5ea and lower-cases a given one', () => {
    expect(marketplaceAppFrontMatter.parse(app).logoHexColor).toBe('#13b5ea');
    expect(marketplaceAppFrontMatter.parse({ ...app, logoHexColor: '#2E7D32' }).logoHexColor).toBe(
      '#2e7d32',
    );
  });

  it.each([
    [{ rating: 5.1 }, 'rating: must be a number from 0 to 5'],
    [{ rating: -0.1 }, 'rating: must be a number from 0 to 5'],
    [{ rating: '4' }, 'rating: must be a number from 0 to 5'],
    [{ reviewCount: 1.5 }, 'reviewCount: must be a whole number'],
    [{ reviewCount: -1 }, 'reviewCount: must not be negative'],
    [{ logoHexColor: 'green' }, 'logoHexColor: must be a colour written #rrggbb'],
    [{ logoHexColor: '#fff' }, 'logoHexColor: must be a colour written #rrggbb'],
    [{ hasListing: 'yes' }, 'hasListing: must be true or false'],
    [{ functions: [] }, 'functions: must list at least one function'],
    [{ logo: 'images/logo.png' }, 'logo: must be written media/<file>'],
    [{ landingPageUrl: 'ftp://x.example' }, 'landingPageUrl: must be an absolute http(s) URL'],
  ])('refuses %j', (change, message) => {
    expect(problems(marketplaceAppFrontMatter.safeParse({ ...app, ...change }))).toContain(message);
  });

  it('accepts ratings at both ends of the scale', () => {
    expect(marketplaceAppFrontMatter.safeParse({ ...app, rating: 0 }).success).toBe(true);
    expect(marketplaceAppFrontMatter.safeParse({ ...app, rating: 5 }).success).toBe(true);
  });

  it('needs a landing page URL when the app has no listing', () => {
    expect(problems(marketplaceAppFrontMatter.safeParse({ ...app, hasListing: false }))).toEqual([
      'landingPageUrl: is required when hasListing is false',
    ]);
    expect(
      marketplaceAppFrontMatter.safeParse({
        ...app,
        hasListing: false,
        landingPageUrl: 'https://x.example/a',
      }).success,
    ).toBe(true);
  });
});

describe('landing page front matter', () => {
  it('accepts the landing pages of the route table only', () => {
    const page = { pageKey: 'gettingStarted', title: 'Get started', summary: 'Set up.' };
    expect(landingPageFrontMatter.parse(page)).toEqual({ ...page, sections: [] });
    expect(problems(landingPageFrontMatter.safeParse({ ...page, pageKey: 'home' }))).toEqual([
      'pageKey: must be one of gettingStarted, accountantsAndBookkeepers, endOfFinancialYear, paymentServices, openBanking',
    ]);
  });
  it('fills empty guide and article lists of a section', () => {
    const parsed = landingPageFrontMatter.parse({
      pageKey: 'openBanking',
      title: 'Open banking',
      summary: 'S',
      sections: [{ heading: 'H' }],
    });
    expect(parsed.sections).toEqual([{ heading: 'H', guides: [], articles: [] }]);
  });
});

describe('catalogue and topic files', () => {
  it('needs products and audiences as {key, name}', () => {
    expect(
      catalogueFile.safeParse({ products: [{ key: 'accounting', name: 'A' }], audiences: [] })
        .success,
    ).toBe(false);
    expect(
      problems(
        catalogueFile.safeParse({
          products: [{ key: 'Accounting', name: 'A' }],
          audiences: [{ key: 'a', name: 'A' }],
        }),
      ),
    ).toEqual(['products.0.key: must be lower-case letters, digits and single hyphens']);
  });
  it('reads a two-level topic tree, children optional', () => {
    const tree = topicsFile.parse([
      {
        slug: 'a',
        name: 'A',
        description: 'd',
        children: [{ slug: 'b', name: 'B', description: 'd' }],
      },
      { slug: 'c', name: 'C', description: 'd' },
    ]);
    expect(tree[1]?.children).toEqual([]);
  });
  it('refuses a third level', () => {
    const result = topicsFile.safeParse([
      {
        slug: 'a',
        name: 'A',
        description: 'd',
        children: [{ slug: 'b', name: 'B', description: 'd', children: [] }],
      },
    ]);
    expect(result.success).toBe(false);
  });
});

describe('article feedback input', () => {
  it('takes yes or no with an optional trimmed comment', () => {
    expect(articleFeedbackInput.parse({ helpful: true })).toEqual({ helpful: true });
    expect(articleFeedbackInput.parse({ helpful: false, comment: '  Old screenshot ' })).toEqual({
      helpful: false,
      comment: 'Old screenshot',
    });
    expect(articleFeedbackInput.parse({ helpful: false, comment: '   ' })).toEqual({
      helpful: false,
    });
  });
  it('keeps comments to 1000 characters', () => {
    expect(
      articleFeedbackInput.safeParse({ helpful: true, comment: 'x'.repeat(1000) }).success,
    ).toBe(true);
    expect(
      problems(articleFeedbackInput.safeParse({ helpful: true, comment: 'x'.repeat(1001) })),
    ).toEqual(['comment: Keep the comment to 1000 characters or fewer.']);
  });
  it('needs a yes or no', () => {
    expect(problems(articleFeedbackInput.safeParse({}))).toEqual(['helpful: Choose yes or no.']);
    expect(problems(articleFeedbackInput.safeParse({ helpful: 'true' }))).toEqual([
      'helpful: Choose yes or no.',
    ]);
  });
});

describe('media references', () => {
  const markdown = [
    '![Bank feed](media/bank-feed.png)',
    'Text ![Logo](media/logo.svg "The logo") and ![again](media/bank-feed.png).',
    '[The PDF](media/guide.pdf) ![elsewhere](https://example.com/x.png)',
    '[a page](https://example.com/media/x.png) and `media/notes.txt` in code',
  ].join('\n');

  it('finds each image or link written media/<file> once', () => {
    expect(mediaReferences(markdown)).toEqual([
      'media/bank-feed.png',
      'media/logo.svg',
      'media/guide.pdf',
    ]);
  });

  it('replaces each one with the path given for its file', () => {
    const resolved = resolveMediaReferences(markdown, (file) => `/cms/delivery/media/k-${file}`);
    expect(resolved).toContain('![Bank feed](/cms/delivery/media/k-bank-feed.png)');
    expect(resolved).toContain('![Logo](/cms/delivery/media/k-logo.svg "The logo")');
    expect(resolved).toContain('[The PDF](/cms/delivery/media/k-guide.pdf)');
    expect(resolved).toContain('![elsewhere](https://example.com/x.png)');
    expect(resolved).toContain('[a page](https://example.com/media/x.png)');
    expect(resolved).toContain('`media/notes.txt`');
  });
});
