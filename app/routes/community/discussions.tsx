import { Link, useLoaderData, type LoaderFunctionArgs, type MetaArgs } from 'react-router';
import {
  DISCUSSION_TABS,
  discussionTabFrom,
  discussionTabLabel,
  type DiscussionSummary,
  type DiscussionTab,
} from '~core/community';
import { discussionListPath, pageHeading } from '~core/routes';
import { countLabel } from '~core/ui';
import { Breadcrumbs } from '~app/components/Breadcrumbs.tsx';
import { DiscussionList } from '~app/components/community/DiscussionList.tsx';
import { PageLinks } from '~app/components/community/PageLinks.tsx';
import { pageCount, pageNumber } from '~app/components/community/paging.ts';
import styles from '~app/components/community/community.module.css';
import { metaFromSeo, type PageSeo } from '~app/seo/content-meta.ts';
import { routeContractFor } from '~app/site.ts';
import { notFound, trail } from '../kb/page-data.server.ts';
import { listTabDiscussions, listTopicDiscussions } from './community-service.server.ts';
import { communityContext } from './community.server.ts';

/** Discussions per page of these lists. */
const PAGE_SIZE = 20;

interface DiscussionListPage {
  heading: string;
  /** The list's name within a sentence ('unanswered discussions'). */
  name: string;
  /** The home tab listed, or null for a topic's list. */
  tab: DiscussionTab | null;
  filter: { tab: DiscussionTab } | { topicId: string };
  discussions: DiscussionSummary[];
  total: number;
}

/**
 * Every discussion of a tab of the community home, or of a topic: what their 'View all' links
 * open, a page at a time.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { config } = context;
  const contract = routeContractFor(config);
  const query = new URL(request.url).searchParams;
  const page = pageNumber(query.get('page'));
  const community = communityContext(context);
  const range = { offset: (page - 1) * PAGE_SIZE, limit: PAGE_SIZE };
  const topicId = query.get('topicId');
  let list: DiscussionListPage;
  if (topicId !== null) {
    const found = await listTopicDiscussions(community, topicId, range);
    if (!found) return notFound();
    list = {
      heading: `Discussions about ${found.topic.name}`,
      name: `discussions about ${found.topic.name}`,
      tab: null,
      filter: { topicId },
      discussions: found.discussions,
      total: found.total,
    };
  } else {
    const tab = discussionTabFrom(query.get('tab'));
    const found = await listTabDiscussions(community, tab, range);
    list = {
      heading: `${discussionTabLabel(tab)} discussions`,
      name: `${discussionTabLabel(tab).toLowerCase()} discussions`,
      tab,
      filter: { tab },
      discussions: found.discussions,
      total: found.total,
    };
  }
  const canonicalUrl = `${config.siteUrl}${discussionListPath(list.filter, page)}`;
  const { breadcrumbs } = trail(
    contract,
    config.siteUrl,
    [{ label: pageHeading('community', config), path: contract.path('community') }],
    { label: list.heading, url: canonicalUrl },
  );
  const seo: PageSeo = {
    heading: page > 1 ? `${list.heading}, page ${page}` : list.heading,
    description: `${countLabel(list.total, 'discussion')} in the ${config.brand} Community.`,
    canonicalUrl,
    type: 'website',
  };
  return { seo, breadcrumbs, ...list, page, pages: pageCount(list.total, PAGE_SIZE) };
}

export function meta({ loaderData, matches }: MetaArgs<typeof loader>) {
  return metaFromSeo(matches, loaderData?.seo);
}

export default function DiscussionListPage() {
  const { seo, breadcrumbs, heading, name, tab, discussions, total, page, pages } =
    useLoaderData<typeof loader>();
  return (
    <div className={styles.page}>
      <Breadcrumbs items={breadcrumbs} />
      <header className={styles.header}>
        <p className={styles.eyebrow}>Community</p>
        <h1 className={styles.title}>{heading}</h1>
        <p className={styles.intro}>
          {`${countLabel(total, 'discussion')}${pages > 1 ? `, page ${page} of ${pages}` : ''}.`}
        </p>
      </header>
      {tab ? (
        <nav aria-label="Discussions to show">
          <ul className={styles.tabs}>
            {DISCUSSION_TABS.map((entry) => (
              <li key={entry.key}>
                <Link
                  className={styles.tab}
                  to={discussionListPath({ tab: entry.key })}
                  aria-current={entry.key === tab ? 'page' : undefined}
                >
                  {entry.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
      <DiscussionList
        discussions={discussions}
        headingLevel={2}
        label={seo.heading}
        emptyText={page > 1 ? 'There are no discussions on this page.' : 'No discussions yet.'}
      />
      <PageLinks page={page} count={pages} label={`Pages of ${name}`} />
    </div>
  );
}
