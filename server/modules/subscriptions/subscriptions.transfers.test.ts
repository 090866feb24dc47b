import { randomUUID } from 'node:crypto';
import { beforeEach, expect, it } from 'vitest';
import { describeEachDialect } from '~tests/support/dialects.ts';
import {
  changeFiltersFrom,
  changesCsv,
  decideTransfer,
  listOrders,
  listTransfers,
  placeOrder,
  practiceChanges,
  practiceClients,
  readTransferLink,
  requestTransfer,
  reviewOrder,
  setPlanPrice,
  setTierDiscount,
  tierDiscounts,
  seedSubscriptionCatalogue,
} from './index.ts';
import {
  NOW,
  person,
  practiceOf,
  row,
  linkTokenFor,
  everyAuditEntry,
  subscriptionsContext,
} from './subscriptions.test-support.ts';

describeEachDialect('client subscriptions: transfers, histories and prices', (database) => {
  const context = (now = NOW) => subscriptionsContext(database().db, now);

  beforeEach(async () => {
    await seedSubscriptionCatalogue(database().db, NOW);
  });

  it('transfers billing with the client’s approval, one open transfer at a time', async () => {
    const ctx = context();
    const practice = practiceOf('Transfer Partners');
    const other = practiceOf('Other Practice');
    const asker = person('Priya Raman');
    await placeOrder(ctx, practice, asker, randomUUID(), [
      row('Move Me', 'standard', '2026-11-26'),
    ]);
    const [client] = await practiceClients(ctx.db, practice.id);
    const input = { subscriptionId: client!.id, effectiveDate: '2026-12-11', confirm: false };
    expect(await requestTransfer(ctx, other, asker, input)).toMatchObject({
      kind: 'invalid',
      field: 'subscription',
    });
    expect(
      await requestTransfer(ctx, practice, asker, { ...input, effectiveDate: '11/12/2026' }),
    ).toMatchObject({
      kind: 'invalid',
      field: 'effectiveDate',
    });
    const preview = await requestTransfer(ctx, practice, asker, input);
    // 15 of 30 days of 65.00 for the client from 11 December.
    expect(preview).toMatchObject({
      kind: 'preview',
      preview: { direction: 'to-client', daysLeft: 15, proratedMinor: 3_250, prorated: '$32.50' },
    });
    const both = await Promise.all([
      requestTransfer(ctx, practice, asker, { ...input, confirm: true }),
      requestTransfer(ctx, practice, asker, { ...input, confirm: true }),
    ]);
    expect(both.map((outcome) => outcome.kind).sort()).toEqual(['busy', 'requested']);
    const busy = both.find((outcome) => outcome.kind === 'busy');
    expect(busy).toMatchObject({ message: expect.stringContaining('already waiting to approve') });
    const token = await linkTokenFor(ctx, client!.email, 'transfer');
    expect(await readTransferLink(ctx, token)).toMatchObject({
      businessName: 'Move Me',
      status: 'awaiting-client',
    });
    expect(await decideTransfer(ctx, token, true, 'client')).toEqual({ kind: 'approved' });
    expect(await decideTransfer(ctx, token, false, 'client')).toEqual({ kind: 'decided-already' });
    expect((await practiceClients(ctx.db, practice.id))[0]!.billedTo).toBe('client');
    const history = await practiceChanges(
      ctx.db,
      practice.id,
      changeFiltersFrom(new URLSearchParams('kind=transferred')),
    );
    expect(history.map((change) => [change.kind, change.amount])).toEqual([
      ['transferred', '$32.50'],
    ]);
    expect(await listTransfers(ctx.db, other.id)).toEqual([]);
    expect((await listTransfers(ctx.db, practice.id)).map((transfer) => transfer.status)).toEqual([
      'approved',
    ]);
    // Closed, the subscription may be moved again.
    expect((await requestTransfer(ctx, practice, asker, { ...input, confirm: true })).kind).toBe(
      'requested',
    );
  });

  it('shows a practice only its own clients, orders and history, and exports it as CSV', async () => {
    const ctx = context();
    const mine = practiceOf('Mine');
    const theirs = practiceOf('Theirs');
    await placeOrder(ctx, mine, person('A Person'), randomUUID(), [row('Mine Client, Ltd')]);
    await placeOrder(ctx, theirs, person('B Person'), randomUUID(), [row('Their Client')]);
    expect((await practiceClients(ctx.db, mine.id)).map((client) => client.businessName)).toEqual([
      'Mine Client, Ltd',
    ]);
    expect(await listOrders(ctx.db, mine.id)).toHaveLength(1);
    const changes = await practiceChanges(
      ctx.db,
      mine.id,
      changeFiltersFrom(new URLSearchParams('kind=new&from=2026-12-01&to=2026-12-01')),
    );
    expect(changes.map((change) => change.businessName)).toEqual(['Mine Client, Ltd']);
    expect(
      await practiceChanges(
        ctx.db,
        mine.id,
        changeFiltersFrom(new URLSearchParams('kind=cancelled')),
      ),
    ).toEqual([]);
    const csv = changesCsv(changes);
    expect(csv.split('\r\n')[0]).toBe(
      'Date,Client,Change,From plan,To plan,Effective,Amount,Detail',
    );
    // The plan by its name, as the customer knows it.
    expect(csv).toContain('"Mine Client, Ltd",new,,Standard,2026-12-01,$58.50');
    expect(changes[0]).toMatchObject({ fromPlan: null, toPlan: 'Standard' });
  });

  it('lets staff change prices and discounts, each with an audit entry', async () => {
    const db = database().db;
    expect((await tierDiscounts(db)).gold).toBe(2000);
    expect(await setTierDiscount(db, 'staff-1', 'gold', 10_001, NOW)).toMatchObject({
      kind: 'invalid',
    });
    expect(await setTierDiscount(db, 'staff-1', 'gold', 2250, NOW)).toEqual({ kind: 'saved' });
    expect((await tierDiscounts(db)).gold).toBe(2250);
    expect(
      await setPlanPrice(
        db,
        'staff-1',
        { market: 'UK', code: 'premium', priceMinor: 0, active: true },
        NOW,
      ),
    ).toMatchObject({ kind: 'invalid' });
    expect(
      await setPlanPrice(
        db,
        'staff-1',
        { market: 'UK', code: 'premium', priceMinor: 4_500, active: true },
        NOW,
      ),
    ).toEqual({ kind: 'saved' });
    await seedSubscriptionCatalogue(db, NOW);
    const review = await reviewOrder(
      db,
      { ...practiceOf('UK Books', 'gold'), market: 'UK' },
      [row('Pub', 'premium')],
      NOW,
    );
    // 45.00 less 22.5 % (10.125 rounded to 10.13) is 34.87; VAT 20 % is 6.974, so 6.97.
    expect(review.totals).toMatchObject({ netMinor: 3_487, taxMinor: 697, taxLabel: 'VAT' });
    expect(
      (await everyAuditEntry(db))
        .filter((entry) => entry.actor === 'staff-1')
        .map((entry) => entry.action)
        .sort(),
    ).toEqual(['discount-changed', 'price-changed']);
  });
});
