import type { Kysely } from 'kysely';
import { digestMessage, digestWeek, digestWorthSending } from '~core/community';
import { createRouteContract } from '~core/routes';
import type { PortalConfig } from './config.ts';
import type { Database } from './db/schema.ts';
import { communityDigestOf } from '~server/modules/community';
import { queueMail } from '~server/modules/mail';
import {
  emailSubscribersOf,
  marketingMailLinks,
  type PreferenceLinks,
} from '~server/modules/privacy';

/**
 * The weekly community digest: the week's discussions from the community, its readers from the
 * communication preferences, each message with RFC 8058 one-click unsubscribe of the topic.
 * Queued at most once per address and week, however often the job runs.
 */
export async function sendCommunityDigest(
  db: Kysely<Database>,
  config: PortalConfig,
  links: PreferenceLinks,
  now: Date,
): Promise<number> {
  const digest = await communityDigestOf(db, config.siteUrl, now);
  if (!digestWorthSending(digest)) return 0;
  const readers = await emailSubscribersOf(db, 'community-digest');
  if (readers.length === 0) return 0;
  const week = digestWeek(now);
  // The preferences page's path does not depend on the product name.
  const contract = createRouteContract({ product: config.product, siteUrl: '', log: () => {} });
  const preferencesPath = contract.path('consentAndPreferences') ?? '';
  const site = { siteUrl: config.siteUrl, pageUrl: `${config.siteUrl}${preferencesPath}` };
  const messages = readers.map((email) => {
    const mailLinks = marketingMailLinks(links, site, email, now, 'community-digest');
    return {
      eventKey: `community-digest:${week}:${email}`,
      to: email,
      headers: mailLinks.headers,
      ...digestMessage(digest, {
        brand: config.brand,
        week,
        managePreferencesUrl: mailLinks.managePreferencesUrl,
      }),
    };
  });
  await queueMail(db, messages, now);
  return messages.length;
}
