import { mkdir } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { beforeAll, expect, it } from 'vitest';
import { addDays } from '~core/subscriptions';
import {
  listOrders,
  listTransfers,
  practiceClients,
  subscriptionLinks,
} from '~server/modules/subscriptions';
import { signInAs } from '~tests/support/sessions.ts';
import { describeInBrowser } from './support/browser.ts';
import { expectNoSeriousAxeViolations, pressByKeyboard, useSuitePages } from './support/pages.ts';
import { useOwnPortal, type PortalUnderTest } from './support/portal.ts';

const SCREENSHOTS = 'test-results/screenshots/subscriptions';
const BUY_PATH = '/0/partners/buy-multiple-subscriptions';
const TRANSFER_PATH = '/0/partners/transfer-subscriptions';
const CHANGES_PATH = '/0/partners/subscription-changes';
const OWN_PATH = '/s/subscription-changes';

/*
 * The demo partner Priya Raman buys for clients (typed and from CSV, one bad row fixed in
 * place), transfers a client's billing with the client's approval, and reads the history; the
 * demo customer Mia Chen changes her plan and cancels by keyboard; the demo admin changes a price
 * and a discount. On SQLite, and on PostgreSQL in the browser suites' PostgreSQL phase.
 */
describeInBrowser('client subscriptions in a browser', () => {
  let portal: PortalUnderTest;
  let partner: Page;
  let today: string;

  const startedPortal = useOwnPortal({});
  const pages = useSuitePages(startedPortal);
  beforeAll(async () => {
    portal = startedPortal();
    today = portal.clock.now().toISOString().slice(0, 10);
    await mkdir(SCREENSHOTS, { recursive: true });
    const session = await signInAs(
      portal.database,
      'demo-partner-primary',
      portal.config,
      portal.clock,
    );
    partner = await pages.newPage({ session });
  });

  async function checked(page: Page, name: string): Promise<void> {
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await expectNoSeriousAxeViolations(page, `${name} at ${width}`);
      await page.screenshot({ path: `${SCREENSHOTS}/${name}-${width}.png`, fullPage: true });
    }
    await page.setViewportSize({ width: 1280, height: 900 });
  }

  const client = (page: Page, number: number) =>
    page.getByRole('group', { name: `Client ${number}`, exact: true });

  it('buys for clients typed and imported, a bad CSV row shown in place, and bills a double click once', async () => {
    await partner.goto(`${portal.baseUrl}${BUY_PATH}`);
    await checked(partner, 'buy');
    await client(partner, 1).getByLabel('Business name').fill('Glebe Books');
    await client(partner, 1).getByLabel('Contact e-mail').fill('office@glebebooks.example');
    await client(partner, 1).getByLabel('Plan').selectOption('standard');
    await client(partner, 1).getByLabel('Start date').fill(addDays(today, 3));
    await partner.getByRole('button', { name: 'Add a client' }).click();
    await client(partner, 2).getByLabel('Business name').fill('Coogee Cycles');
    await client(partner, 2).getByLabel('Contact e-mail').fill('hello@coogeecycles.example');
    await client(partner, 2).getByLabel('Plan').selectOption('starter');
    await client(partner, 2).getByLabel('Start date').fill(today);
    await partner.getByLabel('CSV file').setInputFiles({
      name: 'clients.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(
        [
          'business name,contact email,plan,start date',
          `Manly Movers,team@manlymovers.example,premium,${addDays(today, 10)}`,
          `"Surry Hills Deli, Pty",deli-at-example,standard,${addDays(today, 1)}`,
        ].join('\n'),
      ),
    });
    await partner.getByRole('button', { name: 'Import the clients' }).click();

    // The typed clients are kept, the imported ones follow, and the bad e-mail is at its row.
    await expect
      .poll(() => client(partner, 4).getByLabel('Business name').inputValue())
      .toBe('Surry Hills Deli, Pty');
    await expect(client(partner, 1).getByLabel('Business name').inputValue()).resolves.toBe(
      'Glebe Books',
    );
    const badEmail = client(partner, 4).getByLabel('Contact e-mail');
    await expect(badEmail.getAttribute('aria-invalid')).resolves.toBe('true');
    await expect(badEmail.inputValue()).resolves.toBe('deli-at-example');
    await expect(
      client(partner, 4)
        .getByText('Enter the contact e-mail address, like name@example.com.')
        .count(),
    ).resolves.toBe(1);
    expect(await client(partner, 3).locator('[aria-invalid="true"]').count()).toBe(0);
    await checked(partner, 'buy-bad-row');

    await badEmail.fill('deli@surryhills.example');
    await partner.getByRole('button', { name: 'Review the order' }).click();
    const review = partner.getByRole('region', { name: 'Review the order' });
    await review.waitFor();
    // AU at the demo practice's silver tier: 15 % off each line, GST 10 % on the net.
    // 65 + 35 + 90 + 65 = 255.00; less 38.25; net 216.75; GST 21.68 (21.675 rounded); 238.43.
    const totals = partner.getByRole('definition');
    await expect(totals.allTextContents()).resolves.toEqual(
      expect.arrayContaining(['$255.00', '−$38.25', '$216.75', '$21.68', '$238.43']),
    );
    await checked(partner, 'buy-review');

    const ordersBefore = (await listOrders(portal.database.db, undefined)).length;
    await partner.getByRole('button', { name: 'Place the order for $238.43' }).dblclick();
    await partner.getByRole('heading', { level: 1, name: /^Order SO-/ }).waitFor();
    expect((await listOrders(portal.database.db, undefined)).length).toBe(ordersBefore + 1);
    await checked(partner, 'buy-placed');

    const invoiceLink = partner.getByRole('link', { name: /^Download invoice SO-.* \(PDF\)$/ });
    const invoice = await partner.request.get(
      `${portal.baseUrl}${await invoiceLink.getAttribute('href')}`,
    );
    expect(invoice.status()).toBe(200);
    expect(invoice.headers()['content-type']).toBe('application/pdf');
    expect((await invoice.body()).subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('a client activates the subscription bought for them through the invitation link', async () => {
    const practiceId = (await listOrders(portal.database.db, undefined))[0]!.practiceId;
    const glebe = (await practiceClients(portal.database.db, practiceId)).find(
      (subscription) => subscription.businessName === 'Glebe Books',
    )!;
    const token = subscriptionLinks(portal.config.sessionSecret).sign({
      purpose: 'activate',
      id: glebe.id,
      expiresAt: new Date(portal.clock.now().getTime() + 86_400_000).toISOString(),
    });
    const owner = await pages.newPage({
      session: await signInAs(
        portal.database,
        {
          subject: 'e2e-glebe-owner',
          firstName: 'Ada',
          lastName: 'Glebe',
          email: 'office@glebebooks.example',
        },
        portal.config,
        portal.clock,
      ),
    });
    await owner.goto(`${portal.baseUrl}/s/subscription-changes/activate?token=${token}`);
    await checked(owner, 'activate');
    await owner.getByRole('button', { name: 'Activate the subscription' }).click();
    await owner.waitForURL(`**${OWN_PATH}`);
    await owner.getByText('Glebe Books').first().waitFor();
    await expect(owner.getByText('Waiting to be activated').count()).resolves.toBe(0);
  });

  it('asks to transfer a client with the prorated amount shown first; the client approves', async () => {
    await partner.goto(`${portal.baseUrl}${TRANSFER_PATH}`);
    await checked(partner, 'transfer');
    await partner
      .getByLabel('Client', { exact: true })
      .selectOption({ label: 'Harbour Cafe (paid by the practice)' });
    await partner.getByLabel('Effective date').fill(addDays(today, 5));
    await partner.getByRole('button', { name: 'Show the prorated amount' }).click();
    const preview = partner.getByRole('region', { name: 'Transfer of Harbour Cafe' });
    await preview.waitFor();
    await expect(preview.getByText('Back to the client’s own billing').count()).resolves.toBe(1);
    await expect(preview.getByText('Prorated for the rest of the period').count()).resolves.toBe(1);
    await checked(partner, 'transfer-preview');
    await partner.getByRole('button', { name: 'Ask Harbour Cafe to approve' }).click();
    await partner.getByRole('status').filter({ hasText: 'We asked Harbour Cafe' }).waitFor();
    const row = partner.getByRole('row').filter({ hasText: 'Harbour Cafe' });
    // The list is loaded again after the request: it may follow the message by a moment.
    await expect.poll(() => row.getByText('Waiting for the client').count()).toBe(1);

    // The client follows the e-mailed link (signed as the service signs it), as a guest.
    const [transfer] = await listTransfers(
      portal.database.db,
      (await listOrders(portal.database.db, undefined))[0]!.practiceId,
    );
    const token = subscriptionLinks(portal.config.sessionSecret).sign({
      purpose: 'transfer',
      id: transfer!.id,
      expiresAt: new Date(portal.clock.now().getTime() + 86_400_000).toISOString(),
    });
    const guest = await pages.newPage();
    await guest.goto(`${portal.baseUrl}/s/subscription-changes/transfer?token=${token}`);
    await checked(guest, 'transfer-decision');
    await guest.getByRole('button', { name: 'Approve the transfer' }).click();
    await guest.getByRole('status').filter({ hasText: 'the transfer is approved' }).waitFor();

    await partner.reload();
    await expect
      .poll(() =>
        partner.getByRole('row').filter({ hasText: 'Harbour Cafe' }).getByText('Approved').count(),
      )
      .toBe(1);
  });

  it('withdraws a transfer the client has not answered, by keyboard alone; the client’s link says so', async () => {
    await partner.goto(`${portal.baseUrl}${TRANSFER_PATH}`);
    await partner
      .getByLabel('Client', { exact: true })
      .selectOption({ label: 'Coogee Cycles (paid by the practice)' });
    await partner.getByLabel('Effective date').fill(today);
    await partner.getByRole('button', { name: 'Show the prorated amount' }).click();
    await partner.getByRole('region', { name: 'Transfer of Coogee Cycles' }).waitFor();
    await partner.getByRole('button', { name: 'Ask Coogee Cycles to approve' }).click();
    await partner.getByRole('status').filter({ hasText: 'We asked Coogee Cycles' }).waitFor();
    const row = partner.getByRole('row').filter({ hasText: 'Coogee Cycles' });
    await expect.poll(() => row.getByText('Waiting for the client').count()).toBe(1);

    // From the top of the page to the row's link by Tab, then the confirmation by Tab and Enter.
    await partner.goto(`${portal.baseUrl}${TRANSFER_PATH}`);
    const withdraw = 'Withdraw the transfer of Coogee Cycles';
    let reached = false;
    for (let step = 0; step < 200 && !reached; step += 1) {
      await partner.keyboard.press('Tab');
      reached = await partner.evaluate(
        (label) => document.activeElement?.getAttribute('aria-label') === label,
        withdraw,
      );
    }
    expect(reached).toBe(true);
    await partner.keyboard.press('Enter');
    const confirmation = partner.getByRole('region', { name: `${withdraw}?` });
    await confirmation.waitFor();
    // The confirmation takes the focus, so the next Tab stops reach its button.
    await expect
      .poll(() => partner.evaluate(() => document.activeElement?.id))
      .toBe('withdraw-heading');
    await checked(partner, 'transfer-withdraw');
    await pressByKeyboard(partner, 'Withdraw the transfer');
    await partner.getByRole('status').filter({ hasText: 'is withdrawn' }).waitFor();
    await expect.poll(() => row.getByText('Withdrawn').count()).toBe(1);
    await expect(row.getByRole('link', { name: withdraw }).count()).resolves.toBe(0);

    const practiceId = (await listOrders(portal.database.db, undefined))[0]!.practiceId;
    const transfer = (await listTransfers(portal.database.db, practiceId)).find(
      (candidate) => candidate.businessName === 'Coogee Cycles',
    );
    expect(transfer?.status).toBe('withdrawn');
    const token = subscriptionLinks(portal.config.sessionSecret).sign({
      purpose: 'transfer',
      id: transfer!.id,
      expiresAt: new Date(portal.clock.now().getTime() + 86_400_000).toISOString(),
    });
    const guest = await pages.newPage();
    await guest.goto(`${portal.baseUrl}/s/subscription-changes/transfer?token=${token}`);
    await guest.getByRole('heading', { level: 1, name: 'This transfer was withdrawn' }).waitFor();
    await expect(guest.getByRole('button', { name: 'Approve the transfer' }).count()).resolves.toBe(
      0,
    );
    await checked(guest, 'transfer-withdrawn');
  });

  it('filters the practice’s history by kind in the address and exports it as CSV', async () => {
    await partner.goto(`${portal.baseUrl}${CHANGES_PATH}`);
    await partner.getByRole('checkbox', { name: 'Transferred' }).check();
    await partner.getByRole('button', { name: 'Show changes' }).click();
    await partner.waitForURL(/kind=transferred/);
    const rows = partner.getByRole('row').filter({ hasNotText: 'Effective' });
    const kinds = () => rows.locator('td:nth-child(3)').allTextContents();
    await expect.poll(async () => [...new Set(await kinds())]).toEqual(['Transferred']);
    expect((await kinds()).length).toBeGreaterThanOrEqual(2);
    await expect(rows.filter({ hasText: 'Harbour Cafe' }).count()).resolves.toBe(1);
    await checked(partner, 'changes');

    const csvHref = await partner.getByRole('link', { name: 'Download CSV' }).getAttribute('href');
    expect(csvHref).toContain('kind=transferred');
    const csv = await (await partner.request.get(`${portal.baseUrl}${csvHref}`)).text();
    expect(csv.split('\r\n')[0]).toContain('Client');
    expect(csv).toContain('Harbour Cafe');
    expect(csv).not.toContain('Glebe Books');
  });

  it('a customer changes plan with the prorated preview and cancels, by keyboard alone', async () => {
    const mia = await pages.newPage({
      session: await signInAs(portal.database, 'demo-customer', portal.config, portal.clock),
    });
    await mia.goto(`${portal.baseUrl}${OWN_PATH}`);
    await checked(mia, 'own');
    // To the plan choice by Tab, Premium by its first letter, then the buttons by Tab and Enter.
    for (let step = 0; step < 60; step += 1) {
      await mia.keyboard.press('Tab');
      if (await mia.evaluate(() => document.activeElement?.tagName === 'SELECT')) break;
    }
    await mia.keyboard.press('P');
    await pressByKeyboard(mia, 'Show the prorated amount');
    await mia.getByText('Added to your next bill').waitFor();
    await checked(mia, 'own-preview');
    await pressByKeyboard(mia, 'Change to Premium');
    await mia.getByRole('status').filter({ hasText: 'You are on Premium' }).waitFor();
    await expect(mia.getByText('Premium', { exact: false }).count()).resolves.toBeGreaterThan(0);

    const cancel = await mia.getByRole('button', { name: /^Cancel on / }).textContent();
    await pressByKeyboard(mia, cancel!.trim());
    await mia.getByRole('status').filter({ hasText: 'Your subscription is cancelled' }).waitFor();
    await expect.poll(() => mia.getByRole('button', { name: /^Cancel on / }).count()).toBe(0);
    await checked(mia, 'own-cancelled');
  });

  it('staff change a plan’s price and a tier’s discount, a bad figure refused in place; a partner is told nothing', async () => {
    const other = await partner.goto(`${portal.baseUrl}/admin/subscriptions`);
    expect(other?.status()).toBe(404);

    const admin = await pages.newPage({
      session: await signInAs(portal.database, 'demo-admin', portal.config, portal.clock),
    });
    await admin.goto(`${portal.baseUrl}/admin/subscriptions`);
    await checked(admin, 'admin');
    // Orders and transfers name their practice.
    const orders = admin.getByRole('table', { name: 'Orders of every practice, newest first' });
    await expect(
      orders.getByRole('cell', { name: 'Raman Partners' }).count(),
    ).resolves.toBeGreaterThan(0);
    const price = admin.getByLabel('AUD a month for AU Standard');
    await price.fill('sixty');
    await admin.getByRole('button', { name: 'Save AU Standard' }).click();
    await admin.getByRole('alert').filter({ hasText: 'Enter the monthly price' }).waitFor();
    await expect(price.inputValue()).resolves.toBe('sixty');
    await price.fill('70');
    await admin.getByRole('button', { name: 'Save AU Standard' }).click();
    await admin.getByRole('status').filter({ hasText: 'Saved AU Standard.' }).waitFor();
    const standard = admin
      .getByRole('row')
      .filter({ hasText: 'AU' })
      .filter({ hasText: 'Standard' });
    await expect.poll(() => standard.first().textContent()).toContain('$70.00');

    await admin.getByLabel('Silver tier, % off').fill('12.5');
    await admin.getByRole('button', { name: 'Save the silver discount' }).click();
    await admin
      .getByRole('status')
      .filter({ hasText: 'The silver discount is now 12.5%.' })
      .waitFor();
    await expect
      .poll(() => admin.getByRole('cell', { name: 'price-changed' }).count())
      .toBeGreaterThan(0);
    await expect.poll(() => admin.getByRole('cell', { name: 'discount-changed' }).count()).toBe(1);

    // The audit trail pages back to older entries and forward again, kept in the address.
    const auditPages = admin.getByRole('navigation', { name: 'Pages of the audit' });
    await auditPages.getByRole('link', { name: 'Older' }).click();
    await admin.waitForURL(/auditOlder=/);
    await auditPages.getByRole('link', { name: 'Newer' }).waitFor();
    await expect(admin.getByRole('cell', { name: 'discount-changed' }).count()).resolves.toBe(0);
    await checked(admin, 'admin-older');
    await auditPages.getByRole('link', { name: 'Newer' }).click();
    await admin.waitForURL(/auditNewer=/);
    await expect.poll(() => admin.getByRole('cell', { name: 'discount-changed' }).count()).toBe(1);
  });
});
