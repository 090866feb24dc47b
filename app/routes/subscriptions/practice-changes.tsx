import { Form, Link, useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { pageHeading } from '~core/routes';
import { SUBSCRIPTION_CHANGES_CSV_PATH } from '~core/subscriptions';
import communityStyles from '~app/components/community/community.module.css';
import { NotPartner } from '~app/components/partners/NotPartner.tsx';
import { headedPageMeta } from '~app/meta.ts';
import { useRouteContract, useSiteConfig } from '~app/site.ts';
import { ChangesTable } from './ChangesTable.tsx';
import { CHANGE_KIND_LABELS } from './labels.ts';
import { NoPractice } from './NoPractice.tsx';
import { practiceChangesLoader } from './practice-changes.server.ts';
import styles from './subscriptions.module.css';

export async function loader(args: LoaderFunctionArgs) {
  return practiceChangesLoader(args);
}

export const meta = headedPageMeta('partnersSubscriptionChanges', { noIndex: true });

export default function PracticeSubscriptionChangesPage() {
  const page = useLoaderData<typeof loader>();
  const config = useSiteConfig();
  const contract = useRouteContract();
  const heading = config ? pageHeading('partnersSubscriptionChanges', config) : '';
  if (page.kind === 'not-partner') return <NotPartner heading={heading} />;
  if (page.kind === 'no-practice') return <NoPractice heading={heading} />;
  const { filters, changes } = page;
  const filtered = filters.kinds.length > 0 || filters.from !== '' || filters.to !== '';
  return (
    <div className={communityStyles.page}>
      <header className={communityStyles.header}>
        <p className={communityStyles.eyebrow}>{page.practiceName}</p>
        <h1 className={communityStyles.title}>{heading}</h1>
        <p className={communityStyles.intro}>
          Every change to your clients’ subscriptions, whoever made it: new, upgraded, downgraded,
          transferred and cancelled.
        </p>
      </header>
      <p>
        <Link to={contract?.path('buyMultipleSubscriptions') ?? '#'}>Buy for several clients</Link>
        {' · '}
        <Link to={contract?.path('transferSubscriptions') ?? '#'}>Transfer a subscription</Link>
      </p>
      <Form method="get" className={styles.filters} aria-label="Filter the changes">
        <fieldset className={communityStyles.fieldset}>
          <legend className={communityStyles.legend}>Kind of change</legend>
          <div className={communityStyles.checkboxes}>
            {Object.entries(CHANGE_KIND_LABELS).map(([kind, label]) => (
              <label key={kind} className={communityStyles.checkbox}>
                <input
                  type="checkbox"
                  name="kind"
                  value={kind}
                  defaultChecked={filters.kinds.includes(kind as (typeof filters.kinds)[number])}
                />
                {label}
              </label>
            ))}
          </div>
        </fieldset>
        <label className={styles.filterField}>
          Effective from
          <input
            className={communityStyles.input}
            type="date"
            name="from"
            defaultValue={filters.from}
          />
        </label>
        <label className={styles.filterField}>
          Effective to
          <input
            className={communityStyles.input}
            type="date"
            name="to"
            defaultValue={filters.to}
          />
        </label>
        <button type="submit" className={communityStyles.quietButton}>
          Show changes
        </button>
        <a
          className={communityStyles.quietButton}
          href={`${SUBSCRIPTION_CHANGES_CSV_PATH}${page.query}`}
          download
        >
          Download CSV
        </a>
      </Form>
      <p role="status">
        {changes.length === 1 ? '1 change' : `${changes.length} changes`}
        {filtered ? ' match the filter.' : '.'}
      </p>
      {changes.length === 0 ? (
        <p className={communityStyles.empty}>
          {filtered
            ? 'No changes match. Try other kinds or dates.'
            : 'No changes yet. Buy subscriptions for your clients to start their history.'}
        </p>
      ) : (
        <ChangesTable changes={changes} caption="Subscription changes, newest first" showClient />
      )}
    </div>
  );
}
