import { mkdir, readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { simpleParser, type ParsedMail } from 'mailparser';
import { createTransport } from 'nodemailer';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { describeInBrowser } from './support/browser.ts';
import { expectNoSeriousAxeViolations, pressByKeyboard, useSuitePages } from './support/pages.ts';
import { useOwnPortal, type PortalUnderTest } from './support/portal.ts';

const SCREENSHOTS = 'test-results/screenshots/guest-help';
// The SMTP listener's port: one of its own per run, so parallel runs do not meet.
const SMTP_PORT = 20_000 + Math.floor(Math.random() * 20_000);
const GUEST = 'locked.out@example.com';
// A demo account's address, and one no account has: the MFA flow must not tell them apart.
const HOLDER = 'mia.chen@example.com';
const NOBODY = 'no.account.here@example.com';

describeInBrowser('sign-in and MFA help without an account in a browser', () => {
  let portal: PortalUnderTest;

  const startedPortal = useOwnPortal({
    INBOUND_SMTP_PORT: String(SMTP_PORT),
    CASE_REPLY_ADDRESS: 'cases@reply.portal.test',
  });
  beforeAll(async () => {
    portal = startedPortal();
    await mkdir(SCREENSHOTS, { recursive: true });
  });
  const pages = useSuitePages(startedPortal);

  async function mailsTo(to: string): Promise<ParsedMail[]> {
    const folder = join(portal.dataDir, 'mail', 'new');
    const names = (await readdir(folder).catch(() => [] as string[])).sort();
    const mails = await Promise.all(
      names.map(async (name) => simpleParser(await readFile(join(folder, name)))),
    );
    const address = (mail: ParsedMail) =>
      (Array.isArray(mail.to) ? mail.to : mail.to ? [mail.to] : []).flatMap((t) =>
        t.value.map((v) => v.address),
      );
    return mails.filter((mail) => address(mail).includes(to));
  }

  async function waitForMail(to: string, subject: RegExp, count = 1): Promise<ParsedMail> {
    for (let attempt = 0; attempt < 60; attempt += 1) {
      const found = (await mailsTo(to)).filter((mail) => subject.test(mail.subject ?? ''));
      // The newest of them: the maildir's file names do not sort by time.
      const newest = found
        .sort((x, y) => (x.date?.getTime() ?? 0) - (y.date?.getTime() ?? 0))
        .at(-1);
      if (found.length >= count && newest) return newest;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    throw new Error(`no mail to ${to} with ${subject}`);
  }

  const codeOf = (mail: ParsedMail) => /code: (\d{6})/.exec(mail.subject ?? '')?.[1] ?? '';

  async function screenshots(page: Page, name: string): Promise<void> {
    const refuse = page.getByRole('button', { name: 'Reject all' });
    if (await refuse.isVisible()) await refuse.click();
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.screenshot({ path: `${SCREENSHOTS}/${name}-${width}.png`, fullPage: true });
    }
    await page.setViewportSize({ width: 1280, height: 900 });
  }

  /** Asks for a code for `email` by keyboard and types it in. */
  async function proveAddress(page: Page, email: string): Promise<void> {
    const before = (await mailsTo(email)).filter((mail) => /support code/.test(mail.subject ?? ''));
    await page.getByLabel('Your e-mail address').fill(email);
    await pressByKeyboard(page, 'Send me a code');
    await page.getByRole('heading', { name: 'Check your e-mail' }).waitFor();
    const mail = await waitForMail(email, /support code/, before.length + 1);
    await page.getByLabel('The code from the e-mail').fill(codeOf(mail));
    await pressByKeyboard(page, 'Go on');
    await page.getByRole('heading', { name: 'Tell us what happens' }).waitFor();
  }

  describe('a guest who cannot sign in', () => {
    let followLink = '';

    it('gets self-help first, then a case through a code mailed to them', async () => {
      const page = await pages.newPage({ width: 1280 });
      await page.goto(`${portal.baseUrl}/s/contact-support-login`);
      await page.getByRole('heading', { name: 'Get help signing in' }).waitFor();
      for (const help of [
        'I forgot my password',
        'My account is locked',
        'My e-mail address changed',
        'Single sign-on shows an error',
      ])
        await page.getByRole('heading', { name: help }).waitFor();
      await expectNoSeriousAxeViolations(page, 'sign-in help');
      await screenshots(page, 'sign-in-help');

      // The browser takes a top-level domain-less address; the spec's rule does not.
      await page.getByLabel('Your e-mail address').fill('ana@example');
      await pressByKeyboard(page, 'Send me a code');
      await page.getByText('Enter an e-mail address such as name@example.com.').waitFor();
      expect(await page.getByLabel('Your e-mail address').inputValue()).toBe('ana@example');

      await proveAddress(page, GUEST);
      await expectNoSeriousAxeViolations(page, 'sign-in help, the problem');
      await page.getByRole('radio', { name: 'My account is locked' }).check();
      await page.getByLabel('In a few words').fill('Locked out after a password change');
      await page
        .getByLabel('What did you try, and what did you see?')
        .fill(
          'I changed my password yesterday and now the sign-in page says my account is locked.',
        );
      await screenshots(page, 'sign-in-help-problem');
      await pressByKeyboard(page, 'Send to our team');
      await page.getByText(/Your case \d+ is with our team/).waitFor();

      const confirmation = await waitForMail(GUEST, /Locked out after a password change/);
      followLink =
        /(http\S+contact-support-login\?case=\S+)/.exec(confirmation.text ?? '')?.[1] ?? '';
      expect(followLink).not.toBe('');
    });

    it('follows the case by its link, and replies on the page and by e-mail', async () => {
      const page = await pages.newPage({ width: 1280 });
      await page.goto(followLink);
      await page.getByRole('heading', { name: 'Locked out after a password change' }).waitFor();
      await expectNoSeriousAxeViolations(page, 'followed case');
      await page.getByLabel('Your reply').fill('It also happens on my phone.');
      await pressByKeyboard(page, 'Send the reply');
      await page.getByText('Your reply is on the case.').waitFor();
      await page.getByText('It also happens on my phone.').waitFor();

      const confirmation = await waitForMail(GUEST, /Locked out after a password change/);
      const header = (name: string) => {
        const value = confirmation.headers.get(name);
        return typeof value === 'string' ? value : '';
      };
      await createTransport({
        host: '127.0.0.1',
        port: SMTP_PORT,
        secure: false,
        ignoreTLS: true,
      }).sendMail({
        from: GUEST,
        to: confirmation.replyTo?.text ?? '',
        subject: `Re: ${confirmation.subject ?? ''}`,
        inReplyTo: confirmation.messageId ?? '',
        references: [header('references'), confirmation.messageId ?? ''],
        text: 'I tried again this morning, still locked.\r\n\r\n> We have your case',
      });
      for (let attempt = 0; attempt < 30; attempt += 1) {
        await page.goto(followLink);
        if ((await page.getByText('I tried again this morning, still locked.').count()) > 0) break;
        await new Promise((resolve) => setTimeout(resolve, 500));
      }
      await page.getByText('I tried again this morning, still locked.').waitFor();
      await screenshots(page, 'followed-case');

      await page.goto(`${followLink}x`);
      expect(await page.getByText('I tried again this morning').count()).toBe(0);
    });
  });

  describe('MFA help', () => {
    it('answers the same for an address with an account and one without', async () => {
      const answers: string[] = [];
      for (const email of [HOLDER, NOBODY]) {
        const page = await pages.newPage({ width: 1280 });
        await page.goto(`${portal.baseUrl}/s/contact-support-mfa`);
        await page.getByLabel('Your e-mail address').fill(email);
        await pressByKeyboard(page, 'Send me a code');
        await page.getByRole('heading', { name: 'Check your e-mail' }).waitFor();
        answers.push((await page.locator('main').innerText()).replaceAll(email, 'ADDRESS'));
        await waitForMail(email, /support code/);
      }
      expect(answers[0]).toBe(answers[1]);
      const codeMails = async (to: string) =>
        (await mailsTo(to)).filter((mail) => /support code/.test(mail.subject ?? '')).length;
      expect(await codeMails(HOLDER)).toBe(1);
      expect(await codeMails(NOBODY)).toBe(1);
    });

    it('files a high-priority case in the identity queue after the account questions', async () => {
      const page = await pages.newPage({ width: 375 });
      await page.goto(`${portal.baseUrl}/s/contact-support-mfa`);
      await page
        .getByRole('heading', { name: 'I lost the device with my authenticator' })
        .waitFor();
      await expectNoSeriousAxeViolations(page, 'MFA help');
      await screenshots(page, 'mfa-help');
      await proveAddress(page, HOLDER);
      await page.getByRole('radio', { name: 'I have a new phone' }).check();
      await page.getByLabel('In a few words').fill('New phone, no authenticator');
      await page
        .getByLabel('What did you try, and what did you see?')
        .fill('My old phone was reset before I moved the authenticator app across.');
      await page.getByLabel(/name of your business/).fill('Chen Bookkeeping');
      await page.getByLabel(/started your subscription/).fill('March 2021');
      await page.getByLabel(/last 4 digits/).fill('4242');
      await expectNoSeriousAxeViolations(page, 'MFA help, the questions');
      await screenshots(page, 'mfa-help-questions');
      await pressByKeyboard(page, 'Send to our identity team');
      await page.getByText(/Your case \d+ is with our team/).waitFor();

      const agent = await pages.signedInAs('Jordan Lee', '/agent?queue=identity');
      await agent.getByText('New phone, no authenticator').waitFor();
    });
  });
  describe('the honeypot', () => {
    it('answers a robot like a person, and sends and stores nothing', async () => {
      const page = await pages.newPage({ width: 1280 });
      await page.goto(`${portal.baseUrl}/s/contact-support-login`);
      await page.getByLabel('Your e-mail address').fill('robot@example.com');
      await page.locator('input[name="website"]').first().fill('http://spam.example');
      await page.getByRole('button', { name: 'Send me a code' }).click();
      await page.getByRole('heading', { name: 'Check your e-mail' }).waitFor();

      await page.goto(`${portal.baseUrl}/s/request-callback`);
      await page.getByRole('radio', { name: 'Invoices and quotes' }).check();
      await page.getByLabel('Your name').fill('Robot Caller');
      await page.getByLabel('Phone number').fill('+61 2 9374 4000');
      const window = page.getByRole('radio', { name: 'In a window I choose' });
      if ((await window.count()) > 0) await window.check();
      await page
        .getByLabel('Day')
        .fill(new Date(Date.now() + 86_400_000).toISOString().slice(0, 10));
      await page.getByLabel('From').fill('10:00');
      await page.getByLabel('To').fill('11:00');
      await page.locator('input[name="website"]').fill('http://spam.example');
      await page.getByRole('button', { name: 'Request the callback' }).click();
      await page.getByText('We will call you on').waitFor();

      await new Promise((resolve) => setTimeout(resolve, 2_000));
      expect(await mailsTo('robot@example.com')).toEqual([]);
      const callbacks = await portal.database.db
        .selectFrom('contact_callback')
        .select('id')
        .where('name', '=', 'Robot Caller')
        .execute();
      expect(callbacks).toEqual([]);
    });
  });
});
