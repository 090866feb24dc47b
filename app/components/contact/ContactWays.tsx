import type { ChatAvailability, ContactWay } from '~core/contact';
import styles from '../community/community.module.css';
import { useRouteContract } from '~app/site.ts';
import { LocalTime, useVisitorTimeZone } from './LocalTime.tsx';
import contactStyles from './contact.module.css';

export type WayAvailability =
  | 'always'
  | ChatAvailability
  | { open: true; closesAt: string }
  | { open: false; opensAt: string | undefined };

const WAYS: Readonly<
  Record<ContactWay, { title: string; text: string; pageKey: string; action: string }>
> = {
  chat: {
    title: 'Chat with us',
    text: 'Our assistant answers from the help articles at once; ask for a person at any time.',
    pageKey: 'chatSupport',
    action: 'Start a chat',
  },
  callback: {
    title: 'Request a callback',
    text: 'Leave your number and an agent calls you back, as soon as possible or at a time you choose.',
    pageKey: 'requestCallback',
    action: 'Request a callback',
  },
  'book-a-call': {
    title: 'Book a call',
    text: 'Choose a time that suits you, and an agent calls you then.',
    pageKey: 'bookACall',
    action: 'Book a call',
  },
  case: {
    title: 'Raise a case',
    text: 'Describe the problem in writing; we answer by e-mail and on the case page.',
    pageKey: 'raiseSupportCase',
    action: 'Raise a case',
  },
  community: {
    title: 'Ask the community',
    text: 'Other customers and our experts answer questions at any hour.',
    pageKey: 'community',
    action: 'Go to the community',
  },
};

/** Every way to reach people in the visitor's region, open now or saying when it opens. */
export function ContactWays({
  ways,
  regionZone,
  topic,
  seen,
}: {
  ways: ReadonlyArray<{ way: ContactWay; availability: WayAvailability }>;
  regionZone: string;
  topic: string | undefined;
  seen: string | undefined;
}) {
  const contract = useRouteContract();
  const zone = useVisitorTimeZone(regionZone);
  return (
    <ul className={contactStyles.ways}>
      {ways.map(({ way, availability }) => {
        const about = WAYS[way];
        const query = new URLSearchParams({
          ...(topic && way !== 'community' ? { topic } : {}),
          ...(seen && way !== 'community' ? { seen } : {}),
        }).toString();
        const path = contract?.path(about.pageKey) ?? '#';
        const closed = typeof availability !== 'string' && !availability.open;
        return (
          <li key={way} className={contactStyles.way}>
            <h3 className={contactStyles.wayTitle}>{about.title}</h3>
            <p className={styles.cardText}>{about.text}</p>
            <p>
              {availability === 'always' ? (
                <span className={contactStyles.open}>Available now</span>
              ) : availability === 'agents' ? (
                <span className={contactStyles.open}>Available now: agents are online</span>
              ) : availability === 'assistant' ? (
                <span className={contactStyles.open}>
                  Available now with our assistant; no agent is online, so a request for a person
                  becomes a case
                </span>
              ) : availability.open ? (
                <span className={contactStyles.open}>
                  Open now, until <LocalTime at={availability.closesAt} zone={zone} style="time" />
                </span>
              ) : availability.opensAt ? (
                <span className={contactStyles.closed}>
                  Closed now. Opens <LocalTime at={availability.opensAt} zone={zone} />
                </span>
              ) : (
                <span className={contactStyles.closed}>Closed in your region</span>
              )}
            </p>
            {closed ? null : (
              <a className={styles.button} href={query ? `${path}?${query}` : path}>
                {about.action}
              </a>
            )}
          </li>
        );
      })}
    </ul>
  );
}
