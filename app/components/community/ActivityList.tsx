import { Link } from 'react-router';
import { useRouteContract } from '~app/site.ts';
import type { ActivityItem, ActivityKind } from '~core/community';
import { ideaPath } from '~core/routes';
import { MemberLine } from './MemberLine.tsx';
import { communityDate, postAnchor } from './display.ts';
import styles from './community.module.css';

/** What happened, in words that read after the person's name. */
const WHAT_HAPPENED: Readonly<Record<ActivityKind, string>> = {
  'discussion-started': 'started a discussion',
  answered: 'answered',
  commented: 'commented on',
  'best-answer': 'gave the best answer on',
  'idea-proposed': 'proposed an idea',
  'idea-commented': 'commented on the idea',
};

/** Recent activity, newest first: who did what on which discussion or idea, and when. */
export function ActivityList({
  items,
  emptyText,
  label,
  showActor = true,
}: {
  items: readonly ActivityItem[];
  emptyText: string;
  label: string;
  /** Off on a member's own profile, where every line is theirs. */
  showActor?: boolean;
}) {
  const contract = useRouteContract();
  if (items.length === 0) return <p className={styles.empty}>{emptyText}</p>;
  const subjectPath = (item: ActivityItem) => {
    const base =
      item.subject.kind === 'idea'
        ? ideaPath(item.subject.id)
        : (contract?.path('discussion', { id: item.subject.id }) ?? '#');
    return item.postId && item.postId !== item.subject.id
      ? `${base}#${postAnchor(item.postId)}`
      : base;
  };
  return (
    <ol className={styles.list} aria-label={label}>
      {items.map((item, index) => (
        <li key={`${item.at}-${item.postId ?? item.subject.id}-${index}`} className={styles.card}>
          {showActor ? (
            <MemberLine member={item.actor} date={item.at} />
          ) : (
            <time className={styles.muted} dateTime={item.at}>
              {communityDate(item.at)}
            </time>
          )}
          <p className={styles.cardTitle}>
            <span className={styles.muted}>
              {item.actor.name} {WHAT_HAPPENED[item.kind]}{' '}
            </span>
            <Link to={subjectPath(item)}>{item.subject.title}</Link>
          </p>
          {item.excerpt ? <p className={styles.cardText}>{item.excerpt}</p> : null}
        </li>
      ))}
    </ol>
  );
}
