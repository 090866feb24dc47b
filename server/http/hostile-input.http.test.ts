import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDialect } from '~tests/support/dialects.ts';
import { hostileHarness } from '~tests/support/hostile-harness.ts';
import { TIMEOUT_MS } from '~tests/support/hostile-requests.ts';
import {
  actionRequests,
  gatewayRequests,
  routeRequests,
} from '~tests/support/hostile-route-requests.ts';
import { pageRequests, shapeRequests } from '~tests/support/hostile-shape-requests.ts';
import { orphanCounts } from '~tests/support/hostile-writes.ts';

/*
 * Every entry of the hostile-input corpus (tests/support/hostile-corpus.ts) to every route and
 * every gateway method, as a guest and as a signed-in partner. The routes are read from the
 * running server, never listed here: the React Router routes from the server build (with both
 * variants of each page of the route table), the other routes from Fastify's own route list,
 * the gateway's classes and methods from its registry, and the page actions' fields from the
 * forms the pages render. Checked for each answer: no 5xx, no markup reflected unescaped into an
 * HTML page, no header broken by a line break; for each refused write (4xx to anything but a
 * GET), no table gained or lost a row; at the end, no record is left without the one it belongs
 * to.
 */

describeEachDialect('hostile input to every route', (database) => {
  const h = hostileHarness(database);
  // The content imports and the crawl for real ids take seconds on a busy machine.
  beforeAll(() => h.setUp(), TIMEOUT_MS);
  afterAll(() => h.tearDown());

  it(
    'calls every gateway method with every entry in its params, names and body',
    async () => {
      const { requests, writes } = await gatewayRequests(h);
      await h.inBatches(requests);
      await h.inBatches(writes, 1);
      expect(h.failuresOf('gateway ')).toEqual([]);
    },
    TIMEOUT_MS,
  );

  it(
    'sends every entry to every other route in its path, query, JSON body and headers',
    async () => {
      const { requests, writes } = await routeRequests(h);
      await h.inBatches(requests);
      // One at a time: a refused write is told by the row counts just before and after it.
      await h.inBatches(writes, 1);
      expect(h.failuresOf('route ')).toEqual([]);
    },
    TIMEOUT_MS,
  );

  it(
    'posts every entry into every field of every page action',
    async () => {
      const { requests } = await actionRequests(h);
      await h.inBatches(requests, 1);
      expect(h.failuresOf('action ')).toEqual([]);
    },
    TIMEOUT_MS,
  );

  it(
    'answers every malformed request shape on every route that takes a body',
    async () => {
      const { requests } = await shapeRequests(h);
      await h.inBatches(requests, 1);
      expect(h.failuresOf('shape ')).toEqual([]);
    },
    TIMEOUT_MS,
  );

  it(
    'renders every page with every entry in its path, query, headers and cookies',
    async () => {
      const { requests } = await pageRequests(h);
      await h.inBatches(requests);
      expect(h.failuresOf('page ')).toEqual([]);
    },
    TIMEOUT_MS,
  );

  it('leaves no record without the record it belongs to', async () => {
    const orphans = await orphanCounts(database());
    expect(orphans).toEqual(Object.fromEntries(Object.keys(orphans).map((name) => [name, 0])));
    expect(h.figures.requests).toBeGreaterThan(0);
  });
});
