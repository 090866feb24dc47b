import { randomUUID } from 'node:crypto';
import type { CartRow } from '~core/subscriptions';
import { newRecordId } from '~server/db/ids.ts';
import { listOutbox } from '~server/modules/mail';
import {
  staffAudit,
  subscriptionLinks,
  type Actor,
  type BuyingPractice,
  type SubscriptionsContext,
} from './index.ts';

export const NOW = new Date('2026-11-26T01:00:00Z');
const SECRET = 'a session secret long enough for the derived keys';
export const ALL = { kind: 'all', from: '', to: '' } as const;

export const person = (name: string): Actor => ({
  id: newRecordId('user'),
  name,
  email: `${name.split(' ')[0]!.toLowerCase()}.${randomUUID().slice(0, 6)}@example.com`,
});
export const practiceOf = (name: string, tier = 'bronze'): BuyingPractice => ({
  id: randomUUID(),
  name,
  market: 'AU',
  tier,
});
export const row = (name: string, plan = 'standard', startDate = '2026-12-01'): CartRow => ({
  businessName: name,
  email: `${name.toLowerCase().replace(/\W+/g, '.')}@clients.example`,
  plan,
  startDate,
});

/** The token of the link e-mailed to an address for a path. */
export async function linkTokenFor(context: SubscriptionsContext, to: string, path: string) {
  const link = new RegExp(`${path}\\?token=([A-Za-z0-9_.-]+)`);
  const tokens = (await listOutbox(context.db))
    .filter((mail) => mail.recipient === to)
    .map((mail) => link.exec(mail.text_body)?.[1])
    .filter((token) => token !== undefined);
  if (tokens.length !== 1) throw new Error(`Not one ${path} link for ${to}`);
  return tokens[0]!;
}

/** Staff's audit trail, every page of it, newest first. */
export async function everyAuditEntry(db: SubscriptionsContext['db']) {
  const entries = [];
  let page = await staffAudit(db, undefined);
  entries.push(...page.rows);
  while (page.older) {
    page = await staffAudit(db, { direction: 'older', key: page.older });
    entries.push(...page.rows);
  }
  return entries;
}

/** The module's context over a test database, with the site's link shapes. */
export function subscriptionsContext(
  db: SubscriptionsContext['db'],
  now = NOW,
): SubscriptionsContext {
  return {
    db,
    now,
    signer: subscriptionLinks(SECRET),
    links: {
      activate: (token) => `https://help.example/s/subscription-changes/activate?token=${token}`,
      transfer: (token) => `https://help.example/s/subscription-changes/transfer?token=${token}`,
    },
  };
}
