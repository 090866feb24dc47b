/** Spec 1 'Marketing communication preferences': what the portal may write to people about. */
export const COMMUNICATION_TOPICS = [
  {
    key: 'product-news',
    name: 'Product news',
    description: 'New features and changes in the products you use.',
    partnersOnly: false,
  },
  {
    key: 'webinars-events',
    name: 'Webinars and events',
    description: 'Invitations to live webinars, events and conferences near you.',
    partnersOnly: false,
  },
  {
    key: 'learning',
    name: 'Learning',
    description: 'New courses, certifications and learning paths.',
    partnersOnly: false,
  },
  {
    key: 'partner-programme',
    name: 'Partner programme',
    description: 'Programme news, offers and tier updates for partners.',
    partnersOnly: true,
  },
  {
    key: 'community-digest',
    name: 'Community digests',
    description: 'A weekly summary of popular and unanswered community discussions.',
    partnersOnly: false,
  },
] as const;

export type CommunicationTopic = (typeof COMMUNICATION_TOPICS)[number]['key'];

export const COMMUNICATION_CHANNELS = ['email', 'sms'] as const;
export type CommunicationChannel = (typeof COMMUNICATION_CHANNELS)[number];

export const CHANNEL_NAMES: Readonly<Record<CommunicationChannel, string>> = {
  email: 'E-mail',
  sms: 'SMS',
};

/** Where a change came from, kept with it. */
export const PREFERENCE_SOURCES = [
  'preferences-page',
  'email-link',
  'subscribe-form',
  'one-click-unsubscribe',
] as const;
export type PreferenceSource = (typeof PREFERENCE_SOURCES)[number];

export const PREFERENCE_SOURCE_NAMES: Readonly<Record<PreferenceSource, string>> = {
  'preferences-page': 'Preferences page, signed in',
  'email-link': 'Preferences page, from an e-mail link',
  'subscribe-form': 'Subscription form',
  'one-click-unsubscribe': 'One-click unsubscribe in an e-mail',
};

/** One topic on one channel, as a form field's value: 'learning:email'. */
export type PreferenceKey = `${CommunicationTopic}:${CommunicationChannel}`;

export function preferenceKey(topic: CommunicationTopic, channel: CommunicationChannel) {
  return `${topic}:${channel}` as PreferenceKey;
}

/** What one person is offered: partners see the partner programme; SMS only with a number. */
export interface PreferenceOffer {
  topics: readonly CommunicationTopic[];
  channels: readonly CommunicationChannel[];
}

export function preferenceOffer(person: { isPartner: boolean; hasPhone: boolean }) {
  return {
    topics: COMMUNICATION_TOPICS.filter((topic) => person.isPartner || !topic.partnersOnly).map(
      (topic) => topic.key,
    ),
    channels: person.hasPhone ? COMMUNICATION_CHANNELS : (['email'] as const),
  } satisfies PreferenceOffer;
}

export function offeredKeys(offer: PreferenceOffer): PreferenceKey[] {
  return offer.topics.flatMap((topic) =>
    offer.channels.map((channel) => preferenceKey(topic, channel)),
  );
}

/** The boxes ticked in a submitted form, keeping only what was offered. */
export function wantedPreferences(
  values: readonly unknown[],
  offer: PreferenceOffer,
): Set<PreferenceKey> {
  const offered = new Set<string>(offeredKeys(offer));
  return new Set(
    values.filter(
      (value): value is PreferenceKey => typeof value === 'string' && offered.has(value),
    ),
  );
}

export interface PreferenceChange {
  topic: CommunicationTopic;
  channel: CommunicationChannel;
  subscribed: boolean;
}

/**
 * The changes that take the current subscriptions to the wanted ones, within the offer: one per
 * pair that differs, none when nothing does (so saving the same form twice records nothing).
 * What is not offered (the partner programme for someone no longer a partner) stays as it is.
 */
export function preferenceChanges(
  current: ReadonlySet<PreferenceKey>,
  wanted: ReadonlySet<PreferenceKey>,
  offer: PreferenceOffer,
): PreferenceChange[] {
  const changes: PreferenceChange[] = [];
  for (const topic of offer.topics) {
    for (const channel of offer.channels) {
      const key = preferenceKey(topic, channel);
      if (current.has(key) !== wanted.has(key)) {
        changes.push({ topic, channel, subscribed: wanted.has(key) });
      }
    }
  }
  return changes;
}

/**
 * When a new change of an address is recorded: now, or just after its latest change when that
 * is not earlier. Changes are read in the order of their times, so two in the same millisecond
 * (a subscription, then at once a one-click unsubscribe) would otherwise be read in either order.
 */
export function nextChangeTime(now: Date, latest: string | undefined): string {
  const after = latest === undefined ? Number.NEGATIVE_INFINITY : Date.parse(latest) + 1;
  return new Date(Math.max(now.getTime(), after)).toISOString();
}

/**
 * The subscriptions in force after a history of changes given oldest first: the latest change
 * of each pair decides.
 */
export function subscriptionsAfter(
  changes: ReadonlyArray<{ topic: string; channel: string; subscribed: boolean }>,
): Set<PreferenceKey> {
  const state = new Set<PreferenceKey>();
  for (const change of changes) {
    const key = `${change.topic}:${change.channel}` as PreferenceKey;
    if (change.subscribed) state.add(key);
    else state.delete(key);
  }
  return state;
}

export function topicName(topic: string): string {
  return COMMUNICATION_TOPICS.find((entry) => entry.key === topic)?.name ?? topic;
}

/** An address as the portal keeps and compares it; undefined when it is not one. */
export function normaliseEmail(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const email = value.trim().toLowerCase();
  return email.length <= 254 && /^[^\s@<>",;]+@[^\s@<>",;]+\.[^\s@<>",;]+$/.test(email)
    ? email
    : undefined;
}
