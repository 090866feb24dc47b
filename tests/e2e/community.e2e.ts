import { mkdir } from 'node:fs/promises';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BANNED_WORDS_MESSAGE } from '~core/community';
import { IDEAS_PATH } from '~core/routes';
import { describeInBrowser, useBrowser } from './support/browser.ts';
import { mailTo } from './support/mailbox.ts';
import { expectNoSeriousAxeViolations } from './support/pages.ts';
import { useOwnPortal, type PortalUnderTest } from './support/portal.ts';

const SCREENSHOTS = 'test-results/screenshots/community';

/** The demo accounts of the built-in provider this suite signs in as. */
const ASKER = 'Mia Chen';
const ANSWERER = 'Priya Raman';
const FOLLOWER = 'Sam Taylor';
const FOLLOWER_EMAIL = 'sam.taylor@example.com';
const ADMIN = 'Alex Morgan';

const QUESTION_TITLE = 'Payroll summary total differs from the bank payment';
const QUESTION_BODY =
  'This month the payroll summary shows 4,210.50 but the batch payment to the bank was 4,198.20. Where does the difference come from?';
const ANSWER_TEXT =
  'Check for a deduction that is paid separately, such as a child support order: it is in the summary total but not in the batch payment.';

describeInBrowser('the community in a browser', () => {
  let portal: PortalUnderTest;
  let browser: Browser;
  let dataDir: string;
  const contexts: BrowserContext[] = [];
  const problems: string[] = [];
  /** The discussion this suite starts, e.g. /s/question/0D5…. */
  let discussionPath = '';

  const startedPortal = useOwnPortal({
    // The suite signs in as several people many times within a minute.
    SIGN_IN_RATE_LIMIT: '200',
  });
  const workerBrowser = useBrowser();
  beforeAll(async () => {
    portal = startedPortal();
    dataDir = portal.dataDir;
    browser = workerBrowser();
    await mkdir(SCREENSHOTS, { recursive: true });
  });
  afterAll(async () => {
    for (const context of contexts) await context.close();
  });

  async function newPage(options: { width?: number; javaScript?: boolean } = {}): Promise<Page> {
    const context = await browser.newContext({
      viewport: { width: options.width ?? 1280, height: 900 },
      javaScriptEnabled: options.javaScript ?? true,
    });
    contexts.push(context);
    const page = await context.newPage();
    page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
    return page;
  }

  /** Signs in with the built-in provider from the sign-in start, landing on `startUrl`. */
  async function signIn(page: Page, name: string, startUrl = '/0/community'): Promise<void> {
    await page.goto(
      `${portal.baseUrl}/services/auth/sso/portal?startURL=${encodeURIComponent(startUrl)}`,
    );
    await page.getByRole('button', { name: `Sign in as ${name}` }).click();
    await page.waitForURL((url) => url.pathname === startUrl.split(/[?#]/)[0]);
  }

  /** How many posts on the page read `text` (the author's edit forms hold it too). */
  async function posted(page: Page, text: string): Promise<number> {
    return page.getByRole('paragraph').filter({ hasText: text }).count();
  }

  describe('a question answered, chosen best and mailed to followers', () => {
    let asker: Page;
    let answerer: Page;

    it('lets a member start a discussion, which opens on its own page', async () => {
      asker = await newPage();
      await signIn(asker, ASKER, '/s/start-a-discussion');
      await asker.getByLabel('Title').fill(QUESTION_TITLE);
      await asker.getByLabel('Details').fill(QUESTION_BODY);
      await asker.getByRole('button', { name: 'Post your question' }).click();
      await asker.waitForURL(/\/s\/question\/[A-Za-z0-9]{18}$/);
      discussionPath = new URL(asker.url()).pathname;
      await asker.getByRole('heading', { level: 1, name: QUESTION_TITLE }).waitFor();
      // The asker follows their own discussion.
      expect(await asker.getByRole('button', { name: /^Following this discussion/ }).count()).toBe(
        1,
      );
    });

    it('lets another member follow it', async () => {
      const follower = await newPage();
      await signIn(follower, FOLLOWER, discussionPath);
      await follower.getByRole('button', { name: 'Follow this discussion' }).click();
      await follower
        .getByRole('button', { name: /^Following this discussion/ })
        .waitFor({ state: 'visible' });
    });

    it('takes a guest who clicks Answer through sign-in and back to the answer form', async () => {
      answerer = await newPage();
      await answerer.goto(`${portal.baseUrl}${discussionPath}`);
      await answerer.getByRole('link', { name: 'Answer', exact: true }).click();
      await answerer.waitForURL(/\/services\/auth\/demo-sign-in\//);
      await answerer.getByRole('button', { name: `Sign in as ${ANSWERER}` }).click();
      await answerer.waitForURL(`${portal.baseUrl}${discussionPath}#answer`);
      await answerer.getByLabel('Answer', { exact: true }).fill(ANSWER_TEXT);
      await answerer.getByRole('button', { name: 'Post your answer' }).click();
      const answer = answerer.getByRole('listitem', { name: `Answer by ${ANSWERER}` });
      await answer.getByRole('paragraph').filter({ hasText: ANSWER_TEXT }).waitFor();
      await answerer.getByRole('heading', { level: 2, name: '1 answer' }).waitFor();
      // The form is empty again, ready for another answer.
      expect(await answerer.getByLabel('Answer', { exact: true }).inputValue()).toBe('');
    });

    it('mails the follower once about the new answer', async () => {
      await expect
        .poll(async () => (await mailTo(dataDir, FOLLOWER_EMAIL)).length, { timeout: 15_000 })
        .toBe(1);
      expect((await mailTo(dataDir, FOLLOWER_EMAIL))[0]).toContain(QUESTION_TITLE);
    });

    it("lets the asker mark it best, and the page shows 'Answered'", async () => {
      await asker.reload();
      const answer = asker.getByRole('listitem', { name: `Answer by ${ANSWERER}` });
      await answer
        .getByRole('button', { name: `Mark the answer by ${ANSWERER} as the best answer` })
        .click();
      const best = asker.getByRole('listitem', { name: `Best answer by ${ANSWERER}` });
      await best.getByText('Best answer', { exact: true }).waitFor();
      const meta = asker.getByRole('list', { name: 'About this discussion' });
      expect(await meta.getByText('Answered', { exact: true }).count()).toBe(1);
      await asker.screenshot({
        path: `${SCREENSHOTS}/discussion-answered-1280.png`,
        fullPage: true,
      });
    });

    it('mails the follower once about the best answer, and no more', async () => {
      await expect
        .poll(async () => (await mailTo(dataDir, FOLLOWER_EMAIL)).length, { timeout: 15_000 })
        .toBe(2);
      // Everything queued for the follower goes out: no third message is on its way. The
      // sender marks a message sent just after handing it over, so the mark may come later.
      const sentToFollower = async () =>
        (
          await portal.database.db
            .selectFrom('mail_outbox')
            .select(['sent_at'])
            .where('recipient', 'like', `%<${FOLLOWER_EMAIL}>`)
            .execute()
        ).map((message) => message.sent_at !== null);
      await expect.poll(sentToFollower, { timeout: 15_000 }).toEqual([true, true]);
    });

    it("shows 'Answered' on the discussion in search results", async () => {
      const page = await newPage();
      await page.goto(`${portal.baseUrl}/0/search#q=${encodeURIComponent(QUESTION_TITLE)}`);
      const result = page.getByRole('listitem').filter({ hasText: QUESTION_TITLE }).first();
      await result.waitFor();
      expect(await result.getByText('Answered', { exact: true }).count()).toBe(1);
      await page.screenshot({ path: `${SCREENSHOTS}/search-answered-1280.png` });
    });
  });

  describe('banned words', () => {
    const REFUSED = 'Thanks for nothing, you bastard of a bank feed.';

    it('are flagged in the form before it is sent, and the text stays', async () => {
      const page = await newPage();
      await signIn(page, ANSWERER, discussionPath);
      const field = page.getByLabel('Answer', { exact: true });
      await field.fill(REFUSED);
      await page.getByRole('button', { name: 'Post your answer' }).click();
      await page.getByRole('alert').filter({ hasText: BANNED_WORDS_MESSAGE }).waitFor();
      expect(await field.inputValue()).toBe(REFUSED);
      expect(await field.getAttribute('aria-invalid')).toBe('true');
      await page.screenshot({ path: `${SCREENSHOTS}/banned-word-1280.png`, fullPage: true });
    });

    it('are refused by the server too, and the text stays in the form', async () => {
      const page = await newPage();
      await signIn(page, ANSWERER, discussionPath);
      const field = page.getByLabel('Answer', { exact: true });
      // Without the browser's check, as a script-free or tampered form would be sent.
      await field.evaluate((element) => element.removeAttribute('data-banned-word-check'));
      await field.fill(REFUSED);
      // Leaving the field shows the browser's message first, so the click lands on the button.
      await field.blur();
      const [response] = await Promise.all([
        page.waitForResponse((candidate) => candidate.request().method() === 'POST'),
        page.getByRole('button', { name: 'Post your answer' }).click(),
      ]);
      expect(response.status()).toBe(400);
      await page.getByRole('alert').filter({ hasText: BANNED_WORDS_MESSAGE }).waitFor();
      expect(await field.inputValue()).toBe(REFUSED);
      expect(await posted(page, REFUSED)).toBe(0);
    });
  });

  describe('idempotency', () => {
    it('makes one answer of the same form sent twice at once', async () => {
      const page = await newPage();
      await signIn(page, ANSWERER, discussionPath);
      const text = 'Sent twice on purpose: this answer must appear once.';
      const form = page.locator('form', { has: page.getByLabel('Answer', { exact: true }) });
      const fields = Object.fromEntries(
        await Promise.all(
          ['_csrf', 'intent', 'formId', 'idempotencyKey'].map(
            async (name) =>
              [name, await form.locator(`input[name="${name}"]`).inputValue()] as const,
          ),
        ),
      );
      const post = () =>
        page.request.post(`${portal.baseUrl}${discussionPath}`, {
          form: { ...fields, body: text },
          headers: { Origin: portal.baseUrl },
          maxRedirects: 0,
        });
      const responses = await Promise.all([post(), post()]);
      expect(responses.map((response) => response.status())).toEqual([303, 303]);
      expect(responses[0]?.headers().location).toBe(responses[1]?.headers().location);
      await page.reload();
      expect(await posted(page, text)).toBe(1);
    });

    it('makes one answer of a double click on the button', async () => {
      const page = await newPage();
      await signIn(page, ANSWERER, discussionPath);
      const text = 'Double clicked: this answer must appear once as well.';
      await page.getByLabel('Answer', { exact: true }).fill(text);
      await page.getByRole('button', { name: 'Post your answer' }).dblclick();
      await page.getByRole('paragraph').filter({ hasText: text }).first().waitFor();
      await page.reload();
      expect(await posted(page, text)).toBe(1);
    });

    it('sends a form once when it is submitted again before the page could change', async () => {
      const page = await newPage();
      await signIn(page, ANSWERER, discussionPath);
      const text = 'Submitted twice at once: this answer is sent a single time.';
      await page.getByLabel('Answer', { exact: true }).fill(text);
      const sent: string[] = [];
      page.on('request', (request) => {
        if (request.method() === 'POST') sent.push(request.url());
      });
      // The second submit comes as the first goes on the wire, before React renders the form
      // as on its way, as the second click of a fast double click can.
      await page
        .getByRole('button', { name: 'Post your answer' })
        .evaluate((button: HTMLButtonElement) => {
          const send = window.fetch.bind(window);
          let again = true;
          window.fetch = (input, init) => {
            const method = input instanceof Request ? input.method : init?.method;
            if (again && method?.toUpperCase() === 'POST') {
              again = false;
              queueMicrotask(() => button.form?.requestSubmit(button));
            }
            return send(input, init);
          };
          button.form?.requestSubmit(button);
        });
      await page.getByRole('paragraph').filter({ hasText: text }).first().waitFor();
      expect(sent).toHaveLength(1);
    });
  });

  describe('moderation', () => {
    it('takes a report to the admins’ queue, where an admin hides the post', async () => {
      const reporter = await newPage();
      await signIn(reporter, FOLLOWER, discussionPath);
      const answer = reporter.getByRole('listitem', { name: `Best answer by ${ANSWERER}` });
      await answer.getByText('Report this answer').click();
      await answer.getByLabel('Why are you reporting it?').selectOption('off-topic');
      await answer.getByRole('button', { name: 'Send report' }).click();
      await reporter.getByRole('status').filter({ hasText: 'Thanks for your report.' }).waitFor();

      const admin = await newPage();
      await signIn(admin, ADMIN, '/0/community/moderation');
      const item = admin.getByRole('listitem').filter({ hasText: QUESTION_TITLE }).first();
      await item.getByText('Off topic').waitFor();
      await item.getByRole('button', { name: `Hide this item on ${QUESTION_TITLE}` }).click();
      await admin.getByText('Nothing to review.').waitFor();

      const guest = await newPage();
      await guest.goto(`${portal.baseUrl}${discussionPath}`);
      expect(await guest.getByText(ANSWER_TEXT).count()).toBe(0);
    });

    it('is a 404 for members who are not admins', async () => {
      const page = await newPage();
      await signIn(page, ASKER);
      const response = await page.goto(`${portal.baseUrl}/0/community/moderation`);
      expect(response?.status()).toBe(404);
    });
  });

  describe('every community page', () => {
    const found = { topic: '', user: '', idea: '' };
    beforeAll(async () => {
      const guest = await newPage();
      await guest.goto(`${portal.baseUrl}/0/community`);
      found.topic =
        (await guest.locator('main a[href^="/s/topic/"]').first().getAttribute('href')) ?? '';
      found.user =
        (await guest.locator('main a[href^="/s/user/"]').first().getAttribute('href')) ?? '';
      await guest.goto(`${portal.baseUrl}${IDEAS_PATH}`);
      found.idea =
        (await guest.locator(`main a[href^="${IDEAS_PATH}/"]`).first().getAttribute('href')) ?? '';
      await guest.context().close();
    }, 120_000);

    /** Each page answers 200 and axe finds nothing serious, at both widths; each is photographed. */
    async function checkPages(who: string | null, paths: readonly string[]): Promise<void> {
      const page = await newPage();
      if (who) await signIn(page, who);
      for (const width of [375, 1280]) {
        await page.setViewportSize({ width, height: 900 });
        for (const path of paths) {
          const response = await page.goto(`${portal.baseUrl}${path}`);
          expect(response?.status(), path).toBe(200);
          await expectNoSeriousAxeViolations(page, `${path} at ${width} px as ${who ?? 'a guest'}`);
          const name = `${who ? who.split(' ')[0]?.toLowerCase() : 'guest'}${path.replace(/[^a-z0-9]+/gi, '-')}-${width}`;
          await page.screenshot({ path: `${SCREENSHOTS}/${name}.png`, fullPage: true });
        }
      }
      await page.context().close();
      expect(problems).toEqual([]);
    }

    // One test per audience, each within its own limit: thirty pages checked twice took most of
    // a single five-minute limit on a loaded machine.
    it('has no serious or critical axe violations at 375 and 1280 px, for guests', async () => {
      await checkPages(null, [
        '/0/community',
        '/0/community?tab=unanswered',
        discussionPath,
        found.topic,
        '/s/topiccatalog',
        found.user,
        '/s/feed',
        IDEAS_PATH,
        found.idea,
        '/s/unsubscribe-topic?token=not-a-real-token',
      ]);
    }, 300_000);

    it('has no serious or critical axe violations at 375 and 1280 px, for members', async () => {
      await checkPages(ASKER, [
        '/s/my-discussions',
        '/s/start-a-discussion',
        discussionPath,
        found.idea,
      ]);
    }, 300_000);

    it('has no serious or critical axe violations at 375 and 1280 px, for admins', async () => {
      await checkPages(ADMIN, ['/0/community/moderation', discussionPath]);
    }, 300_000);
  });
});
