import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import {
  checkPreferenceLink,
  COMMUNICATION_TOPICS,
  marketingUnsubscribeUrl,
  oneClickUnsubscribeHeaders,
  type CommunicationTopic,
  preferenceChanges,
  preferenceLinkPayload,
  nextChangeTime,
  subscriptionsAfter,
  type PreferenceKey,
  type PreferenceLinkProblem,
  type PreferenceLinkPurpose,
  type PreferenceOffer,
  type PreferenceSource,
} from '~core/consent';
import { escapeHtml } from '~core/content';
import type { Database } from '~server/db/schema.ts';
import { queueMail } from '~server/modules/mail';
import type { PreferenceLinks } from './preference-links.ts';
import * as repository from './preferences.repository.ts';

/** One recorded change, as the history shows it. */
export interface PreferenceHistoryEntry {
  topic: string;
  channel: string;
  subscribed: boolean;
  source: string;
  changedAt: string;
}

export interface CommunicationPreferences {
  email: string;
  /** Whether the address was confirmed (double opt-in); e-mails wait for it. */
  confirmed: boolean;
  hasPhone: boolean;
  subscriptions: Set<PreferenceKey>;
  /** Newest first. */
  history: PreferenceHistoryEntry[];
}

/** An address's preferences; an address never seen has none and no history. */
export async function preferencesOf(
  db: Kysely<Database>,
  email: string,
): Promise<CommunicationPreferences> {
  const subscriber = await repository.findSubscriberByEmail(db, email);
  const changes = subscriber ? await repository.listPreferenceChanges(db, subscriber.id) : [];
  const entries = changes.map((row) => ({
    topic: row.topic,
    channel: row.channel,
    subscribed: Number(row.subscribed) === 1,
    source: row.source,
    changedAt: row.changed_at,
  }));
  return {
    email,
    confirmed: Boolean(subscriber?.confirmed_at),
    hasPhone: Boolean(subscriber?.phone),
    subscriptions: subscriptionsAfter(entries),
    history: entries.reverse(),
  };
}

/** What saving needs beyond the choice: who, from where, and how to reach them. */
export interface SaveContext {
  email: string;
  userId: string | null;
  offer: PreferenceOffer;
  source: PreferenceSource;
  now: Date;
  links: PreferenceLinks;
  /** The preferences page's absolute URL, which e-mailed links point to. */
  pageUrl: string;
  brand: string;
}

export interface SaveOutcome {
  changed: number;
  /** A confirmation e-mail was queued: e-mail subscriptions wait for the address's owner. */
  confirmationSent: boolean;
}

/** The absolute URL of a signed link to the preferences page. */
export function signedPageLink(
  links: PreferenceLinks,
  pageUrl: string,
  purpose: Exclude<PreferenceLinkPurpose, 'unsubscribe'>,
  email: string,
  now: Date,
): string {
  const token = links.sign(preferenceLinkPayload(purpose, email, now));
  return `${pageUrl}?${purpose === 'confirm' ? 'confirm' : 'token'}=${token}`;
}

function confirmationMail(context: SaveContext, subscriberId: string) {
  const confirm = signedPageLink(
    context.links,
    context.pageUrl,
    'confirm',
    context.email,
    context.now,
  );
  const hour = context.now.toISOString().slice(0, 13);
  return {
    // At most one a subscriber and hour, however often the form is sent.
    eventKey: `confirm-subscription:${subscriberId}:${hour}`,
    to: context.email,
    subject: `Confirm your ${context.brand} e-mail subscription`,
    text: [
      'Hello,',
      '',
      `Someone (we hope you) asked for ${context.brand} e-mails at this address.`,
      `Confirm it here within 7 days: ${confirm}`,
      '',
      'If it was not you, ignore this e-mail: nothing will be sent.',
    ].join('\n'),
    html: [
      '<p>Hello,</p>',
      `<p>Someone (we hope you) asked for ${escapeHtml(context.brand)} e-mails at this address.</p>`,
      `<p><a href="${escapeHtml(confirm)}">Confirm your subscription</a> within 7 days.</p>`,
      '<p>If it was not you, ignore this e-mail: nothing will be sent.</p>',
    ].join('\n'),
  };
}

/**
 * Saves one form: a new change row for each topic and channel that differs from what is in
 * force (nothing when nothing differs, so a form sent twice records once). Subscribing an
 * address that is not confirmed yet queues the confirmation e-mail of double opt-in.
 */
export async function savePreferences(
  db: Kysely<Database>,
  wanted: ReadonlySet<PreferenceKey>,
  context: SaveContext,
): Promise<SaveOutcome> {
  return db.transaction().execute(async (trx) => {
    const at = context.now.toISOString();
    await repository.insertSubscriberIfNew(trx, {
      id: randomUUID(),
      email: context.email,
      user_id: context.userId,
      phone: null,
      confirmed_at: null,
      created_at: at,
    });
    const subscriber = await repository.findSubscriberByEmail(trx, context.email);
    if (!subscriber) throw new Error(`The subscriber ${context.email} was not stored`);
    if (context.userId) await repository.linkSubscriberToUser(trx, subscriber.id, context.userId);
    const history = await repository.listPreferenceChanges(trx, subscriber.id);
    const current = subscriptionsAfter(
      history.map((row) => ({ ...row, subscribed: Number(row.subscribed) === 1 })),
    );
    // The subscription form only adds: whoever types an address there may ask for e-mails to it
    // (which wait for its owner's confirmation), never stop what its owner chose.
    const target = context.source === 'subscribe-form' ? new Set([...current, ...wanted]) : wanted;
    const changes = preferenceChanges(current, target, context.offer);
    await repository.insertPreferenceChanges(
      trx,
      changes.map((change) => ({
        id: randomUUID(),
        subscriber_id: subscriber.id,
        topic: change.topic,
        channel: change.channel,
        subscribed: change.subscribed ? 1 : 0,
        source: context.source,
        changed_at: nextChangeTime(context.now, history.at(-1)?.changed_at),
      })),
    );
    const confirmationSent =
      !subscriber.confirmed_at &&
      changes.some((change) => change.subscribed && change.channel === 'email');
    if (confirmationSent) {
      await queueMail(trx, [confirmationMail(context, subscriber.id)], context.now);
    }
    return { changed: changes.length, confirmationSent };
  });
}

export type LinkOutcome =
  { ok: true; email: string } | { ok: false; problem: PreferenceLinkProblem };

/** Checks a link of an e-mail: genuine, in time, and not for another signed-in address. */
export function checkLink(
  links: PreferenceLinks,
  token: string,
  purpose: PreferenceLinkPurpose,
  now: Date,
  signedInEmail: string | null,
): LinkOutcome {
  const payload = links.read(token, purpose);
  if (!payload) return { ok: false, problem: 'forged' };
  const problem = checkPreferenceLink(payload, now, signedInEmail);
  return problem ? { ok: false, problem } : { ok: true, email: payload.email };
}

/** Double opt-in's second step: the address's owner followed the confirmation link. */
export async function confirmAddress(
  db: Kysely<Database>,
  email: string,
  now: Date,
): Promise<boolean> {
  const subscriber = await repository.findSubscriberByEmail(db, email);
  if (!subscriber) return false;
  await repository.confirmSubscriber(db, subscriber.id, now.toISOString());
  return true;
}

/**
 * The headers and footer links a marketing or digest e-mail to this address carries: RFC 8058
 * one-click unsubscribe (of the topic, or of every marketing e-mail without one) and a signed
 * link to the preferences page.
 */
export function marketingMailLinks(
  links: PreferenceLinks,
  site: { siteUrl: string; pageUrl: string },
  email: string,
  now: Date,
  topic?: CommunicationTopic,
): { headers: Record<string, string>; managePreferencesUrl: string } {
  const token = links.sign(preferenceLinkPayload('unsubscribe', email, now, topic));
  return {
    headers: oneClickUnsubscribeHeaders(marketingUnsubscribeUrl(site.siteUrl, token)),
    managePreferencesUrl: signedPageLink(links, site.pageUrl, 'manage', email, now),
  };
}

/**
 * One-click unsubscribe: the link's topic (or every topic) stops on e-mail, recorded as changes
 * from 'one-click-unsubscribe'. A second POST changes nothing more.
 */
export async function unsubscribeByLink(
  db: Kysely<Database>,
  link: { email: string; topic?: string },
  context: Pick<SaveContext, 'now' | 'links' | 'pageUrl' | 'brand'>,
): Promise<number> {
  const current = (await preferencesOf(db, link.email)).subscriptions;
  if (current.size === 0) return 0;
  const wanted = new Set(
    [...current].filter(
      (key) =>
        !key.endsWith(':email') || (link.topic !== undefined && !key.startsWith(`${link.topic}:`)),
    ),
  );
  const { changed } = await savePreferences(db, wanted, {
    ...context,
    email: link.email,
    userId: null,
    // Every topic a partner or customer could have: the link stops them whatever was offered.
    offer: { topics: COMMUNICATION_TOPICS.map((topic) => topic.key), channels: ['email'] },
    source: 'one-click-unsubscribe',
  });
  return changed;
}

/**
 * The addresses a marketing or digest e-mail of this topic may go to now: confirmed (double
 * opt-in), and whose latest change of the topic on e-mail subscribed them.
 */
export async function emailSubscribersOf(
  db: Kysely<Database>,
  topic: CommunicationTopic,
): Promise<string[]> {
  const latest = new Map<string, boolean>();
  for (const row of await repository.listConfirmedChangesOfTopic(db, topic, 'email')) {
    latest.set(row.email, Number(row.subscribed) === 1);
  }
  return [...latest].filter(([, subscribed]) => subscribed).map(([email]) => email);
}
