import {
  Form,
  Link,
  useLoaderData,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
} from 'react-router';
import {
  formatPoints,
  LEDGER_ENTRY_KINDS,
  LEDGER_ENTRY_LABELS,
  ledgerFilterSearch,
  PARTNER_POINTS_CSV_PATH,
} from '~core/partner';
import { pageHeading } from '~core/routes';
import { dayLabel } from '~app/components/partners/ChallengeCard.tsx';
import { NotPartner } from '~app/components/partners/NotPartner.tsx';
import styles from '~app/components/partners/partners.module.css';
import communityStyles from '~app/components/community/community.module.css';
import { headedPageMeta } from '~app/meta.ts';
import { useRouteContract, useSiteConfig } from '~app/site.ts';
import { accountLoader } from './account.server.ts';
import { practiceAction } from './account-practice.server.ts';
import { NoPractice, PracticePeople } from './PracticePeople.tsx';

export async function loader(args: LoaderFunctionArgs) {
  return accountLoader(args);
}

export async function action(args: ActionFunctionArgs) {
  return practiceAction(args);
}

export const meta = headedPageMeta('partnersAccount', { noIndex: true });

export default function PartnerAccountPage() {
  const page = useLoaderData<typeof loader>();
  const config = useSiteConfig();
  const contract = useRouteContract();
  const heading = config ? pageHeading('partnersAccount', config) : '';
  if (page.kind === 'not-partner') return <NotPartner heading={heading} />;
  const { account, filter } = page;
  const filtered = filter.kind !== 'all' || filter.from !== '' || filter.to !== '';
  const expiringTotal = account.expiring.reduce((sum, lot) => sum + lot.points, 0);
  return (
    <div className={communityStyles.page}>
      <header className={communityStyles.header}>
        <p className={communityStyles.eyebrow}>Partner programme</p>
        <h1 className={communityStyles.title}>{heading}</h1>
      </header>
      {page.practice ? (
        <PracticePeople section={page.practice} />
      ) : (
        <NoPractice createPath={page.createPath} />
      )}
      <section
        id="partner-program-points"
        className={styles.section}
        aria-labelledby="points-heading"
      >
        <h2 id="points-heading">Points and tier</h2>
        <div className={styles.badgeRow}>
          {account.badgeImage ? (
            <img
              src={`/img/${account.badgeImage}`}
              alt={`${account.tierLabel ?? ''} tier badge`}
              width={64}
              height={64}
            />
          ) : null}
          <p>
            {account.tierLabel ? (
              <strong>{`${account.tierLabel} tier`}</strong>
            ) : (
              'You have no points yet.'
            )}
            {account.nextTier ? (
              <span className={styles.meta}>
                {`${formatPoints(account.nextTier.missing)} more tier points to ${account.nextTier.label} (from ${formatPoints(account.nextTier.threshold)})`}
              </span>
            ) : (
              <span className={styles.meta}>You have reached the top tier.</span>
            )}
          </p>
        </div>
        <dl className={styles.stats}>
          <div className={styles.stat}>
            <dt>Points to spend</dt>
            <dd>{formatPoints(account.balance)}</dd>
          </div>
          <div className={styles.stat}>
            <dt>Tier points</dt>
            <dd>{formatPoints(account.tierPoints)}</dd>
          </div>
        </dl>
        {account.expiring.length > 0 ? (
          <div className={styles.warning}>
            <p>
              <strong>{`${formatPoints(expiringTotal)} points expire soon.`}</strong> Spend them on
              a <Link to={contract?.path('partnersChallengesAndRewards') ?? '#'}>reward</Link>{' '}
              before they lapse.
            </p>
            <ul>
              {account.expiring.map((lot, index) => (
                <li key={`${lot.expiresAt}-${index}`}>
                  {`${formatPoints(lot.points)} points on ${dayLabel(lot.expiresAt)}`}
                </li>
              ))}
            </ul>
          </div>
        ) : null}
        <h3>Points ledger</h3>
        <Form method="get" className={styles.filters} aria-label="Filter the points ledger">
          <label>
            Type
            <select className={communityStyles.select} name="kind" defaultValue={filter.kind}>
              <option value="all">All entries</option>
              {LEDGER_ENTRY_KINDS.map((kind) => (
                <option key={kind} value={kind}>
                  {LEDGER_ENTRY_LABELS[kind]}
                </option>
              ))}
            </select>
          </label>
          <label>
            From
            <input
              className={communityStyles.input}
              type="date"
              name="from"
              defaultValue={filter.from}
            />
          </label>
          <label>
            To
            <input
              className={communityStyles.input}
              type="date"
              name="to"
              defaultValue={filter.to}
            />
          </label>
          <button type="submit" className={communityStyles.quietButton}>
            Show entries
          </button>
          <a
            className={communityStyles.quietButton}
            href={`${PARTNER_POINTS_CSV_PATH}${ledgerFilterSearch(filter)}`}
            download
          >
            Download CSV
          </a>
        </Form>
        <p role="status">
          {account.entries.length === 1 ? '1 entry' : `${account.entries.length} entries`}
          {account.truncated ? ' shown; download the CSV for them all' : ''}
          {filtered ? ' match the filter.' : '.'}
        </p>
        {account.entries.length === 0 ? (
          <p>
            {filtered
              ? 'No entries match. Try another type or dates.'
              : 'No points yet. Certify, add a client or join a challenge to earn your first.'}
          </p>
        ) : (
          <div className={styles.tableWrap}>
            <table className={styles.table}>
              <caption className="visually-hidden">Points ledger, newest first</caption>
              <thead>
                <tr>
                  <th scope="col">Date</th>
                  <th scope="col">Type</th>
                  <th scope="col">Reason</th>
                  <th scope="col" className={styles.points}>
                    Points
                  </th>
                </tr>
              </thead>
              <tbody>
                {account.entries.map((entry) => (
                  <tr key={entry.id}>
                    <td>{dayLabel(entry.occurredAt)}</td>
                    <td>{LEDGER_ENTRY_LABELS[entry.kind]}</td>
                    <td>{entry.reason}</td>
                    <td className={styles.points}>
                      {entry.points > 0
                        ? `+${formatPoints(entry.points)}`
                        : formatPoints(entry.points)}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </div>
  );
}
