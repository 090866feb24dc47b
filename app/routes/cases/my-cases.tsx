import { Form, Link, useLoaderData, type LoaderFunctionArgs } from 'react-router';
import {
  caseListSearch,
  CASE_SORTS,
  CASE_SORT_LABELS,
  CASE_STATUS_LABELS,
  STATUS_FILTERS,
  type StatusFilter,
} from '~core/cases';
import { pageHeading } from '~core/routes';
import { Breadcrumbs } from '~app/components/Breadcrumbs.tsx';
import { CaseList } from '~app/components/cases/CaseList.tsx';
import caseStyles from '~app/components/cases/cases.module.css';
import { PageLinks } from '~app/components/community/PageLinks.tsx';
import styles from '~app/components/community/community.module.css';
import { headedPageMeta } from '~app/meta.ts';
import { routeContractFor, useRouteContract } from '~app/site.ts';
import { trail } from '../kb/page-data.server.ts';
import { listCases } from './case-service.server.ts';
import { caseContext, loadOrNotFound } from './cases.server.ts';

const FILTER_LABELS: Readonly<Record<StatusFilter, string>> = {
  all: 'All statuses',
  active: 'Still being worked on',
  ...CASE_STATUS_LABELS,
};

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { config } = context;
  const params = new URL(request.url).searchParams;
  const list = await loadOrNotFound(context, request, () =>
    listCases(caseContext(context), params),
  );
  const contract = routeContractFor(config);
  const heading = pageHeading('myCases', config);
  const { breadcrumbs } = trail(contract, config.siteUrl, [], {
    label: heading,
    url: contract.url('myCases') ?? config.siteUrl,
  });
  return { heading, breadcrumbs, list };
}

export const meta = headedPageMeta('myCases', { noIndex: true });

export default function MyCasesPage() {
  const { heading, breadcrumbs, list } = useLoaderData<typeof loader>();
  const contract = useRouteContract();
  const { query } = list;
  const here = contract?.path('myCases') ?? '';
  const tabHref = (scope: 'mine' | 'organisation') =>
    `${here}${caseListSearch({ scope, status: 'all', text: '', sort: 'updated', page: 1 })}`;
  const listName = query.scope === 'organisation' ? "your organisation's cases" : 'your cases';
  return (
    <div className={styles.page}>
      <Breadcrumbs items={breadcrumbs} />
      <div className={styles.headerRow}>
        <header className={styles.header}>
          <h1 className={styles.title}>{heading}</h1>
          <p className={styles.intro}>
            Follow your support cases, reply to them and rate the help.
          </p>
        </header>
        <Link className={styles.button} to={contract?.path('raiseSupportCase') ?? '#'}>
          Raise a support case
        </Link>
      </div>
      {list.seesOrganisation ? (
        <nav aria-label="Whose cases" className={styles.tabs}>
          <Link
            className={styles.tab}
            to={tabHref('mine')}
            aria-current={query.scope === 'mine' ? 'page' : undefined}
          >
            My cases
          </Link>
          <Link
            className={styles.tab}
            to={tabHref('organisation')}
            aria-current={query.scope === 'organisation' ? 'page' : undefined}
          >
            Organisation&apos;s cases
          </Link>
        </nav>
      ) : null}
      <Form method="get" className={caseStyles.filters} aria-label={`Filter ${listName}`}>
        {query.scope === 'organisation' ? (
          <input type="hidden" name="tab" value="organisation" />
        ) : null}
        <label>
          Search
          <input
            className={styles.input}
            type="search"
            name="q"
            defaultValue={query.text}
            placeholder="Words or a case number"
          />
        </label>
        <label>
          Status
          <select className={styles.select} name="status" defaultValue={query.status}>
            {STATUS_FILTERS.map((filter) => (
              <option key={filter} value={filter}>
                {FILTER_LABELS[filter]}
              </option>
            ))}
          </select>
        </label>
        <label>
          Sort by
          <select className={styles.select} name="sort" defaultValue={query.sort}>
            {CASE_SORTS.map((sort) => (
              <option key={sort} value={sort}>
                {CASE_SORT_LABELS[sort]}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className={styles.quietButton}>
          Show cases
        </button>
      </Form>
      <p role="status">
        {list.total === 1 ? '1 case' : `${list.total} cases`}
        {list.pageCount > 1 ? `, page ${query.page} of ${list.pageCount}` : ''}.
      </p>
      <CaseList
        cases={list.cases}
        emptyText={
          query.text !== '' || query.status !== 'all'
            ? 'No cases match. Try other words or another status.'
            : 'No cases yet. When you raise one, it shows here.'
        }
      />
      <PageLinks page={query.page} count={list.pageCount} label={`Pages of ${listName}`} />
    </div>
  );
}
