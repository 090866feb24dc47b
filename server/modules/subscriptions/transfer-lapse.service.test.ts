import { randomUUID } from 'node:crypto';
import { beforeEach, expect, it } from 'vitest';
import { newRecordId } from '~server/db/ids.ts';
import { describeEachDialect } from '~tests/support/dialects.ts';
import {
  auditTrail,
  listTransfers,
  placeOrder,
  practiceClients,
  requestTransfer,
  seedSubscriptionCatalogue,
  subscriptionLinks,
  type BuyingPractice,
  type SubscriptionsContext,
} from './index.ts';

const NOW = new Date('2026-11-26T01:00:00Z');
const DAY = 86_400_000;

describeEachDialect('a transfer left unanswered', (database) => {
  const context = (now: Date): SubscriptionsContext => ({
    db: database().db,
    now,
    signer: subscriptionLinks('a session secret long enough for the derived keys'),
    links: { activate: (token) => `/a?token=${token}`, transfer: (token) => `/t?token=${token}` },
  });
  const practice: BuyingPractice = {
    id: randomUUID(),
    name: 'Lapse & Co',
    market: 'NZ',
    tier: 'gold',
  };
  const asker = { id: newRecordId('user'), name: 'Grace Okafor', email: 'grace@example.com' };

  beforeEach(async () => {
    await seedSubscriptionCatalogue(database().db, NOW);
  });

  it('blocks a new transfer while its link works, and lapses once the link has expired', async () => {
    await placeOrder(context(NOW), practice, asker, randomUUID(), [
      {
        businessName: 'Kiwi Kitchens',
        email: 'k@kiwi.example',
        plan: 'starter',
        startDate: '2026-11-26',
      },
    ]);
    const [client] = await practiceClients(database().db, practice.id);
    const ask = (now: Date, effectiveDate: string) =>
      requestTransfer(context(now), practice, asker, {
        subscriptionId: client!.id,
        effectiveDate,
        confirm: true,
      });
    expect((await ask(NOW, '2026-11-30')).kind).toBe('requested');
    const beforeExpiry = new Date(NOW.getTime() + 13 * DAY);
    expect((await ask(beforeExpiry, '2026-12-10')).kind).toBe('busy');

    const afterExpiry = new Date(NOW.getTime() + 15 * DAY);
    const again = await ask(afterExpiry, '2026-12-15');
    expect(again.kind).toBe('requested');
    const transfers = await listTransfers(database().db, practice.id);
    expect(transfers.map((transfer) => [transfer.effectiveDate, transfer.status])).toEqual([
      ['2026-12-15', 'awaiting-client'],
      ['2026-11-30', 'withdrawn'],
    ]);
    const lapsed = await auditTrail(database().db, { kind: 'transfer', id: transfers[1]!.id });
    expect(lapsed.map((entry) => entry.action)).toEqual(['transfer-requested', 'transfer-lapsed']);
  });
});
