import { Link } from 'react-router';
import { useRouteContract } from '~app/site.ts';
import { communityDate, discussionCounts } from './display.ts';
import { DiscussionStatus } from './DiscussionStatus.tsx';
import { TopicTags } from './TopicTags.tsx';
import styles from './community.module.css';

/** What a list of discussions needs of each one (the service's DiscussionSummary fits). */
export interface DiscussionListItem {
  id: string;
  title: string;
  excerpt: string;
  author: { id: string; name: string };
  createdAt: string;
  answerCount: number;
  upvoteCount: number;
  answered: boolean;
  locked: boolean;
  hidden: boolean;
  topics: ReadonlyArray<{ id: string; name: string }>;
}

/** A short list's link to all of it: 'View all', named in full for assistive technology. */
export interface ViewAll {
  to: string;
  /** What all of it is, read after 'View all' ('recent discussions'). */
  description: string;
}

/**
 * Discussions as cards: the title linking to the discussion, an excerpt, and the meta of spec
 * 2.6 (date as 'D Month YYYY', 'Answered'), the asker, counts and topics. A short list (the
 * first few of many) links to all of them with `viewAll`.
 */
export function DiscussionList({
  discussions,
  headingLevel = 3,
  label,
  emptyText,
  viewAll,
}: {
  discussions: readonly DiscussionListItem[];
  headingLevel?: 2 | 3 | 4;
  label?: string;
  emptyText: string;
  viewAll?: ViewAll;
}) {
  const contract = useRouteContract();
  if (discussions.length === 0) return <p className={styles.empty}>{emptyText}</p>;
  const Heading = `h${headingLevel}` as const;
  return (
    <>
      <ul className={styles.list} aria-label={label}>
        {discussions.map((discussion) => (
          <li key={discussion.id} className={styles.card}>
            <Heading className={styles.cardTitle}>
              <Link to={contract?.path('discussion', { id: discussion.id }) ?? '#'}>
                {discussion.title}
              </Link>
            </Heading>
            {discussion.excerpt ? <p className={styles.cardText}>{discussion.excerpt}</p> : null}
            <ul className={styles.meta} aria-label="About this discussion">
              <li>
                <time dateTime={discussion.createdAt}>{communityDate(discussion.createdAt)}</time>
              </li>
              <DiscussionStatus
                answered={discussion.answered}
                locked={discussion.locked}
                hidden={discussion.hidden}
              />
              <li>{discussion.author.name}</li>
              {discussionCounts(discussion).map((count) => (
                <li key={count}>{count}</li>
              ))}
            </ul>
            <TopicTags topics={discussion.topics} />
          </li>
        ))}
      </ul>
      {viewAll ? (
        <p className={styles.actions}>
          <Link to={viewAll.to}>
            View all<span className="visually-hidden">{` ${viewAll.description}`}</span>
          </Link>
        </p>
      ) : null}
    </>
  );
}
