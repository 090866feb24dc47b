import { discussionListPath, pageHeading, IDEAS_PATH, MODERATION_PATH } from '~core/routes';
import { Link, useLoaderData, type LoaderFunctionArgs, type MetaArgs } from 'react-router';
import { DISCUSSION_TABS, discussionTabFrom, discussionTabLabel } from '~core/community';
import { countLabel } from '~core/ui';
import { getCommunityHome } from './community-service.server.ts';
import { DiscussionList } from '~app/components/community/DiscussionList.tsx';
import { SignInLink } from '~app/components/community/SignInLink.tsx';
import styles from '~app/components/community/community.module.css';
import { Avatar } from '~app/components/ui/Avatar.tsx';
import { metaFromSeo, type PageSeo } from '~app/seo/content-meta.ts';
import { routeContractFor, useRouteContract } from '~app/site.ts';
import { useViewer } from '~app/viewer.ts';
import { communityContext, isAdmin } from './community.server.ts';

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { config } = context;
  const contract = routeContractFor(config);
  const home = await getCommunityHome(communityContext(context));
  const tab = discussionTabFrom(new URL(request.url).searchParams.get('tab'));
  const heading = pageHeading('community', config);
  const seo: PageSeo = {
    heading,
    description: `Ask questions, share answers and ideas with other ${config.brand} users, accountants and bookkeepers.`,
    canonicalUrl: contract.url('community') ?? config.siteUrl,
    type: 'website',
  };
  return {
    seo,
    heading,
    tab,
    discussions: home[tab],
    popularTopics: home.popularTopics,
    leaderboard: home.leaderboard,
    isAdmin: isAdmin(context),
  };
}

export function meta({ loaderData, matches }: MetaArgs<typeof loader>) {
  return metaFromSeo(matches, loaderData?.seo);
}

export default function CommunityHomePage() {
  const { seo, heading, tab, discussions, popularTopics, leaderboard, isAdmin } =
    useLoaderData<typeof loader>();
  const contract = useRouteContract();
  const viewer = useViewer();
  const startPath = contract?.path('startDiscussion') ?? '#';
  return (
    <div className={styles.page}>
      <div className={styles.headerRow}>
        <header className={styles.header}>
          <p className={styles.eyebrow}>Community</p>
          <h1 className={styles.title}>{heading}</h1>
          <p className={styles.intro}>{seo.description}</p>
        </header>
        {viewer.isGuest ? (
          <SignInLink className={styles.button} returnTo={startPath}>
            Start a discussion
          </SignInLink>
        ) : (
          <Link className={styles.button} to={startPath}>
            Start a discussion
          </Link>
        )}
      </div>
      <div className={styles.layout}>
        <section className={styles.main} aria-labelledby="discussions-heading">
          <h2 id="discussions-heading" className={styles.sectionTitle}>
            {discussionTabLabel(tab)} discussions
          </h2>
          <nav aria-label="Discussions to show">
            <ul className={styles.tabs}>
              {DISCUSSION_TABS.map((entry) => (
                <li key={entry.key}>
                  <Link
                    className={styles.tab}
                    to={entry.key === 'recent' ? '?' : `?tab=${entry.key}`}
                    aria-current={entry.key === tab ? 'page' : undefined}
                    preventScrollReset
                  >
                    {entry.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
          <DiscussionList
            discussions={discussions}
            viewAll={{
              to: discussionListPath({ tab }),
              description: `${discussionTabLabel(tab).toLowerCase()} discussions`,
            }}
            emptyText={
              tab === 'unanswered'
                ? 'Every discussion has a best answer. Nice work, everyone.'
                : 'No discussions yet. Start the first one.'
            }
          />
        </section>
        <aside className={styles.aside} aria-label="More from the community">
          <section className={styles.panel} aria-labelledby="topics-heading">
            <h2 id="topics-heading" className={styles.sideTitle}>
              Popular topics
            </h2>
            {popularTopics.length > 0 ? (
              <ul className={styles.plainList}>
                {popularTopics.map((topic) => (
                  <li key={topic.id}>
                    <Link to={contract?.path('topic', { id: topic.id }) ?? '#'}>{topic.name}</Link>{' '}
                    <span className={styles.muted}>
                      ({countLabel(topic.discussionCount, 'discussion')})
                    </span>
                  </li>
                ))}
              </ul>
            ) : (
              <p className={styles.empty}>No topics yet.</p>
            )}
            <p>
              <Link to={contract?.path('topicCatalog') ?? '#'}>All topics</Link>
            </p>
          </section>
          <section className={styles.panel} aria-labelledby="leaders-heading">
            <h2 id="leaders-heading" className={styles.sideTitle}>
              Helpful members
            </h2>
            {leaderboard.length > 0 ? (
              <ol className={styles.plainList}>
                {leaderboard.map((member) => (
                  <li key={member.id} className={styles.leader}>
                    <Avatar userName={member.name} uuid={member.id} decorative />
                    <span>
                      <Link to={contract?.path('user', { id: member.id }) ?? '#'}>
                        {member.name}
                      </Link>
                      <br />
                      <span className={styles.muted}>
                        {countLabel(member.bestAnswers, 'best answer')} ·{' '}
                        {countLabel(member.upvotes, 'upvote')}
                      </span>
                    </span>
                  </li>
                ))}
              </ol>
            ) : (
              <p className={styles.empty}>No answers yet.</p>
            )}
          </section>
          <nav className={styles.panel} aria-labelledby="more-heading">
            <h2 id="more-heading" className={styles.sideTitle}>
              More in the community
            </h2>
            <ul className={styles.plainList}>
              <li>
                <Link to={IDEAS_PATH}>Product ideas</Link>
              </li>
              <li>
                <Link to={contract?.path('feed') ?? '#'}>Recent activity</Link>
              </li>
              {viewer.isGuest ? null : (
                <li>
                  <Link to={contract?.path('myDiscussions') ?? '#'}>My discussions</Link>
                </li>
              )}
              {isAdmin ? (
                <li>
                  <Link to={MODERATION_PATH}>Moderation queue</Link>
                </li>
              ) : null}
            </ul>
          </nav>
        </aside>
      </div>
    </div>
  );
}
