import { Form, useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { CONFIGURATION_SUBJECTS, PARTNER_ADMIN_PATHS } from '~core/partner';
import { PageLinks } from '~app/components/community/PageLinks.tsx';
import communityStyles from '~app/components/community/community.module.css';
import { changesLoader } from './changes.server.ts';
import * as page from './AdminPage.tsx';
import styles from './partner-admin.module.css';

export { headers } from '~app/personal-page.ts';

const HEADING = 'Partner programme: configuration changes';

export async function loader(args: LoaderFunctionArgs) {
  return changesLoader(args);
}

export const meta = page.programmeAdminMeta(HEADING);

const INTRO =
  'Every change an admin made to tier thresholds, earning rules, onboarding steps, suggested steps, challenges, rewards and resources, newest first, with what each changed. Points adjustments are in the partners’ ledgers, each naming its admin.';

/** When, to the minute, in UTC as it is recorded. */
const minute = (at: string) => `${at.slice(0, 16).replace('T', ' ')} UTC`;

export default function PartnerConfigurationChangesPage() {
  const { kind, page: current, pageCount, total, entries } = useLoaderData<typeof loader>();
  const filter = kind === '' ? '' : `?kind=${encodeURIComponent(kind)}`;
  return (
    <page.ProgrammeAdminPage heading={HEADING}>
      <page.AdminSection id="changes" title="Changes" intro={INTRO}>
        <Form method="get" className={styles.filters} aria-label="Filter the changes">
          <label className={styles.filterField}>
            Kind
            <select name="kind" defaultValue={kind} className={communityStyles.select}>
              <option value="">All kinds</option>
              {CONFIGURATION_SUBJECTS.map((subject) => (
                <option key={subject.value} value={subject.value}>
                  {subject.label}
                </option>
              ))}
            </select>
          </label>
          <button type="submit" className={communityStyles.quietButton}>
            Show changes
          </button>
          <a
            className={communityStyles.quietButton}
            href={`${PARTNER_ADMIN_PATHS.changesCsv}${filter}`}
            download
          >
            Download CSV
          </a>
        </Form>
        <p role="status">
          {total === 1 ? '1 change' : `${total.toLocaleString('en')} changes`}
          {pageCount > 1 ? `, page ${current} of ${pageCount}` : ''}.
        </p>
        {entries.length === 0 ? (
          <p className={communityStyles.empty}>No change recorded here yet.</p>
        ) : (
          <div className={styles.tableWrap} tabIndex={0} role="region" aria-label="Changes">
            <table className={communityStyles.table}>
              <caption className="visually-hidden">Configuration changes, newest first</caption>
              <thead>
                <tr>
                  <th scope="col">When</th>
                  <th scope="col">Admin</th>
                  <th scope="col">Kind</th>
                  <th scope="col">Which</th>
                  <th scope="col">Change</th>
                </tr>
              </thead>
              <tbody>
                {entries.map((entry) => (
                  <tr key={entry.id}>
                    <td>{minute(entry.changedAt)}</td>
                    <td>
                      {entry.admin}
                      {entry.adminEmail ? (
                        <span className={communityStyles.meta}> ({entry.adminEmail})</span>
                      ) : null}
                    </td>
                    <td>{entry.kindLabel}</td>
                    <td>{entry.name}</td>
                    <td>{entry.summary}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        <PageLinks page={current} count={pageCount} label="Pages of the changes" />
      </page.AdminSection>
    </page.ProgrammeAdminPage>
  );
}
