import { randomUUID } from 'node:crypto';
import { PDFDocument } from 'pdf-lib';
import { beforeEach, expect, it } from 'vitest';
import { newRecordId } from '~server/db/ids.ts';
import { describeEachDialect } from '~tests/support/dialects.ts';
import {
  findPracticeOrder,
  orderInvoice,
  placeOrder,
  seedSubscriptionCatalogue,
  subscriptionLinks,
  type BuyingPractice,
  type SubscriptionsContext,
} from './index.ts';

const NOW = new Date('2026-11-26T01:00:00Z');

describeEachDialect('an order after it is placed', (database) => {
  const context = (): SubscriptionsContext => ({
    db: database().db,
    now: NOW,
    signer: subscriptionLinks('a session secret long enough for the derived keys'),
    links: { activate: (token) => `/a?token=${token}`, transfer: (token) => `/t?token=${token}` },
  });
  const practice = (name: string): BuyingPractice => ({
    id: randomUUID(),
    name,
    market: 'UK',
    tier: 'silver',
  });
  const buyer = { id: newRecordId('user'), name: 'Oliver Hughes', email: 'oliver@example.com' };

  beforeEach(async () => {
    await seedSubscriptionCatalogue(database().db, NOW);
  });

  it('shows the practice its order and draws its invoice again, as billed', async () => {
    const buying = practice('Hughes & Co');
    const placed = await placeOrder(context(), buying, buyer, randomUUID(), [
      {
        businessName: 'Thames Bikes',
        email: 'a@thames.example',
        plan: 'premium',
        startDate: '2026-12-01',
      },
      {
        businessName: 'Leeds Loaves',
        email: 'b@leeds.example',
        plan: 'starter',
        startDate: '2026-11-26',
      },
    ]);
    if (placed.kind !== 'placed') throw new Error('the order was not placed');
    const order = await findPracticeOrder(database().db, buying.id, placed.orderId);
    // UK premium 42.00 and starter 15.00 less 15 % (silver) per line, VAT 20 % on the net.
    expect(order).toMatchObject({
      number: placed.number,
      placedOn: '2026-11-26',
      lines: [
        { businessName: 'Thames Bikes', plan: 'Premium', startDate: '2026-12-01' },
        { businessName: 'Leeds Loaves', plan: 'Starter', startDate: '2026-11-26' },
      ],
      totals: {
        subtotalMinor: 5_700,
        discountMinor: 855,
        netMinor: 4_845,
        taxMinor: 969,
        totalMinor: 5_814,
        taxLabel: 'VAT',
      },
    });
    const invoice = await orderInvoice(database().db, buying.id, placed.orderId, buying.name);
    const pdf = await PDFDocument.load(invoice!.pdf);
    expect(pdf.getTitle()).toBe(`Invoice ${placed.number}`);
  });

  it('answers another practice as if the order did not exist', async () => {
    const buying = practice('Owner Ltd');
    const placed = await placeOrder(context(), buying, buyer, randomUUID(), [
      {
        businessName: 'Only Client',
        email: 'c@only.example',
        plan: 'standard',
        startDate: '2026-12-01',
      },
    ]);
    if (placed.kind !== 'placed') throw new Error('the order was not placed');
    const other = practice('Other Ltd');
    expect(await findPracticeOrder(database().db, other.id, placed.orderId)).toBeUndefined();
    expect(await orderInvoice(database().db, other.id, placed.orderId, other.name)).toBeUndefined();
  });
});
