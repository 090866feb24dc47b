import { Link, useLoaderData, type LoaderFunctionArgs, type MetaArgs } from 'react-router';
import { pageHeading } from '~core/routes';
import { listRecentActivity } from './community-service.server.ts';
import { Breadcrumbs } from '~app/components/Breadcrumbs.tsx';
import { ActivityList } from '~app/components/community/ActivityList.tsx';
import { pageNumber } from '~app/components/community/paging.ts';
import styles from '~app/components/community/community.module.css';
import { metaFromSeo, type PageSeo } from '~app/seo/content-meta.ts';
import { routeContractFor } from '~app/site.ts';
import { trail } from '../kb/page-data.server.ts';
import { communityContext } from './community.server.ts';

/** Lines per page of the feed. */
const PAGE_SIZE = 30;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { config } = context;
  const contract = routeContractFor(config);
  const page = pageNumber(new URL(request.url).searchParams.get('page'));
  // One line more than shown says whether there is a next page.
  const items = await listRecentActivity(communityContext(context), {
    offset: (page - 1) * PAGE_SIZE,
    limit: PAGE_SIZE + 1,
  });
  const heading = pageHeading('feed', config);
  const canonicalUrl = contract.url('feed') ?? config.siteUrl;
  const { breadcrumbs } = trail(
    contract,
    config.siteUrl,
    [{ label: pageHeading('community', config), path: contract.path('community') }],
    { label: heading, url: canonicalUrl },
  );
  const seo: PageSeo = {
    heading,
    description: `What is happening in the ${config.brand} Community: new discussions, answers, best answers and ideas.`,
    canonicalUrl,
    type: 'website',
  };
  return {
    seo,
    heading,
    breadcrumbs,
    items: items.slice(0, PAGE_SIZE),
    page,
    hasNext: items.length > PAGE_SIZE,
  };
}

export function meta({ loaderData, matches }: MetaArgs<typeof loader>) {
  return metaFromSeo(matches, loaderData?.seo);
}

export default function FeedPage() {
  const { seo, heading, breadcrumbs, items, page, hasNext } = useLoaderData<typeof loader>();
  return (
    <div className={styles.page}>
      <Breadcrumbs items={breadcrumbs} />
      <header className={styles.header}>
        <h1 className={styles.title}>{heading}</h1>
        <p className={styles.intro}>{seo.description}</p>
      </header>
      <ActivityList items={items} label="Recent activity" emptyText="Nothing has happened yet." />
      {page > 1 || hasNext ? (
        <nav aria-label="Feed pages" className={styles.actions}>
          {page > 1 ? (
            <Link className={styles.quietButton} to={page === 2 ? '?' : `?page=${page - 1}`}>
              Newer
            </Link>
          ) : null}
          {hasNext ? (
            <Link className={styles.quietButton} to={`?page=${page + 1}`}>
              Older
            </Link>
          ) : null}
        </nav>
      ) : null}
    </div>
  );
}
