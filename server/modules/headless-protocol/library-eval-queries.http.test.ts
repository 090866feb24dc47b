import { join } from 'node:path';
import { readFile } from 'node:fs/promises';
import { buildDidYouMean, buildResultList, buildSearchBox } from '@coveo/headless';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { parse } from 'yaml';
import { importContent } from '~server/modules/content';
import { describeEachDialect } from '~tests/support/dialects.ts';
import {
  customerVisitor,
  GLOBAL,
  listeningPortal,
  type ListeningPortal,
} from './headless-protocol.fixture.ts';
import { searched, searchEngineFor } from './library-engines.fixture.ts';

/*
 * The search evaluation's queries (eval/search/frappe-books, `npm run eval:search`) through the
 * search library and through the portal's own search API, as the search page asks: the same
 * results in the same order, or the library would not be searching the portal's search.
 */
const CORPUS = join(import.meta.dirname, '..', '..', '..', 'eval', 'search', 'frappe-books');
const SETTINGS = {
  brand: 'Frappe Books',
  product: 'Frappe Books',
  appsHost: 'https://apps.example',
};

describeEachDialect('the evaluation queries through the library and the portal', (database) => {
  let portal: ListeningPortal;
  let queries: string[];

  beforeAll(async () => {
    const report = await importContent(database().db, join(CORPUS, 'content'), SETTINGS);
    expect(report.ok).toBe(true);
    portal = await listeningPortal(database());
    const file = parse(await readFile(join(CORPUS, 'queries.yaml'), 'utf8')) as {
      queries: { q: string }[];
    };
    queries = file.queries.map((query) => query.q);
  }, 120_000);
  // The library's engine keeps its connections open; they are closed rather than waited for.
  afterAll(async () => {
    portal?.app.server.closeAllConnections();
    await portal?.app.close();
  }, 30_000);

  it('give the same results in the same order', async () => {
    const visitor = customerVisitor(portal.customer);
    const configuration = await portal.configuration(GLOBAL, visitor);
    const engine = searchEngineFor(configuration, visitor);
    const box = buildSearchBox(engine);
    const results = buildResultList(engine);
    buildDidYouMean(engine);
    expect(queries.length).toBeGreaterThanOrEqual(60);
    for (const q of queries) {
      const response = await fetch(`${portal.baseUrl}/api/search`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          authorization: `Bearer ${configuration.accessToken}`,
          'x-csrf-token': visitor.csrfToken ?? '',
          cookie: visitor.cookie,
        },
        body: JSON.stringify({ searchHub: GLOBAL, q, numberOfResults: 10 }),
      });
      expect(response.status).toBe(200);
      const own = (await response.json()) as { results: { uniqueId: string }[] };
      await searched(engine, () => {
        box.updateText(q);
        box.submit();
      });
      expect(
        results.state.results.map((result) => result.uniqueId),
        q,
      ).toEqual(own.results.map((result) => result.uniqueId));
    }
  }, 120_000);
});
