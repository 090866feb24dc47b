import {
  Link,
  redirect,
  useLoaderData,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
} from 'react-router';
import { pageHeading } from '~core/routes';
import {
  followDiscussion,
  followTopic,
  listFollows,
  listMyDiscussions,
} from './community-service.server.ts';
import { Breadcrumbs } from '~app/components/Breadcrumbs.tsx';
import { CommunityForm } from '~app/components/community/CommunityForm.tsx';
import { DiscussionList } from '~app/components/community/DiscussionList.tsx';
import styles from '~app/components/community/community.module.css';
import { headedPageMeta } from '~app/meta.ts';
import { routeContractFor, useRouteContract } from '~app/site.ts';
import { trail } from '../kb/page-data.server.ts';
import { communityContext, loadOrRespond, runCommunityAction } from './community.server.ts';

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { config } = context;
  const community = communityContext(context);
  // A guest is asked to sign in and comes back here.
  const [discussions, follows] = await loadOrRespond(context, request, () =>
    Promise.all([listMyDiscussions(community), listFollows(community)]),
  );
  const contract = routeContractFor(config);
  const heading = pageHeading('myDiscussions', config);
  const { breadcrumbs } = trail(
    contract,
    config.siteUrl,
    [{ label: pageHeading('community', config), path: contract.path('community') }],
    { label: heading, url: contract.url('myDiscussions') ?? config.siteUrl },
  );
  return { heading, breadcrumbs, discussions, follows };
}

export const meta = headedPageMeta('myDiscussions', { noIndex: true });

export async function action(args: ActionFunctionArgs) {
  const path = routeContractFor(args.context.config).path('myDiscussions') ?? '/';
  return runCommunityAction(args, {
    unfollow: async (form, community) => {
      if (form.text('kind') === 'topic') await followTopic(community, form.text('targetId'), false);
      else await followDiscussion(community, form.text('targetId'), false);
      return redirect(`${path}#following`, 303);
    },
  });
}

export default function MyDiscussionsPage() {
  const { heading, breadcrumbs, discussions, follows } = useLoaderData<typeof loader>();
  const contract = useRouteContract();
  return (
    <div className={styles.page}>
      <Breadcrumbs items={breadcrumbs} />
      <div className={styles.headerRow}>
        <header className={styles.header}>
          <h1 className={styles.title}>{heading}</h1>
          <p className={styles.intro}>
            Discussions you started or answered, newest activity first.
          </p>
        </header>
        <Link className={styles.button} to={contract?.path('startDiscussion') ?? '#'}>
          Start a discussion
        </Link>
      </div>
      <div className={styles.layout}>
        <section className={styles.main} aria-labelledby="mine-heading">
          <h2 id="mine-heading" className={styles.sectionTitle}>
            Your discussions
          </h2>
          <DiscussionList
            discussions={discussions}
            emptyText="You have not started or answered a discussion yet."
          />
        </section>
        <section className={styles.aside} id="following" aria-labelledby="following-heading">
          <h2 id="following-heading" className={styles.sideTitle}>
            Following
          </h2>
          <p className={styles.muted}>
            You get an e-mail when these get a new answer or a best answer.
          </p>
          {follows.length > 0 ? (
            <ul className={styles.plainList}>
              {follows.map((follow) => (
                <li key={`${follow.kind}-${follow.id}`} className={styles.card}>
                  <p className={styles.cardTitle}>
                    <span className={styles.muted}>{follow.kind === 'topic' ? 'Topic: ' : ''}</span>
                    <Link to={contract?.path(follow.kind, { id: follow.id }) ?? '#'}>
                      {follow.title}
                    </Link>
                  </p>
                  <CommunityForm
                    formId={`unfollow-${follow.id}`}
                    intent="unfollow"
                    hidden={{ kind: follow.kind, targetId: follow.id }}
                    submitLabel="Stop following"
                    buttonLabel={`Stop following ${follow.title}`}
                    buttonClassName={styles.quietButton}
                    className={styles.inlineForm}
                  />
                </li>
              ))}
            </ul>
          ) : (
            <p className={styles.empty}>You are not following anything yet.</p>
          )}
        </section>
      </div>
    </div>
  );
}
