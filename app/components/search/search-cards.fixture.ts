import { createRouteContract } from '~core/routes';
import type { SearchResult, SearchResultRaw } from '~core/search';
import type { ResultSettings } from './result-settings.ts';

/** Results of every kind, for the card tests and the visual check of the cards. */
export const SETTINGS: ResultSettings = {
  brand: 'Ledgerleaf',
  learningBaseUrl: 'https://learn.example.com',
  appsHost: 'https://apps.example.com',
  contract: createRouteContract({ product: 'Ledgerleaf', siteUrl: 'https://help.example.com' }),
  productOrder: ['Ledgerleaf Books', 'Ledgerleaf Payroll'],
};

/** The highlight of a word's first occurrence in a text. */
function highlightOf(text: string, word: string) {
  return { offset: text.indexOf(word), length: word.length };
}

const ARTICLE_TITLE = 'Reconcile a bank account';
const ARTICLE_EXCERPT =
  'Match your bank statement lines to <b>transactions</b> so your books stay accurate.';

export function result(
  uniqueId: string,
  raw: SearchResultRaw | undefined,
  overrides: Partial<SearchResult> = {},
): SearchResult {
  return {
    title: 'Untitled',
    excerpt: '',
    excerptHighlights: [],
    titleHighlights: [],
    uniqueId,
    clickUri: `https://index.example.com/${uniqueId}`,
    raw,
    ...overrides,
  };
}

export const ARTICLE = result(
  'article-1',
  {
    common_contenttype: 'Article',
    sfkbid: 'kA05g000000AbCdCAK',
    sfurlname: 'reconcile-a-bank-account',
    sfcoreproductc: ['Ledgerleaf Payroll', 'Ledgerleaf Books'],
    sfaudiencec: ['Small businesses'],
    sfcreateddate: '2026-08-05',
  },
  {
    title: ARTICLE_TITLE,
    titleHighlights: [highlightOf(ARTICLE_TITLE, 'bank')],
    excerpt: ARTICLE_EXCERPT,
    excerptHighlights: [
      highlightOf(ARTICLE_EXCERPT, 'bank'),
      highlightOf(ARTICLE_EXCERPT, 'transactions'),
    ],
  },
);

export const DISCUSSION = result(
  'discussion-1',
  {
    sffeeditemid: '0D55g00000AbCdEFGH',
    sfcreateddate: '2026-03-05T09:12:00Z',
    sfcommentcount: 3,
  },
  {
    title: 'Bank feed stopped importing after the update',
    excerpt: 'Since Monday my bank feed shows no new lines. Anyone else?',
  },
);

export const GLOSSARY = result(
  'glossary-1',
  { common_contenttype: 'LedgerleafdotcomGlossary' },
  {
    title: 'Accrual accounting',
    excerpt: 'Recording income and expenses when they are earned or incurred, not when paid.',
  },
);

export const APP = result(
  'app-1',
  {
    syssource: 'Apps',
    common_contenttype: 'Apps',
    mphaslisting: 'true',
    mpslug: 'stock-pro',
    mpfunctions: ['Inventory', 'Accounting', 'Point of sale'],
    mpdescription: 'Track stock across shops and warehouses, synced with your books.',
    mprating: 4.6,
    mpreviewcount: 128,
  },
  { title: 'Stock Pro' },
);

export const APP_WITH_LOGO = result(
  'app-2',
  {
    syssource: 'Apps',
    mphaslisting: 'false',
    mplandingpageurl: 'https://payday.example.com/',
    mplogourl: 'https://cdn.example.com/payday.png',
    mplogohexcolor: '0b3d91',
    mprating: 1,
    mpreviewcount: 1,
  },
  { title: 'Payday', excerpt: 'Pay runs in minutes.' },
);

export const CLASSROOM = result(
  'classroom-1',
  {
    sfintellumapp__id__c: 'act-301',
    sflearning_format__c: 'Live classroom',
    sfdescription: 'A hands-on morning setting up payroll with a trainer.',
    sfnext_class_australia__c: '2026-09-14',
    sfnext_class_united_kingdom__c: '2026-10-02',
  },
  { title: 'Payroll set-up workshop' },
);

export const COURSE = result(
  'course-1',
  { sfintellumapp__id__c: 'act-12', sflearning_format__c: 'Online course' },
  { title: 'Getting started with invoicing', excerpt: 'Six short lessons, at your own pace.' },
);

export const EXTERNAL = result('external-1', undefined, {
  title: 'Tax office: GST registration',
  clickUri: 'https://tax.example.gov/gst',
  excerpt: 'When you need to register for GST.',
});

export const ALL_RESULTS = [
  ARTICLE,
  DISCUSSION,
  GLOSSARY,
  APP,
  APP_WITH_LOGO,
  CLASSROOM,
  COURSE,
  EXTERNAL,
];
