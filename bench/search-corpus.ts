// The benchmark's synthetic help-centre corpus, its queries and its typed beginnings.
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Insertable } from 'kysely';
import type { PortalDatabase } from '~server/db/database.ts';
import {
  createSearchProvider,
  type EngineQuery,
  type SearchDocumentTable,
} from '~server/modules/search';

// The corpus reuses the sentences and titles of the help content in content/, so words turn
// up as often as they do in real help articles (a 'bank' in many documents, a 'lodgement' in few).
const CONTENT_DIR = join(import.meta.dirname, '..', 'content');

export interface ContentText {
  titles: string[];
  sentences: string[];
}

export async function readContentText(): Promise<ContentText> {
  const titles: string[] = [];
  const sentences: string[] = [];
  for (const entry of await readdir(CONTENT_DIR, { recursive: true })) {
    if (!entry.endsWith('.md')) continue;
    const text = await readFile(join(CONTENT_DIR, entry), 'utf8');
    const [, frontMatter = '', body = text] = /^---\n([\s\S]*?)\n---\n([\s\S]*)$/.exec(text) ?? [];
    const title = /^(?:title|term|name): (.+)$/m.exec(frontMatter)?.[1];
    if (title) titles.push(title.replace(/^['"]|['"]$/g, ''));
    const plain = body.replace(/[#*_`>|[\]()!-]+/g, ' ').replace(/\s+/g, ' ');
    for (const sentence of plain.split(/(?<=[.?!:])\s+/)) {
      if (sentence.split(' ').length >= 5) sentences.push(sentence.trim());
    }
  }
  return { titles, sentences };
}

const QUESTION_OPENINGS = [
  'How do I',
  'Why does',
  'Can I',
  'Help with',
  'Problem with',
  'Question about',
];

const PRODUCTS = [
  'Ledgerleaf Accounting',
  'Ledgerleaf Payroll',
  'Ledgerleaf Practice',
  'Ledgerleaf Projects',
  'Ledgerleaf Inventory',
];
const AUDIENCES = ['Small business', 'Accountant', 'Bookkeeper', 'Developer'];
const TOPICS = [
  'Banking',
  'Invoicing',
  'Payroll',
  'Tax',
  'Reports',
  'Settings',
  'Inventory',
  'Projects',
];
const KINDS = [
  { objecttype: 'Knowledge__kav', contentType: 'Article', share: 0.55 },
  { objecttype: 'FeedItem', contentType: 'Discussion', share: 0.25 },
  { objecttype: 'LearningItem', contentType: 'Online course', share: 0.1 },
  { objecttype: 'Glossary', contentType: 'LedgerleafdotcomGlossary', share: 0.05 },
  { objecttype: 'App', contentType: 'Apps', share: 0.05 },
];
const REGIONS = [null, null, 'AU', 'UK', 'US', 'NZ'];

let seed = 20260901;
function random(): number {
  seed = (seed * 1103515245 + 12345) % 2147483648;
  return seed / 2147483648;
}
const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;

function someOf<T>(list: readonly T[], most: number): T[] {
  return [...new Set(Array.from({ length: 1 + Math.floor(random() * most) }, () => pick(list)))];
}

function documentAt(text: ContentText, index: number): Insertable<SearchDocumentTable> {
  let roll = random();
  const kind = KINDS.find((candidate) => (roll -= candidate.share) < 0) ?? KINDS[0]!;
  const id = `bench-${index}`;
  const created = new Date(Date.UTC(2020, 0, 1) + random() * 6 * 365 * 86_400_000).toISOString();
  return {
    unique_id: id,
    origin: 'bench',
    title:
      kind.contentType === 'Discussion'
        ? `${pick(QUESTION_OPENINGS)} ${pick(text.titles).toLowerCase()}`
        : pick(text.titles),
    excerpt: pick(text.sentences),
    body_text: Array.from({ length: 3 + Math.floor(random() * 6) }, () =>
      pick(text.sentences),
    ).join(' '),
    click_uri: `/s/article/${id}`,
    objecttype: kind.objecttype,
    objecttypelabel: kind.contentType,
    common_contenttype: kind.contentType,
    syssource: 'Portal',
    source: 'Portal',
    collection: 'default',
    documenttype: kind.objecttype,
    language: 'en',
    permanentid: id,
    region: pick(REGIONS),
    sfurlname: id,
    sftopicfirstlevelc: pick(TOPICS),
    sfcoreproductc: JSON.stringify(someOf(PRODUCTS, 3)),
    sfaudiencec: JSON.stringify(someOf(AUDIENCES, 2)),
    topic_ids: '[]',
    sfcreateddate: created,
    updated_at: created,
  };
}

/**
 * Fills the index through the search provider, as an import writes: a batch of documents in
 * each transaction.
 */
export async function fill(
  database: PortalDatabase,
  text: ContentText,
  size: number,
): Promise<void> {
  const batch = 400;
  const provider = createSearchProvider(database);
  for (let start = 0; start < size; start += batch) {
    const rows = Array.from({ length: Math.min(batch, size - start) }, (_, offset) =>
      documentAt(text, start + offset),
    );
    await database.db.transaction().execute((trx) => provider.saveDocuments(trx, rows));
  }
}

export const QUERIES: string[] = [
  'bank reconciliation',
  'reconcile',
  'payroll',
  'how to reconcile bank account',
  'invoice reminder',
  '"bank feed"',
  'recon*',
  'payslip -holiday',
  'foreign exchange gain',
  'reconcilation',
  'depreciaton fixed assets',
  'vat return filing',
  'employee leave timesheet',
  'approve bills',
  'multi currency',
  'lodgement',
  'customer credit note',
  'inventory item price',
  'subscription billing plan',
  'journal',
];

export function engineQuery(text: string, run: number): EngineQuery {
  return {
    text,
    scope: run % 3 === 0 ? { commonContentTypes: ['Online course'] } : {},
    filters: run % 4 === 1 ? [{ field: 'sfcoreproductc', values: ['Ledgerleaf Payroll'] }] : [],
    notFilters: run % 4 === 2 ? [{ field: 'common_contenttype', value: 'Online course' }] : [],
    facets: ['common_contenttype', 'sfcoreproductc', 'sfaudiencec', 'sftopicfirstlevelc'],
    sort: run % 5 === 4 ? 'date' : 'relevancy',
    offset: run % 7 === 6 ? 10 : 0,
    limit: 10,
    region: run % 2 === 0 ? 'UK' : undefined,
  };
}

export const TYPED = [
  're',
  'rec',
  'reco',
  'bank r',
  'pay',
  'payro',
  'inv',
  'how to',
  'vat',
  'emp',
  'ledger',
  'cu',
  'dep',
  'sup',
];
