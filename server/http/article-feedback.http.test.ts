import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeEachDialect } from '~tests/support/dialects.ts';
import { signInAs } from '~tests/support/sessions.ts';
import { openKnowledgePages, type KnowledgePages } from './knowledge-pages.fixture.ts';

describeEachDialect('knowledge-base pages over HTTP', (database) => {
  let app: FastifyInstance;
  let get: KnowledgePages['get'];
  let release: () => Promise<void>;
  let articleId: string;

  beforeAll(async () => {
    ({ app, get, release, articleId } = await openKnowledgePages(database()));
  });
  afterAll(async () => {
    await app?.close();
    await release?.();
  });

  describe("'Was this helpful?'", () => {
    const url = '/s/article/connect-a-bank-feed';

    /** What a browser sends with a form posted from one of the portal's own pages. */
    const FROM_OWN_PAGE = { 'sec-fetch-site': 'same-origin' };

    function post(fields: Record<string, string>, headers: Record<string, string> = FROM_OWN_PAGE) {
      return app.inject({
        method: 'POST',
        url,
        headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
        payload: new URLSearchParams(fields).toString(),
      });
    }

    async function storedFeedback() {
      return database()
        .db.selectFrom('kb_article_feedback')
        .select(['helpful', 'comment', 'article_id'])
        .where('article_id', '=', articleId)
        .orderBy('created_at')
        .execute();
    }

    it('gives guests a form without a token, since any guest may be sent the page', async () => {
      const page = await get(url);
      expect(page.body).toMatch(/<input type="hidden" name="_csrf" value=""\/>/);
      expect(page.headers['set-cookie']).toBeUndefined();
    });

    it('stores a yes with its comment and thanks the visitor, without JavaScript', async () => {
      const before = (await storedFeedback()).length;
      const response = await post({ _csrf: '', helpful: 'yes', comment: 'Clear steps.' });
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain('Thanks for your feedback.');
      const rows = await storedFeedback();
      expect(rows).toHaveLength(before + 1);
      expect(rows.at(-1)).toEqual({ helpful: 1, comment: 'Clear steps.', article_id: articleId });
    });

    it("accepts the form from a browser that names the site's origin, or 'Origin: null' with Sec-Fetch-Site", async () => {
      const before = (await storedFeedback()).length;
      for (const headers of <Record<string, string>[]>[
        { origin: 'http://localhost:3000', host: 'localhost:3000' },
        { origin: 'null', 'sec-fetch-site': 'same-origin' },
      ]) {
        const response = await post({ helpful: 'yes', comment: '' }, headers);
        expect(response.statusCode).toBe(200);
        expect(response.body).toContain('Thanks for your feedback.');
      }
      expect(await storedFeedback()).toHaveLength(before + 2);
    });

    it('stores a no without a comment', async () => {
      const response = await post({ helpful: 'no', comment: '' });
      expect(response.statusCode).toBe(200);
      expect((await storedFeedback()).at(-1)).toEqual({
        helpful: 0,
        comment: null,
        article_id: articleId,
      });
    });

    it("refuses a guest's post that its browser does not vouch for, or from another site", async () => {
      const before = (await storedFeedback()).length;
      for (const headers of <Record<string, string>[]>[
        {},
        { origin: 'null' },
        { 'sec-fetch-site': 'cross-site' },
        { origin: 'https://evil.example', 'sec-fetch-site': 'same-origin' },
      ]) {
        const response = await post({ helpful: 'no', comment: 'Kept text' }, headers);
        expect(response.statusCode).toBe(403);
      }
      expect(await storedFeedback()).toHaveLength(before);
    });

    it("refuses a signed-in visitor's post without the session's token, keeping what was typed", async () => {
      const before = (await storedFeedback()).length;
      const signedIn = await signInAs(database(), 'demo-customer');
      const response = await post(
        { _csrf: 'not-the-token', helpful: 'no', comment: 'Kept text' },
        { ...FROM_OWN_PAGE, cookie: signedIn.cookie },
      );
      expect(response.statusCode).toBe(403);
      expect(response.body).toContain('This request could not be verified.');
      expect(response.body).toContain('Kept text</textarea>');
      expect(await storedFeedback()).toHaveLength(before);
    });

    it('asks for yes or no when neither was chosen', async () => {
      const response = await post({ comment: 'Only a comment' });
      expect(response.statusCode).toBe(400);
      expect(response.body).toContain('Choose yes or no.');
      expect(response.body).toContain('Only a comment</textarea>');
    });

    it('refuses a comment over 1000 characters, keeping the answer and the comment', async () => {
      const long = 'x'.repeat(1001);
      const response = await post({ helpful: 'yes', comment: long });
      expect(response.statusCode).toBe(400);
      expect(response.body).toContain('Keep the comment to 1000 characters or fewer.');
      expect(response.body).toContain(`${long}</textarea>`);
      const radios = response.body.match(/<input[^>]*name="helpful"[^>]*>/g) ?? [];
      expect(radios.filter((radio) => radio.includes('checked'))).toEqual([
        expect.stringContaining('value="yes"'),
      ]);
    });
  });
});
