import type { Insertable } from 'kysely';
import { expect } from 'vitest';
import type { SearchResult } from '~core/search';
import { testConfig } from '~tests/support/config.ts';
import { signInAs, type SignedInSession } from '~tests/support/sessions.ts';
import { buildPortalServer } from '~server/app.ts';
import type { PortalDatabase } from '~server/db/database.ts';
import { BASIC_FIXTURE, FIXTURE_SETTINGS } from '~server/modules/content/content.fixture.ts';
import { importContent } from '~server/modules/content';
import { searchTokenKey, signSearchToken } from '~server/modules/search-token';
import { upsertSearchDocument } from './search-documents.repository.ts';
import type { SearchDocumentTable } from './search-documents.tables.ts';
import { SEARCH_PATH } from './search.routes.ts';

/*
 * What the search API's tests over HTTP share: the basic help content and four documents of
 * other kinds, a signed-in customer, and requests with their search token.
 */

export const config = testConfig();
export const GLOBAL = 'LL_GlobalSearch';
export const LEARNING = 'LL_LearningSearch';
export const RECOMMENDATIONS = 'recommendations';
export const tokenKey = searchTokenKey(config.sessionSecret);
export const DAY_MS = 24 * 60 * 60 * 1000;
/** The fixture's customer agreed to statistics, so their searches and clicks are logged. */
export const STATISTICS_CONSENT_COOKIE = `CookieConsent=${encodeURIComponent(
  '{"preferences":false,"statistics":true,"marketing":false}',
)}`;

function daysAgo(days: number): string {
  return new Date(Date.now() - days * DAY_MS).toISOString().slice(0, 10);
}

function document(
  id: string,
  fields: Partial<Insertable<SearchDocumentTable>>,
): Insertable<SearchDocumentTable> {
  return {
    unique_id: id,
    origin: 'search-test',
    title: id,
    excerpt: '',
    body_text: '',
    click_uri: `https://learn.example/${id}`,
    objecttype: 'Knowledge',
    objecttypelabel: 'Article',
    common_contenttype: 'Article',
    syssource: 'Help content',
    source: 'Help content',
    collection: 'default',
    documenttype: 'Knowledge',
    language: 'en',
    permanentid: id,
    sfcoreproductc: '[]',
    sfaudiencec: '[]',
    topic_ids: '[]',
    sfcreateddate: '2024-01-01',
    updated_at: '2024-01-01T00:00:00.000Z',
    ...fields,
  };
}

export const COURSE_ID = 'a0Xcourse000000001';
export const WEBINAR_ID = 'a0Xwebinar00000001';
export const NEWS_ID = 'ka0recentnews00001';
export const DISCUSSION_ID = '0D5discussion00001';

interface Answer {
  searchUid: string;
  totalCount: number;
  queryCut?: { searchedFor: string };
  results: SearchResult[];
  facets: {
    field: string;
    label: string;
    values: { value: string; label: string; numberOfResults: number; state: string }[];
  }[];
  queryCorrections: { correctedQuery: string }[];
}

export const uniqueIds = (answer: Answer) => answer.results.map((result) => result.uniqueId);
export const facet = (answer: Answer, field: string) =>
  answer.facets.find((candidate) => candidate.field === field);

export type SearchApi = Awaited<ReturnType<typeof openSearchApi>>;

/**
 * The portal with the documents above, and requests to its search API as the customer:
 * `ids` holds each document's id by its url name, or its title when it has none.
 */
export async function openSearchApi(database: PortalDatabase) {
  const db = database.db;
  const report = await importContent(db, BASIC_FIXTURE, FIXTURE_SETTINGS);
  expect(report.ok).toBe(true);
  await upsertSearchDocument(
    db,
    document(COURSE_ID, {
      title: 'Reconciliation essentials course',
      excerpt: 'Learn to reconcile your bank transactions.',
      body_text: 'A self-paced course on how to reconcile bank transactions.',
      common_contenttype: 'Online course',
      objecttype: 'LearningItem',
      sfcreateddate: daysAgo(20),
    }),
  );
  await upsertSearchDocument(
    db,
    document(WEBINAR_ID, {
      title: 'Payroll year end webinar',
      excerpt: 'Live session on payroll year end.',
      common_contenttype: 'Live webinar',
      objecttype: 'LearningItem',
      sfcreateddate: new Date(Date.now() + 5 * DAY_MS).toISOString().slice(0, 10),
    }),
  );
  await upsertSearchDocument(
    db,
    document(NEWS_ID, {
      title: 'New bank statement import',
      excerpt: 'Statements now import faster.',
      body_text: 'Bank statements import faster than before.',
      sfcreateddate: daysAgo(2),
      updated_at: new Date().toISOString(),
    }),
  );
  await upsertSearchDocument(
    db,
    document(DISCUSSION_ID, {
      title: 'Why does my bank feed stop?',
      objecttype: 'FeedItem',
      objecttypelabel: 'Discussion',
      common_contenttype: 'Discussion',
      click_uri: `/s/question/${DISCUSSION_ID}`,
      sfcreateddate: daysAgo(1),
    }),
  );
  const rows = await db
    .selectFrom('search_document')
    .select(['unique_id', 'sfurlname', 'title'])
    .execute();
  const ids: Record<string, string> = Object.fromEntries(
    rows.map((row) => [row.sfurlname ?? row.title, row.unique_id]),
  );
  const app = await buildPortalServer({ config, database });
  const customer = await signInAs(database, 'search-customer');

  /** A search token issued to a session: the fixture's customer unless another is named. */
  function token(searchHub: string, now = new Date(), session: SignedInSession = customer): string {
    return signSearchToken(
      tokenKey,
      { searchHub, userId: session.user.id, visitorKey: session.sessionId },
      now,
    ).token;
  }

  function post(
    path: string,
    body: unknown,
    options: { token?: string | null; csrf?: boolean; headers?: Record<string, string> } = {},
  ) {
    const hub =
      typeof body === 'object' && body !== null && 'searchHub' in body
        ? String((body as { searchHub: unknown }).searchHub)
        : GLOBAL;
    const bearer = options.token === undefined ? token(hub) : options.token;
    return app.inject({
      method: 'POST',
      url: path,
      headers: {
        'content-type': 'application/json',
        cookie: `${customer.cookie}; ${STATISTICS_CONSENT_COOKIE}`,
        ...(options.csrf === false ? {} : { 'x-csrf-token': customer.csrfToken }),
        ...(bearer === null ? {} : { authorization: `Bearer ${bearer}` }),
        ...options.headers,
      },
      payload: typeof body === 'string' ? body : JSON.stringify(body),
    });
  }

  async function search(body: Record<string, unknown>): Promise<Answer> {
    const response = await post(SEARCH_PATH, { searchHub: GLOBAL, ...body });
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  }

  return { app, customer, ids, token, post, search };
}
