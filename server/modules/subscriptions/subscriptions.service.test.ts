import { randomUUID } from 'node:crypto';
import { beforeEach, expect, it } from 'vitest';
import { listOutbox } from '~server/modules/mail';
import { pointsAccount } from '~server/modules/partners';
import { describeEachDialect } from '~tests/support/dialects.ts';
import {
  activateSubscription,
  auditTrail,
  cancelOwnSubscription,
  changeFiltersFrom,
  changeOwnPlan,
  findOwnSubscription,
  listOrders,
  placeOrder,
  practiceChanges,
  practiceClients,
  reviewOrder,
  subscriptionChanges,
  seedSubscriptionCatalogue,
} from './index.ts';
import {
  NOW,
  ALL,
  person,
  practiceOf,
  row,
  linkTokenFor,
  subscriptionsContext,
} from './subscriptions.test-support.ts';

describeEachDialect('client subscriptions', (database) => {
  const context = (now = NOW) => subscriptionsContext(database().db, now);

  beforeEach(async () => {
    await seedSubscriptionCatalogue(database().db, NOW);
  });

  it('reviews a cart row by row with the tier discount and the market tax', async () => {
    const practice = practiceOf('Harbour Books', 'bronze');
    const review = await reviewOrder(
      database().db,
      practice,
      [row('Bean There'), row('Smith Joinery', 'starter'), { ...row('Bad'), email: 'bad@' }],
      NOW,
    );
    expect(review.ready).toBe(false);
    expect(review.rows.map((checked) => Object.keys(checked.problems))).toEqual([
      [],
      [],
      ['email'],
    ]);
    // AU standard 65.00 and starter 35.00 twice less 10 % (bronze), GST 10 % on the net.
    expect(review.totals).toMatchObject({
      subtotalMinor: 16_500,
      discountMinor: 1_650,
      netMinor: 14_850,
      taxMinor: 1_485,
      totalMinor: 16_335,
      taxLabel: 'GST',
    });
  });

  it('places an order in one transaction: subscriptions, invoice, invitations, history, audit, points', async () => {
    const ctx = context();
    const practice = practiceOf('Harbour Books');
    const buyer = person('Priya Raman');
    const rows = [
      row('Bean There'),
      row('Smith Joinery', 'starter'),
      row('Wattle Florist', 'premium'),
    ];
    const outcome = await placeOrder(ctx, practice, buyer, randomUUID(), rows);
    expect(outcome.kind).toBe('placed');
    const clients = await practiceClients(ctx.db, practice.id);
    expect(clients.map((client) => [client.businessName, client.status, client.billedTo])).toEqual([
      ['Bean There', 'invited', 'practice'],
      ['Smith Joinery', 'invited', 'practice'],
      ['Wattle Florist', 'invited', 'practice'],
    ]);
    const [order] = await listOrders(ctx.db, practice.id);
    expect(order).toMatchObject({ total: '$188.10', taxLabel: 'GST', tax: '$17.10' });
    const mails = await listOutbox(ctx.db);
    const invoice = mails.find((mail) => mail.recipient === buyer.email)!;
    const attachment = JSON.parse(invoice.attachments!)[0] as { content: string; encoding: string };
    expect(attachment.encoding).toBe('base64');
    expect(Buffer.from(attachment.content, 'base64').subarray(0, 5).toString()).toBe('%PDF-');
    for (const client of rows) {
      expect(
        mails.some(
          (mail) => mail.recipient === client.email && /activate\?token=/.test(mail.text_body),
        ),
      ).toBe(true);
    }
    const changes = await practiceChanges(
      ctx.db,
      practice.id,
      changeFiltersFrom(new URLSearchParams()),
    );
    expect(changes.map((change) => change.kind)).toEqual(['new', 'new', 'new']);
    expect(await auditTrail(ctx.db, { kind: 'subscription', id: clients[0]!.id })).toHaveLength(1);
    const points = await pointsAccount(ctx.db, buyer.id, ALL, NOW);
    expect(
      points.entries.filter((entry) => entry.reason.startsWith('Client subscription added: ')),
    ).toHaveLength(3);
  });

  it('bills an order submitted twice, even at once, one time', async () => {
    const ctx = context();
    const practice = practiceOf('Twice Ltd');
    const buyer = person('Sam Taylor');
    const key = randomUUID();
    const [first, second] = await Promise.all([
      placeOrder(ctx, practice, buyer, key, [row('One Client')]),
      placeOrder(ctx, practice, buyer, key, [row('One Client')]),
    ]);
    const again = await placeOrder(ctx, practice, buyer, key, [row('One Client')]);
    expect([first.kind, second.kind].sort()).toEqual(['again', 'placed']);
    expect(again.kind).toBe('again');
    expect(await listOrders(ctx.db, practice.id)).toHaveLength(1);
    expect(await practiceClients(ctx.db, practice.id)).toHaveLength(1);
    const points = await pointsAccount(ctx.db, buyer.id, ALL, NOW);
    expect(
      points.entries.filter((entry) => entry.reason.startsWith('Client subscription added: ')),
    ).toHaveLength(1);
  });

  it('writes nothing for a cart with a bad row and says which', async () => {
    const ctx = context();
    const practice = practiceOf('Careful Co');
    const outcome = await placeOrder(ctx, practice, person('Oliver Hughes'), randomUUID(), [
      row('Fine'),
      row('Past', 'standard', '2026-11-01'),
    ]);
    expect(outcome.kind).toBe('invalid');
    if (outcome.kind === 'invalid') {
      expect(outcome.review.rows[1]!.problems.startDate).toBe(
        'The start date cannot be in the past.',
      );
    }
    expect(await practiceClients(ctx.db, practice.id)).toEqual([]);
  });

  it('submits a cart of 200 clients as one order (timed by npm run bench:subscriptions)', async () => {
    const ctx = context();
    const practice = practiceOf('Big Practice');
    const buyer = person('Grace Okafor');
    const rows = Array.from({ length: 200 }, (_, index) => row(`Client ${index}`));
    expect((await placeOrder(ctx, practice, buyer, randomUUID(), rows)).kind).toBe('placed');
    expect(await practiceClients(ctx.db, practice.id)).toHaveLength(200);
    expect(await listOrders(ctx.db, practice.id)).toHaveLength(1);
    // 100 points a client, and 200 for the suggested step the first one completes.
    expect((await pointsAccount(ctx.db, buyer.id, ALL, NOW)).balance).toBe(20_200);
  });

  it('activates through the signed link once, and refuses forged and expired links', async () => {
    const ctx = context();
    const practice = practiceOf('Link Partners');
    const client = person('Mia Chen');
    await placeOrder(ctx, practice, person('Priya Raman'), randomUUID(), [row('Mia Books')]);
    const token = await linkTokenFor(ctx, row('Mia Books').email, 'activate');
    expect(await activateSubscription(ctx, `${token.slice(0, -2)}xx`, client)).toEqual({
      kind: 'invalid',
    });
    const late = context(new Date(NOW.getTime() + 31 * 86_400_000));
    expect(await activateSubscription(late, token, client)).toEqual({ kind: 'expired' });
    expect((await activateSubscription(ctx, token, client)).kind).toBe('activated');
    expect(await activateSubscription(ctx, token, person('Someone Else'))).toEqual({
      kind: 'already',
    });
    expect((await findOwnSubscription(ctx.db, client, NOW))?.businessName).toBe('Mia Books');
  });

  it('lets a customer preview and change their own plan, prorated, and cancel at the period end', async () => {
    const practice = practiceOf('Own Plan Partners');
    const client = person('Mia Chen');
    const stranger = person('Jordan Lee');
    await placeOrder(context(), practice, person('Priya Raman'), randomUUID(), [
      row('Chen Studio', 'standard', '2026-11-26'),
    ]);
    await activateSubscription(
      context(),
      await linkTokenFor(context(), row('Chen Studio').email, 'activate'),
      client,
    );
    const later = context(new Date('2026-12-11T09:00:00Z'));
    const preview = await changeOwnPlan(later, client, 'premium', false);
    // 15 of 30 days (26 Nov to 26 Dec): 45.00 of premium less 32.50 of standard.
    expect(preview).toMatchObject({ kind: 'preview', change: { daysLeft: 15, net: 1_250 } });
    expect((await findOwnSubscription(later.db, client, later.now))?.plan.code).toBe('standard');
    expect(await changeOwnPlan(later, stranger, 'premium', true)).toEqual({ kind: 'none' });
    expect(await changeOwnPlan(later, client, 'standard', true)).toMatchObject({
      kind: 'invalid',
      field: 'plan',
    });
    expect((await changeOwnPlan(later, client, 'premium', true)).kind).toBe('changed');
    expect(await cancelOwnSubscription(later, client)).toEqual({
      kind: 'cancelled',
      endsOn: '2026-12-26',
    });
    const own = await findOwnSubscription(later.db, client, later.now);
    expect(own).toMatchObject({ status: 'cancelled', endsOn: '2026-12-26' });
    expect(
      (await subscriptionChanges(later.db, own!.id)).map((change) => change.kind).sort(),
    ).toEqual(['cancelled', 'new', 'upgraded']);
    // The customer's history names the plans as the customer knows them.
    const upgrade = (await subscriptionChanges(later.db, own!.id)).find(
      (change) => change.kind === 'upgraded',
    );
    expect(upgrade).toMatchObject({ fromPlan: 'Standard', toPlan: 'Premium' });
    expect(await findOwnSubscription(later.db, stranger, later.now)).toBeUndefined();
  });
});
