import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '~server/db/schema.ts';
import { demoAccount, findUserBySubject } from '~server/modules/identity';
import { insertConsentRecord } from './consent-records.repository.ts';
import * as repository from './preferences.repository.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
const DEMO_SUBJECT = 'demo-customer';

/**
 * The demo customer's communication preferences and cookie choices, so the preferences page
 * shows a history on first start: a confirmed address with a mobile number, subscriptions
 * changed over a month, and two cookie choices. Written once: an address already there is kept.
 */
export async function seedDemoPrivacy(
  db: Kysely<Database>,
  issuer: string,
  now: Date = new Date(),
): Promise<void> {
  const account = demoAccount(DEMO_SUBJECT);
  if (!account) return;
  const user = await findUserBySubject(db, issuer, DEMO_SUBJECT);
  if (!user || (await repository.findSubscriberByEmail(db, account.email))) return;
  const daysAgo = (days: number) => new Date(now.getTime() - days * DAY_MS).toISOString();
  await db.transaction().execute(async (trx) => {
    const id = randomUUID();
    await repository.insertSubscriberIfNew(trx, {
      id,
      email: account.email,
      user_id: user.id,
      phone: '+61 400 000 000',
      confirmed_at: daysAgo(30),
      created_at: daysAgo(30),
    });
    const change = (days: number, topic: string, channel: string, on: boolean, source: string) => ({
      id: randomUUID(),
      subscriber_id: id,
      topic,
      channel,
      subscribed: on ? 1 : 0,
      source,
      changed_at: daysAgo(days),
    });
    await repository.insertPreferenceChanges(trx, [
      change(30, 'product-news', 'email', true, 'subscribe-form'),
      change(30, 'community-digest', 'email', true, 'subscribe-form'),
      change(12, 'learning', 'sms', true, 'preferences-page'),
      change(4, 'product-news', 'email', false, 'one-click-unsubscribe'),
    ]);
    const visitorId = randomUUID();
    const record = (days: number, groups: string, method: string) => ({
      id: randomUUID(),
      visitor_id: visitorId,
      user_id: user.id,
      groups,
      method,
      policy_version: 1,
      region: 'AU',
      global_privacy_control: 0,
      recorded_at: daysAgo(days),
    });
    await insertConsentRecord(trx, record(20, 'FUNC,PERF,TARG', 'accept-all'));
    await insertConsentRecord(trx, record(3, 'PERF', 'choose'));
  });
}
