import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { describeInBrowser } from './support/browser.ts';
import { waitForMail } from './support/mailbox.ts';
import { expectNoSeriousAxeViolations, pressByKeyboard, useSuitePages } from './support/pages.ts';
import { useOwnPortal, type PortalUnderTest } from './support/portal.ts';

const SCREENSHOTS = 'test-results/screenshots/contact';
const AGENT = 'Jordan Lee';

/** One place per call slot in Australia, so two visitors can race for the last one. */
async function settingsWithOnePlace(): Promise<Record<string, string>> {
  const folder = await mkdtemp(join(tmpdir(), 'contact-settings-'));
  const file = join(folder, 'contact.json');
  const weekdays = Object.fromEntries(
    ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'].map((day) => [day, ['00:00', '24:00']]),
  );
  const calls = { slotMinutes: 30, capacity: 1, minimumNoticeMinutes: 60, daysAhead: 7 };
  await writeFile(
    file,
    JSON.stringify({
      regions: { AU: { timeZone: 'Australia/Sydney', hours: weekdays, holidays: [], calls } },
    }),
  );
  return { CONTACT_SETTINGS_FILE: file };
}

describeInBrowser('contact support in a browser', () => {
  let portal: PortalUnderTest;

  const startedPortal = useOwnPortal(async () => ({
    SIGN_IN_RATE_LIMIT: '200',
    ...(await settingsWithOnePlace()),
  }));
  beforeAll(async () => {
    portal = startedPortal();
    await mkdir(SCREENSHOTS, { recursive: true });
  });
  const pages = useSuitePages(startedPortal);

  /** A guest in Australia whose browser runs on London time. */
  async function guest(width = 1280): Promise<Page> {
    return pages.newPage({
      width,
      withBanner: true,
      locale: 'en-AU',
      timezoneId: 'Europe/London',
    });
  }

  /** A full-page picture without the cookie banner over it. */
  async function picture(page: Page, name: string): Promise<void> {
    const refuse = page.getByRole('button', { name: 'Reject all' });
    if (await refuse.isVisible()) await refuse.click();
    await page.screenshot({ path: `${SCREENSHOTS}/${name}.png`, fullPage: true });
  }

  /** Fills the booking form for the first free time and gets to the confirmation step. */
  async function chooseFirstSlot(page: Page, email: string, valid = true): Promise<string> {
    await page.getByRole('radio', { name: 'Invoices and quotes' }).check();
    const slot = page
      .getByRole('group', { name: 'When should we call?' })
      .getByRole('radio')
      .first();
    const startsAt = (await slot.getAttribute('value')) ?? '';
    await slot.check();
    await page.getByLabel('Your name').fill('Alex Green');
    await page.getByLabel('Your e-mail address').fill(email);
    await page.getByRole('button', { name: 'Continue' }).click();
    if (valid) await page.getByRole('button', { name: 'Confirm the call' }).waitFor();
    return startsAt;
  }

  describe('the help hub', () => {
    it('shows help for the chosen topic first, then the ways open in the region', async () => {
      for (const width of [375, 1280]) {
        const page = await guest(width);
        await page.goto(`${portal.baseUrl}/s/contact-support`);
        await expectNoSeriousAxeViolations(page, `hub ${width}`);
        await page.getByRole('radio', { name: 'Invoices and quotes' }).focus();
        await page.keyboard.press('Space');
        await pressByKeyboard(page, 'Show help');
        const heading = page.getByRole('heading', { name: 'Help with invoices and quotes' });
        await heading.waitFor();
        expect(await heading.evaluate((element) => element === document.activeElement)).toBe(true);
        // The generated answer's client loads once a topic is chosen, and its answer streams in.
        await expect
          .poll(
            () =>
              page
                .getByRole('region', { name: 'Generated answer' })
                .getAttribute('data-answer-phase'),
            { timeout: 15_000 },
          )
          .toBe('done');
        await expect
          .poll(() =>
            page.getByRole('heading', { name: 'Still need help? Talk to our team' }).count(),
          )
          .toBe(1);
        // Calls all day in this configuration: open now, until a time in London's zone.
        expect(await page.getByText(/Open now, until \d{1,2}:\d{2}/).count()).toBe(1);
        await expectNoSeriousAxeViolations(page, `hub help ${width}`);
        await picture(page, `hub-${width}`);
      }
    });

    it('answers contact-{product}-support in any capitalisation, and no other product', async () => {
      const page = await guest();
      const mixed = await page.goto(`${portal.baseUrl}/s/contact-LedgerLeaf-support`);
      expect(mixed?.status()).toBe(200);
      await page.getByRole('heading', { level: 1, name: 'Contact Ledgerleaf support' }).waitFor();
      const other = await page.goto(`${portal.baseUrl}/s/contact-otherbooks-support`);
      expect(other?.status()).toBe(404);
    });
  });

  describe('booking a call', () => {
    it('books, moves and cancels a call, with the .ics in the mail', async () => {
      const page = await guest();
      await page.goto(`${portal.baseUrl}/s/contact-support`);
      await page.getByRole('radio', { name: 'Invoices and quotes' }).check();
      await page.getByRole('button', { name: 'Show help' }).click();
      await page.getByRole('heading', { name: 'Help with invoices and quotes' }).waitFor();
      await page.getByRole('link', { name: 'Book a call' }).click();
      await page.waitForURL(/book-a-call\?topic=invoices/);
      expect(await page.getByRole('radio', { name: 'Invoices and quotes' }).isChecked()).toBe(true);
      await expect
        .poll(() => page.getByText('Times are shown in your time zone, Europe/London.').count())
        .toBe(1);
      await expectNoSeriousAxeViolations(page, 'book');
      await picture(page, 'book-1280');
      // A mistake is told next to its field, and what was typed stays.
      await chooseFirstSlot(page, 'alex.green@', false);
      const email = page.getByLabel('Your e-mail address');
      await page.getByText('Enter an e-mail address like name@example.com.').waitFor();
      expect(await email.getAttribute('aria-invalid')).toBe('true');
      expect(await page.getByLabel('Your name').inputValue()).toBe('Alex Green');
      expect(await email.inputValue()).toBe('alex.green@');

      await chooseFirstSlot(page, 'alex.green@example.com');
      await pressByKeyboard(page, 'Confirm the call');
      await page.getByText('Your call is booked.').waitFor();
      const booked = await waitForMail(
        portal.dataDir,
        'alex.green@example.com',
        'Your call with support is booked',
      );
      expect(booked).toContain(
        'Content-Type: text/calendar; method=PUBLISH; name=support-call.ics',
      );
      expect(booked).toMatch(/book-a-call\?booking=/);
      await expectNoSeriousAxeViolations(page, 'manage');

      // Another day: its times show once its heading is opened.
      const newTime = page.getByRole('group', { name: 'New time' }).getByRole('radio').last();
      await page.locator('details').last().locator('summary').click();
      await newTime.check();
      await page.getByRole('button', { name: 'Move the call' }).click();
      await page.getByText('Your call has moved.').waitFor();
      await waitForMail(
        portal.dataDir,
        'alex.green@example.com',
        'Your call with support has moved',
      );

      await page.getByRole('button', { name: 'Cancel the call' }).click();
      await page.getByText('Your call is cancelled.').waitFor();
      await waitForMail(
        portal.dataDir,
        'alex.green@example.com',
        'Your call with support is cancelled',
      );
    });

    it('tells the second of two visitors that the last place went, with the next free times', async () => {
      const first = await guest();
      const second = await guest(375);
      await first.goto(`${portal.baseUrl}/s/book-a-call`);
      await second.goto(`${portal.baseUrl}/s/book-a-call`);
      const wanted = await chooseFirstSlot(first, 'first@example.com');
      expect(await chooseFirstSlot(second, 'second@example.com')).toBe(wanted);
      await first.getByRole('button', { name: 'Confirm the call' }).click();
      await first.getByText('Your call is booked.').waitFor();
      await second.getByRole('button', { name: 'Confirm the call' }).click();
      await second.getByText(/Someone booked the last place at that time/).waitFor();
      await expectNoSeriousAxeViolations(second, 'taken');
      await picture(second, 'book-taken-375');
      const next = second
        .getByRole('group', { name: 'Next free times' })
        .getByRole('radio')
        .first();
      expect(await next.getAttribute('value')).not.toBe(wanted);
      await next.check();
      await second.getByRole('button', { name: 'Confirm the call' }).click();
      await second.getByText('Your call is booked.').waitFor();
    });

    it('lists the booked calls for agents', async () => {
      const page = await pages.signedInAs(AGENT, '/agent/bookings');
      await page.getByRole('heading', { name: 'Booked calls' }).waitFor();
      expect(await page.getByRole('cell', { name: /second@example.com/ }).count()).toBe(1);
      // The hub showed help three times in Australia; one of them went on to book a call.
      const australia = page.getByRole('row', { name: /^hub AU/ });
      expect(await australia.getByRole('cell').allInnerTexts()).toEqual([
        'hub',
        'AU',
        '3',
        '1',
        '67%',
      ]);
      expect(await page.getByRole('link', { name: 'Back to the agents’ workspace' }).count()).toBe(
        1,
      );
      await expectNoSeriousAxeViolations(page, 'agent bookings');
    });
  });

  describe('requesting a callback', () => {
    it('keeps what was typed when the number is wrong, then tells the wait', async () => {
      const page = await guest(375);
      await page.goto(`${portal.baseUrl}/s/request-callback`);
      await page.getByText(/The current wait for a callback is about \d+ minutes/).waitFor();
      await page.getByRole('radio', { name: 'Payroll and employees' }).check();
      await page.getByLabel('Your name').fill('Sam Taylor');
      const phone = page.getByLabel('Phone number');
      await phone.fill('12');
      await pressByKeyboard(page, 'Request the callback');
      await page.getByText(/Enter a phone number we can call/).waitFor();
      expect(await phone.getAttribute('aria-invalid')).toBe('true');
      expect(await page.getByLabel('Your name').inputValue()).toBe('Sam Taylor');
      await expectNoSeriousAxeViolations(page, 'callback refused');
      await picture(page, 'callback-375');
      await phone.fill('(02) 9374 4000');
      await page.getByRole('button', { name: 'Request the callback' }).click();
      await page.getByText(/We will call you on \+61 2 9374 4000, in about \d+ minutes/).waitFor();
    });

    it('shows the callback to agents as a task they mark called', async () => {
      const page = await pages.signedInAs(AGENT, '/agent/callbacks');
      await page.getByRole('link', { name: '+61293744000' }).waitFor();
      await expectNoSeriousAxeViolations(page, 'agent callbacks');
      await page.getByRole('button', { name: 'Mark Sam Taylor as called' }).click();
      await page.getByText('Marked as called.').waitFor();
      await expect.poll(() => page.getByRole('link', { name: '+61293744000' }).count()).toBe(0);
    });
  });
  describe('a guest’s chat with no agent online', () => {
    it('becomes a case for the address the guest proves by a code, followed by its link', async () => {
      const email = 'chat.guest@example.com';
      const page = await guest(375);
      await page.goto(`${portal.baseUrl}/s/chat-support`);
      await page.getByLabel('Your question').fill('Where do I find my invoice list?');
      await page.getByLabel('Your question').press('Enter');
      const transcript = page.getByRole('log', { name: 'Chat transcript' });
      await transcript.getByText('Assistant', { exact: true }).first().waitFor();
      await pressByKeyboard(page, 'Talk to a person');

      const address = page.getByLabel('Your e-mail address');
      await address.fill('not an address');
      await address.press('Enter');
      await page.getByText('Enter an e-mail address such as name@example.com.').waitFor();
      expect(await address.inputValue()).toBe('not an address');
      await address.fill(email);
      await address.press('Enter');
      const mail = await waitForMail(portal.dataDir, email, 'support code');
      const code = /support code: (\d{6})/.exec(mail)?.[1] ?? '';
      await page.getByLabel('The 6-digit code').fill(code);
      await expectNoSeriousAxeViolations(page, 'chat code step');
      await picture(page, 'chat-code-375');
      await pressByKeyboard(page, 'Make my chat a case');
      const made = page.getByText(/Your chat is now case (\d{8})\. We e-mailed chat\.guest@/);
      await made.waitFor();
      await transcript.getByText(/this chat became case \d{8}/).waitFor();
      await expectNoSeriousAxeViolations(page, 'chat became a case');
      const caseNumber = /case (\d{8})/.exec((await made.textContent()) ?? '')?.[1] ?? '';

      const confirmation = await waitForMail(portal.dataDir, email, caseNumber);
      const link = /(\/s\/contact-support-login\?case=[\w.=-]+)/.exec(
        confirmation.replace(/=\r?\n/g, '').replace(/=3D/g, '='),
      )?.[1];
      expect(link).toBeDefined();
      await page.goto(`${portal.baseUrl}${link ?? ''}`);
      await page.getByText('Chat: Where do I find my invoice list?').first().waitFor();
    });
  });
});
