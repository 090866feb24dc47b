import { randomUUID } from 'node:crypto';
import { beforeEach, expect, it } from 'vitest';
import type { KeysetPage, PageCursor } from '~core/subscriptions';
import { newRecordId } from '~server/db/ids.ts';
import { describeEachDialect } from '~tests/support/dialects.ts';
import {
  placeOrder,
  practiceClients,
  requestTransfer,
  seedSubscriptionCatalogue,
  staffAudit,
  staffOrders,
  staffTransfers,
  subscriptionLinks,
  type BuyingPractice,
  type SubscriptionsContext,
} from './index.ts';

const START = Date.parse('2026-11-26T01:00:00Z');

/** Every page of a staff list, oldest-bound then back, as the links walk it. */
async function walk<Row>(
  read: (cursor: PageCursor) => Promise<KeysetPage<Row>>,
): Promise<{ down: Row[][]; up: Row[][] }> {
  const down: Row[][] = [];
  let page = await read(undefined);
  expect(page.newer).toBeUndefined();
  down.push(page.rows);
  while (page.older) {
    page = await read({ direction: 'older', key: page.older });
    down.push(page.rows);
  }
  const up: Row[][] = [page.rows];
  while (page.newer) {
    page = await read({ direction: 'newer', key: page.newer });
    up.unshift(page.rows);
  }
  return { down, up };
}

describeEachDialect('staff’s lists of every practice', (database) => {
  const context = (minute: number): SubscriptionsContext => ({
    db: database().db,
    now: new Date(START + minute * 60_000),
    signer: subscriptionLinks('a session secret long enough for the derived keys'),
    links: { activate: (token) => `/a?token=${token}`, transfer: (token) => `/t?token=${token}` },
  });
  const practiceOf = (name: string): BuyingPractice => ({
    id: randomUUID(),
    name,
    market: 'AU',
    tier: 'starter',
  });
  const buyer = { id: newRecordId('user'), name: 'Sam Taylor', email: 'sam@example.com' };

  beforeEach(async () => {
    await seedSubscriptionCatalogue(database().db, new Date(START));
  });

  it('names each order’s and transfer’s practice and pages them 20 at a time, newest first', async () => {
    const practices = [practiceOf('Paging North'), practiceOf('Paging South')];
    // Two orders share each moment, so the id orders rows of the same moment.
    for (let index = 0; index < 25; index += 1) {
      const practice = practices[index % 2]!;
      await placeOrder(context(Math.floor(index / 2)), practice, buyer, randomUUID(), [
        {
          businessName: `Paged ${index}`,
          email: `paged.${index}.${randomUUID().slice(0, 6)}@clients.example`,
          plan: 'starter',
          startDate: '2026-12-01',
        },
      ]);
    }
    const ours = new Set(practices.map((practice) => practice.id));
    const orders = await walk((cursor) => staffOrders(database().db, cursor));
    expect(orders.down.every((rows) => rows.length <= 20)).toBe(true);
    expect(orders.down[0]).toHaveLength(20);
    const listed = orders.down.flat();
    expect(new Set(listed.map((order) => order.id)).size).toBe(listed.length);
    const mine = listed.filter((order) => ours.has(order.practiceId));
    expect(mine).toHaveLength(25);
    expect(new Set(mine.map((order) => order.practiceName))).toEqual(
      new Set(['Paging North', 'Paging South']),
    );
    const keys = listed.map((order) => `${order.placedAt} ${order.id}`);
    expect(keys).toEqual([...keys].sort().reverse());
    // Walking back by "Newer" gives the same rows again.
    expect(orders.up.flat().map((order) => order.id)).toEqual(listed.map((order) => order.id));

    const north = practices[0]!;
    for (const client of (await practiceClients(database().db, north.id)).slice(0, 3)) {
      await requestTransfer(context(30), north, buyer, {
        subscriptionId: client.id,
        effectiveDate: '2026-12-05',
        confirm: true,
      });
    }
    const transfers = (await walk((cursor) => staffTransfers(database().db, cursor))).down.flat();
    expect(transfers.filter((transfer) => transfer.practiceId === north.id)).toHaveLength(3);
    expect(
      transfers
        .filter((transfer) => transfer.practiceId === north.id)
        .every((transfer) => transfer.practiceName === 'Paging North'),
    ).toBe(true);

    const audit = await walk((cursor) => staffAudit(database().db, cursor));
    const entries = audit.down.flat();
    expect(new Set(entries.map((entry) => entry.id)).size).toBe(entries.length);
    expect(
      entries.filter((entry) => entry.action === 'order-placed').length,
    ).toBeGreaterThanOrEqual(25);
    expect(audit.up.flat().map((entry) => entry.id)).toEqual(entries.map((entry) => entry.id));
    // A subscription's plan is named as its market's catalogue names it, not by its code.
    const created = entries
      .filter((entry) => entry.action === 'created')
      .map((entry) => (JSON.parse(entry.detail) as { plan: string }).plan);
    expect(created).toContain('Starter');
    expect(created).not.toContain('starter');
  });
});
