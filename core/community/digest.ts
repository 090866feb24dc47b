import { escapeHtml } from '../content/index.ts';

/**
 * The weekly community digest (the 'community-digest' topic of communication preferences):
 * popular and unanswered discussions of the week, sent to confirmed subscribers.
 */

export const DIGEST_PERIOD_MS = 7 * 24 * 60 * 60 * 1000;
/** Discussions per section: a digest is read at a glance. */
export const DIGEST_SECTION_SIZE = 5;

export interface DigestDiscussion {
  title: string;
  /** Absolute link to the discussion. */
  url: string;
  answers: number;
}

export interface CommunityDigest {
  popular: DigestDiscussion[];
  unanswered: DigestDiscussion[];
}

/** The Monday (UTC) that starts the digest's week: one digest per address and week. */
export function digestWeek(now: Date): string {
  const day = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  const sinceMonday = (day.getUTCDay() + 6) % 7;
  day.setUTCDate(day.getUTCDate() - sinceMonday);
  return day.toISOString().slice(0, 10);
}

/** A week without new activity sends nothing: an empty digest is noise. */
export function digestWorthSending(digest: CommunityDigest): boolean {
  return digest.popular.length > 0 || digest.unanswered.length > 0;
}

const answersText = (answers: number) =>
  answers === 0 ? 'no answers yet' : `${answers} ${answers === 1 ? 'answer' : 'answers'}`;

/** The digest's subject, text and HTML, with the footer's preference link. */
export function digestMessage(
  digest: CommunityDigest,
  context: { brand: string; week: string; managePreferencesUrl: string },
): { subject: string; text: string; html: string } {
  const sections = [
    { heading: 'Popular this week', items: digest.popular },
    { heading: 'Waiting for an answer', items: digest.unanswered },
  ].filter((section) => section.items.length > 0);
  const text = [
    `Your ${context.brand} community this week`,
    '',
    ...sections.flatMap((section) => [
      section.heading,
      ...section.items.map((item) => `- ${item.title} (${answersText(item.answers)}): ${item.url}`),
      '',
    ]),
    'You get this e-mail because you subscribed to community digests.',
    `Change what we send you, or unsubscribe: ${context.managePreferencesUrl}`,
  ].join('\n');
  const html = [
    `<h1>Your ${escapeHtml(context.brand)} community this week</h1>`,
    ...sections.flatMap((section) => [
      `<h2>${escapeHtml(section.heading)}</h2>`,
      '<ul>',
      ...section.items.map(
        (item) =>
          `<li><a href="${escapeHtml(item.url)}">${escapeHtml(item.title)}</a> (${answersText(item.answers)})</li>`,
      ),
      '</ul>',
    ]),
    `<p>You get this e-mail because you subscribed to community digests. <a href="${escapeHtml(context.managePreferencesUrl)}">Change what we send you, or unsubscribe</a>.</p>`,
  ].join('\n');
  return { subject: `${context.brand} community digest, week of ${context.week}`, text, html };
}
