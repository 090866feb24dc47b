import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDialect } from '~tests/support/dialects.ts';
import { signInAs, type SignedInSession } from '~tests/support/sessions.ts';
import { openKnowledgePages } from './knowledge-pages.fixture.ts';

/* Spec: the legacy-only page articlePreview (`/guides`), the staff's preview of an article file. */

const PAGE = '/s/guides';

const DRAFT = `---
urlName: connect-a-bank-feed
title: Connect a bank feed, the new way
summary: A changed version of a published article, before it is imported.
products: [accounting]
audiences: [small-business]
topics: [reconciliation]
team: Banking
created: 2025-01-01
updated: 2025-06-01
related: [unsafe-markup]
---

## Before you start

Have your online banking sign-in at hand.

<script>window.__ran = true;</script>
`;

describeEachDialect('the article preview page', (database) => {
  let app: FastifyInstance;
  let release: () => Promise<void>;
  let admin: SignedInSession;

  beforeAll(async () => {
    ({ app, release } = await openKnowledgePages(database()));
    admin = await signInAs(database(), 'demo-admin');
  });
  afterAll(async () => {
    await app?.close();
    await release?.();
  });

  function preview(session: SignedInSession, file: string, csrf = session.csrfToken) {
    return app.inject({
      method: 'POST',
      url: PAGE,
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'sec-fetch-site': 'same-origin',
        cookie: session.cookie,
      },
      payload: new URLSearchParams({ _csrf: csrf, intent: 'preview', file }).toString(),
    });
  }

  it('is not there for guests nor for customers, to look at or to post to', async () => {
    expect((await app.inject({ method: 'GET', url: PAGE })).statusCode).toBe(404);
    const customer = await signInAs(database(), 'demo-partner-member');
    const page = await app.inject({
      method: 'GET',
      url: PAGE,
      headers: { cookie: customer.cookie },
    });
    expect(page.statusCode).toBe(404);
    const posted = await preview(customer, DRAFT);
    expect(posted.statusCode).toBe(404);
    expect(posted.body).not.toContain('the new way');
  });

  it('shows staff the page of a changed article as the import would make it, storing nothing', async () => {
    const form = await app.inject({ method: 'GET', url: PAGE, headers: { cookie: admin.cookie } });
    expect(form.statusCode).toBe(200);
    expect(form.body).toContain('Preview an article');

    const response = await preview(admin, DRAFT);
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('Preview, not published');
    expect(response.body).toContain('<h1');
    expect(response.body).toContain('Connect a bank feed, the new way');
    expect(response.body).toMatch(/<h2[^>]*id="before-you-start"[^>]*>Before you start<\/h2>/);
    // Rendered through the same sanitiser as a published article.
    expect(response.body).not.toContain('window.__ran = true;</script>');
    expect(response.body).toContain('Unsafe markup');
    expect(response.body).not.toContain('Was this helpful?');

    const stored = await database()
      .db.selectFrom('kb_article')
      .select('title')
      .where('url_name', '=', 'connect-a-bank-feed')
      .executeTakeFirstOrThrow();
    expect(stored.title).not.toContain('the new way');
  });

  it('lists what the import would refuse, at its field, and keeps the text typed', async () => {
    const wrong = DRAFT.replace('topics: [reconciliation]', 'topics: [no-such-topic]').replace(
      'updated: 2025-06-01',
      'updated: 1 June',
    );
    const response = await preview(admin, wrong);
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain('The file has');
    expect(response.body).toContain('updated');
    expect(response.body).toContain('no-such-topic');
    expect(response.body).toContain('updated: 1 June');

    const unknownTopic = await preview(admin, DRAFT.replace('[reconciliation]', '[no-such-topic]'));
    expect(unknownTopic.statusCode).toBe(400);
    expect(unknownTopic.body).toContain('&quot;no-such-topic&quot; is not a topic');

    const noFrontMatter = await preview(admin, 'Just some text');
    expect(noFrontMatter.statusCode).toBe(400);
    expect(noFrontMatter.body).toContain('must start with a front matter block');
  });

  it('refuses a form without its token, keeping the text', async () => {
    const response = await preview(admin, DRAFT, 'not-the-token');
    expect(response.statusCode).toBe(403);
    expect(response.body).toContain('Connect a bank feed, the new way');
    expect(response.body).not.toContain('Preview, not published');
  });
});
