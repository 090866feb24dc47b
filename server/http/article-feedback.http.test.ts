import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeEachDialect } from '~tests/support/dialects.ts';
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

    /** A visitor's first view: the guest CSRF cookie it was given and the form's token. */
    async function visit(): Promise<{ cookie: string; token: string }> {
      const response = await get(url);
      const token = /name="_csrf" value="([^"]+)"/.exec(response.body)?.[1] ?? '';
      const cookies = ([] as string[]).concat(response.headers['set-cookie'] ?? []);
      return { cookie: cookies.map((cookie) => cookie.split(';', 1)[0]).join('; '), token };
    }

    function post(fields: Record<string, string>, cookie: string, origin?: string) {
      return app.inject({
        method: 'POST',
        url,
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          cookie,
          ...(origin === undefined ? {} : { origin }),
        },
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

    it('stores a yes with its comment and thanks the visitor, without JavaScript', async () => {
      const before = (await storedFeedback()).length;
      const { cookie, token } = await visit();
      expect(token).not.toBe('');
      const response = await post(
        { _csrf: token, helpful: 'yes', comment: 'Clear steps.' },
        cookie,
      );
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain('Thanks for your feedback.');
      const rows = await storedFeedback();
      expect(rows).toHaveLength(before + 1);
      expect(rows.at(-1)).toEqual({ helpful: 1, comment: 'Clear steps.', article_id: articleId });
    });

    it("accepts the form from a browser that sends 'Origin: null' (no-referrer policy)", async () => {
      const before = (await storedFeedback()).length;
      const { cookie, token } = await visit();
      const response = await post({ _csrf: token, helpful: 'yes', comment: '' }, cookie, 'null');
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain('Thanks for your feedback.');
      expect(await storedFeedback()).toHaveLength(before + 1);
    });

    it('stores a no without a comment', async () => {
      const { cookie, token } = await visit();
      const response = await post({ _csrf: token, helpful: 'no', comment: '' }, cookie);
      expect(response.statusCode).toBe(200);
      expect((await storedFeedback()).at(-1)).toEqual({
        helpful: 0,
        comment: null,
        article_id: articleId,
      });
    });

    it('refuses a post without the CSRF token, keeping what was typed', async () => {
      const before = (await storedFeedback()).length;
      const { cookie } = await visit();
      const response = await post({ helpful: 'no', comment: 'Kept text' }, cookie);
      expect(response.statusCode).toBe(403);
      expect(response.body).toContain('This request could not be verified.');
      expect(response.body).toContain('Kept text</textarea>');
      expect(await storedFeedback()).toHaveLength(before);
    });

    it('asks for yes or no when neither was chosen', async () => {
      const { cookie, token } = await visit();
      const response = await post({ _csrf: token, comment: 'Only a comment' }, cookie);
      expect(response.statusCode).toBe(400);
      expect(response.body).toContain('Choose yes or no.');
      expect(response.body).toContain('Only a comment</textarea>');
    });

    it('refuses a comment over 1000 characters, keeping the answer and the comment', async () => {
      const { cookie, token } = await visit();
      const long = 'x'.repeat(1001);
      const response = await post({ _csrf: token, helpful: 'yes', comment: long }, cookie);
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
