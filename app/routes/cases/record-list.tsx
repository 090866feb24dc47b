import { Link, useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { pageHeading } from '~core/routes';
import { CaseList } from '~app/components/cases/CaseList.tsx';
import { PageLinks } from '~app/components/community/PageLinks.tsx';
import styles from '~app/components/community/community.module.css';
import { headedPageMeta } from '~app/meta.ts';
import { useRouteContract } from '~app/site.ts';
import { listCases } from './case-service.server.ts';
import { caseContext, loadOrNotFound } from './cases.server.ts';

/** /recordlist: the platform's generic list of records, here the visitor's cases. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const params = new URL(request.url).searchParams;
  const list = await loadOrNotFound(context, request, () =>
    listCases(caseContext(context), params),
  );
  return { heading: pageHeading('recordList', context.config), list };
}

export const meta = headedPageMeta('recordList', { noIndex: true });

export default function RecordListPage() {
  const { heading, list } = useLoaderData<typeof loader>();
  const contract = useRouteContract();
  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <h1 className={styles.title}>{heading}</h1>
        <p className={styles.intro}>
          Your support cases.{' '}
          <Link to={contract?.path('myCases') ?? '#'}>Search and filter them</Link>.
        </p>
      </header>
      <CaseList cases={list.cases} emptyText="You have no cases." />
      <PageLinks page={list.query.page} count={list.pageCount} label="Pages of your cases" />
    </div>
  );
}
