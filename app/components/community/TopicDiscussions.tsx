import { Link } from 'react-router';
import { discussionListPath } from '~core/routes';
import { countLabel } from '~core/ui';
import { useRouteContract } from '~app/site.ts';
import { useViewer } from '~app/viewer.ts';
import { CommunityForm } from './CommunityForm.tsx';
import { DiscussionList, type DiscussionListItem } from './DiscussionList.tsx';
import { SignInLink } from './SignInLink.tsx';
import styles from './community.module.css';

/**
 * A topic's community discussions, for the knowledge-base topic page: the latest ones, a way to
 * start one in the topic, and following the topic (guests are asked to sign in).
 */
export function TopicDiscussions({
  topic,
  discussions,
  total,
  followedByViewer,
  anchor,
  className,
}: {
  topic: { id: string; name: string };
  discussions: readonly DiscussionListItem[];
  total: number;
  followedByViewer: boolean;
  anchor: string;
  className?: string;
}) {
  const contract = useRouteContract();
  const viewer = useViewer();
  const startPath = `${contract?.path('startDiscussion') ?? ''}?topicId=${encodeURIComponent(topic.id)}`;
  return (
    <section className={className} id={anchor} aria-labelledby={`${anchor}-heading`}>
      <div className={styles.headerRow}>
        <div>
          <h2 id={`${anchor}-heading`} className={styles.sectionTitle}>
            Community discussions
          </h2>
          <p className={styles.muted}>
            {countLabel(total, 'discussion')} about {topic.name}
          </p>
        </div>
        <div className={styles.actions}>
          {viewer.isGuest ? (
            <>
              <SignInLink returnTo={startPath} className={styles.button}>
                Start a discussion
              </SignInLink>
              <SignInLink anchor={anchor}>Follow topic</SignInLink>
            </>
          ) : (
            <>
              <Link className={styles.button} to={startPath}>
                Start a discussion
              </Link>
              <CommunityForm
                formId="follow-topic"
                intent={followedByViewer ? 'unfollow' : 'follow'}
                submitLabel={followedByViewer ? 'Following' : 'Follow topic'}
                buttonLabel={
                  followedByViewer
                    ? `Following ${topic.name}: stop following`
                    : `Follow ${topic.name}`
                }
                buttonPressed={followedByViewer}
                buttonClassName={styles.quietButton}
                className={styles.inlineForm}
              />
            </>
          )}
        </div>
      </div>
      <DiscussionList
        discussions={discussions}
        emptyText="No discussions in this topic yet. Ask the first question."
        viewAll={
          total > discussions.length
            ? {
                to: discussionListPath({ topicId: topic.id }),
                description: `${countLabel(total, 'discussion')} about ${topic.name}`,
              }
            : undefined
        }
      />
    </section>
  );
}
