import { randomUUID } from 'node:crypto';
import { beforeEach, expect, it } from 'vitest';
import { newRecordId } from '~server/db/ids.ts';
import { listOutbox } from '~server/modules/mail';
import { describeEachDialect } from '~tests/support/dialects.ts';
import {
  auditTrail,
  decideTransfer,
  listTransfers,
  placeOrder,
  practiceClients,
  readTransferLink,
  requestTransfer,
  seedSubscriptionCatalogue,
  subscriptionLinks,
  withdrawTransfer,
  type BuyingPractice,
  type SubscriptionsContext,
} from './index.ts';

const NOW = new Date('2026-11-26T01:00:00Z');

describeEachDialect('a transfer withdrawn by the practice', (database) => {
  const context = (): SubscriptionsContext => ({
    db: database().db,
    now: NOW,
    signer: subscriptionLinks('a session secret long enough for the derived keys'),
    links: { activate: (token) => `/a?token=${token}`, transfer: (token) => `/t?token=${token}` },
  });
  const practiceOf = (name: string): BuyingPractice => ({
    id: randomUUID(),
    name,
    market: 'AU',
    tier: 'silver',
  });
  const asker = { id: newRecordId('user'), name: 'Priya Raman', email: 'priya@example.com' };

  beforeEach(async () => {
    await seedSubscriptionCatalogue(database().db, NOW);
  });

  /** A practice with one client whose transfer waits for them; its link's token. */
  async function openTransfer(practice: BuyingPractice, email: string) {
    const ctx = context();
    await placeOrder(ctx, practice, asker, randomUUID(), [
      {
        businessName: `Client of ${practice.name}`,
        email,
        plan: 'standard',
        startDate: '2026-11-26',
      },
    ]);
    const [client] = await practiceClients(ctx.db, practice.id);
    const asked = await requestTransfer(ctx, practice, asker, {
      subscriptionId: client!.id,
      effectiveDate: '2026-12-11',
      confirm: true,
    });
    if (asked.kind !== 'requested') throw new Error(`Not requested: ${asked.kind}`);
    const mail = (await listOutbox(ctx.db)).find(
      (sent) => sent.recipient === email && sent.text_body.includes('/t?token='),
    );
    const token = /\/t\?token=([A-Za-z0-9_.-]+)/.exec(mail!.text_body)![1]!;
    return { transferId: asked.transferId, token, clientId: client!.id };
  }

  it('closes an open transfer, audited, tells the client, and the link then changes nothing', async () => {
    const ctx = context();
    const practice = practiceOf('Withdraw & Co');
    const email = `w.${randomUUID().slice(0, 8)}@clients.example`;
    const { transferId, token, clientId } = await openTransfer(practice, email);

    expect(await withdrawTransfer(ctx, practice, asker, transferId)).toEqual({
      kind: 'withdrawn',
      businessName: 'Client of Withdraw & Co',
    });
    expect((await listTransfers(ctx.db, practice.id)).map((t) => t.status)).toEqual(['withdrawn']);
    const audit = await auditTrail(ctx.db, { kind: 'transfer', id: transferId });
    // Both entries carry the same moment, so their order is not told: compare them sorted.
    expect(audit.map((entry) => [entry.action, entry.actor]).sort()).toEqual([
      ['transfer-requested', asker.id],
      ['transfer-withdrawn', asker.id],
    ]);
    const told = (await listOutbox(ctx.db)).filter(
      (mail) => mail.recipient === email && mail.subject.includes('withdrew'),
    );
    expect(told).toHaveLength(1);
    expect(told[0]!.text_body).toContain('Nothing changes');

    expect(await readTransferLink(ctx, token)).toMatchObject({ status: 'withdrawn' });
    expect(await decideTransfer(ctx, token, true, 'client')).toEqual({ kind: 'withdrawn' });
    expect(
      (await practiceClients(ctx.db, practice.id)).find((c) => c.id === clientId),
    ).toMatchObject({ billedTo: 'practice' });
    // Withdrawn already: told so, with nothing written a second time.
    expect(await withdrawTransfer(ctx, practice, asker, transferId)).toEqual({
      kind: 'closed-already',
      businessName: 'Client of Withdraw & Co',
      status: 'withdrawn',
    });
    expect(await auditTrail(ctx.db, { kind: 'transfer', id: transferId })).toHaveLength(2);
  });

  it('refuses an answered transfer, and another practice’s is as if there were none', async () => {
    const ctx = context();
    const practice = practiceOf('Answered & Co');
    const other = practiceOf('Nosy & Co');
    const { transferId, token } = await openTransfer(
      practice,
      `a.${randomUUID().slice(0, 8)}@clients.example`,
    );
    expect(await withdrawTransfer(ctx, other, asker, transferId)).toEqual({ kind: 'not-found' });
    expect(await withdrawTransfer(ctx, practice, asker, randomUUID())).toEqual({
      kind: 'not-found',
    });
    expect(await decideTransfer(ctx, token, false, 'client')).toEqual({ kind: 'declined' });
    expect(await withdrawTransfer(ctx, practice, asker, transferId)).toMatchObject({
      kind: 'closed-already',
      status: 'declined',
    });
    const actions = (await auditTrail(ctx.db, { kind: 'transfer', id: transferId })).map(
      (entry) => entry.action,
    );
    expect(actions.sort()).toEqual(['transfer-declined', 'transfer-requested']);
  });

  it('lets exactly one of the client’s approval and the practice’s withdrawal win', async () => {
    const ctx = context();
    for (let round = 0; round < 4; round += 1) {
      const practice = practiceOf(`Race ${round}`);
      const { transferId, token, clientId } = await openTransfer(
        practice,
        `r${round}.${randomUUID().slice(0, 8)}@clients.example`,
      );
      const [approval, withdrawal] = await Promise.all([
        decideTransfer(ctx, token, true, 'client'),
        withdrawTransfer(ctx, practice, asker, transferId),
      ]);
      const approved = approval.kind === 'approved';
      expect(approved).toBe(withdrawal.kind === 'closed-already');
      expect(approved ? withdrawal : approval).toMatchObject(
        approved ? { kind: 'closed-already', status: 'approved' } : { kind: 'withdrawn' },
      );
      const [transfer] = await listTransfers(ctx.db, practice.id);
      expect(transfer!.status).toBe(approved ? 'approved' : 'withdrawn');
      const client = (await practiceClients(ctx.db, practice.id)).find((c) => c.id === clientId);
      expect(client!.billedTo).toBe(approved ? 'client' : 'practice');
      const actions = (await auditTrail(ctx.db, { kind: 'transfer', id: transferId })).map(
        (entry) => entry.action,
      );
      expect(actions.sort()).toEqual(
        [approved ? 'transfer-approved' : 'transfer-withdrawn', 'transfer-requested'].sort(),
      );
    }
  });
});
