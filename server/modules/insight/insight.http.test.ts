import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { PortalConfig } from '~server/config.ts';
import { buildWith } from '~server/http/sign-in.fixture.ts';
import { describeEachDialect } from '~tests/support/dialects.ts';
import { pageRequests, signInAs, type SignedInSession } from '~tests/support/sessions.ts';
import { rollUpDay } from './index.ts';

/* The insight pages over HTTP: who may open what, bad filters, CSV files and the gap actions. */

const DAY = new Date().toISOString().slice(0, 10);

describeEachDialect('the insight pages', (database) => {
  let app: FastifyInstance;
  let config: PortalConfig;
  let admin: SignedInSession;
  let agent: SignedInSession;
  let member: SignedInSession;

  const { get, post } = pageRequests(() => app);

  beforeAll(async () => {
    ({ app, config } = await buildWith(database()));
    const { db } = database();
    admin = await signInAs(database(), 'demo-admin');
    agent = await signInAs(database(), 'demo-agent');
    member = await signInAs(database(), 'demo-partner-member');
    const searches = [
      ['Payroll, tax', 0],
      ['payroll tax', 0],
      ['=cmd', 0],
      ['invoice', 4],
    ] as const;
    for (const [at, [query, results]] of searches.entries()) {
      await db
        .insertInto('search_query_log')
        .values({
          id: `http-${at}`,
          search_uid: `http-${at}`,
          search_hub: `${config.prefix}_GlobalSearch`,
          tab: null,
          query_text: query,
          result_count: results,
          is_guest: 1,
          user_region: 'AU',
          cause: null,
          searched_at: `${DAY}T00:00:0${at}.000Z`,
        })
        .execute();
    }
    await rollUpDay(db, DAY, new Date());
  });
  afterAll(async () => {
    await app.close();
  });

  it('sends a guest to sign in and is not there for someone who is not staff', async () => {
    const guest = await get('/admin/insight/search');
    expect(guest.statusCode).toBe(303);
    for (const url of [
      '/admin/insight',
      '/admin/insight/search',
      '/admin/insight/cases/csv/ratings',
    ]) {
      expect((await get(url, member)).statusCode).toBe(404);
    }
  });

  it('opens every dashboard for an admin and an agent, and no other page', async () => {
    for (const who of [admin, agent]) {
      for (const dashboard of ['search', 'answers', 'deflection', 'cases']) {
        const page = await get(`/admin/insight/${dashboard}`, who);
        expect(page.statusCode).toBe(200);
        expect(page.body).toContain('<svg');
        expect(page.body).toContain('Show as table');
      }
      expect((await get('/admin/insight/practices', who)).statusCode).toBe(404);
    }
    expect((await get('/admin/insight', agent)).body).not.toContain('Weekly digest');
    expect((await get('/admin/insight', admin)).body).toContain('Weekly digest');
  });

  it('opens the content, community and partner programme dashboards for an admin only', async () => {
    const content = await get('/admin/insight/content', admin);
    expect(content.statusCode).toBe(200);
    expect(content.body).toContain('Most often followed by a case within 30 minutes');
    const community = await get('/admin/insight/community', admin);
    expect(community.statusCode).toBe(200);
    expect(community.body).toContain('Questions without an answer after 48 hours');
    const partners = await get('/admin/insight/partners', admin);
    expect(partners.statusCode).toBe(200);
    expect(partners.body).toContain('Practices by tier');
    for (const [dashboard, table] of [
      ['content', 'views'],
      ['community', 'members'],
      ['partners', 'practices'],
    ]) {
      expect((await get(`/admin/insight/${dashboard}/csv/${table}`, admin)).statusCode).toBe(200);
      expect((await get(`/admin/insight/${dashboard}`, agent)).statusCode).toBe(403);
      expect((await get(`/admin/insight/${dashboard}/csv/${table}`, agent)).statusCode).toBe(403);
      expect((await get(`/admin/insight/${dashboard}`, member)).statusCode).toBe(404);
      expect((await get('/admin/insight/search', agent)).body).not.toContain(
        `href="/admin/insight/${dashboard}`,
      );
      expect((await get('/admin/insight/search', admin)).body).toContain(
        `href="/admin/insight/${dashboard}`,
      );
    }
  });

  it('lets only an admin take the digest, with the CSRF token', async () => {
    expect((await post('/admin/insight', agent, { intent: 'subscribe' })).statusCode).toBe(403);
    expect(
      (await post('/admin/insight', admin, { intent: 'subscribe' }, { csrf: false })).statusCode,
    ).toBe(403);
    const taken = await post('/admin/insight', admin, { intent: 'subscribe' });
    expect(taken.statusCode).toBe(200);
    expect(taken.body).toContain('You will get the weekly digest');
    expect((await get('/admin/insight', admin)).body).toContain('Stop the weekly digest');
  });

  it('names bad filters with what was typed, never a 500, and answers a year', async () => {
    const bad = await get('/admin/insight/search?from=2026-13-01&region=XX&hub=%3Cb%3E', admin);
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('“2026-13-01” is not a date');
    expect(bad.body).toContain('“XX” is not a region');
    expect(bad.body).toContain('“&lt;b&gt;” is not a search hub of the portal.');
    expect(bad.body).toContain('Put the filters right to see the figures.');
    const long = await get('/admin/insight/cases?from=2020-01-01&to=2026-01-01', agent);
    expect(long.statusCode).toBe(400);
    expect(long.body).toContain('choose at most 366');
    const year = await get(`/admin/insight/search?from=2025-11-27&to=2026-11-26`, admin);
    expect(year.statusCode).toBe(200);
    const csv = await get('/admin/insight/search/csv/top-queries?from=nope', admin);
    expect(csv.statusCode).toBe(400);
    expect((await get('/admin/insight/search/csv/no-such-table', admin)).statusCode).toBe(404);
  });

  it('exports a table as the CSV of what the page shows, formulas disarmed', async () => {
    const csv = await get(
      `/admin/insight/search/csv/no-result-queries?from=${DAY}&to=${DAY}`,
      agent,
    );
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toBe(
      'attachment; filename="search-no-result-queries.csv"',
    );
    expect(csv.body).toBe('Query,Searches\r\n\'=cmd,1\r\npayroll tax,1\r\n"payroll, tax",1\r\n');
    const day = await get(
      `/admin/insight/search/csv/searches-per-day?from=${DAY}&to=${DAY}`,
      agent,
    );
    expect(day.body).toBe(`Day,Searches,No results,No click\r\n${DAY},4,3,1\r\n`);
  });

  it('acts on a content gap, keeping what was typed when it is refused', async () => {
    const page = await get(`/admin/insight/search?from=${DAY}&to=${DAY}`, admin);
    expect(page.body).toContain('data-gap="payroll tax"');
    const refused = await post(`/admin/insight/search?from=${DAY}&to=${DAY}`, agent, {
      intent: 'synonym',
      gap: 'payroll tax',
      terms: 'payroll tax,  ',
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain('Give at least two terms, separated by commas.');
    expect(refused.body).toContain('value="payroll tax,  "');
    const forged = await post(
      '/admin/insight/search',
      agent,
      { intent: 'handled', gap: 'payroll tax' },
      { csrf: false },
    );
    expect(forged.statusCode).toBe(403);
    const added = await post(`/admin/insight/search?from=${DAY}&to=${DAY}`, agent, {
      intent: 'synonym',
      gap: 'payroll tax',
      terms: 'payroll tax, payg withholding',
    });
    expect(added.statusCode).toBe(200);
    expect(added.body).toContain('Synonym added: payroll tax, payg withholding.');
    expect(added.body).not.toContain('data-gap="payroll tax"');
    const odd = await post('/admin/insight/search', agent, {
      intent: 'handled',
      gap: 'Not Normal',
    });
    expect(odd.statusCode).toBe(400);
    expect(odd.body).toContain('This content gap is not one of the list.');
    expect(
      (await post('/admin/insight/cases', agent, { intent: 'handled', gap: 'x' })).statusCode,
    ).toBe(400);
  });
});
