import { useLoaderData, type ActionFunctionArgs } from 'react-router';
import { SERVICE_JOB_KINDS } from '~core/partner';
import communityStyles from '~app/components/community/community.module.css';
import * as programme from './partner-admin.server.ts';
import * as page from './AdminPage.tsx';
import styles from './partner-admin.module.css';

export { headers } from '~app/personal-page.ts';

const HEADING = 'Partner programme: managed-service jobs';
const FIELDS = ['title', 'kind', 'description', 'clientName', 'clientEmail'] as const;

export const meta = page.programmeAdminMeta(HEADING);

export const loader = programme.programmeAdminLoader(async (context) => ({
  jobs: await programme.recentServiceJobs(context.db),
}));

export async function action(args: ActionFunctionArgs) {
  return programme.runProgrammeAction(args, {
    offer: programme.adding(FIELDS, 'Job offered to every partner practice.', (db, sent, by) =>
      programme.offerJob(db, { ...sent, at: by.at }),
    ),
  });
}

const OFFER_GRID: readonly page.FieldSpec[] = [
  { name: 'title', label: 'Title', maxLength: 120 },
  { name: 'kind', label: 'Kind', maxLength: 40, options: SERVICE_JOB_KINDS },
  { name: 'clientName', label: 'Client’s name', maxLength: 120 },
  { name: 'clientEmail', label: 'Client’s e-mail address', maxLength: 254 },
];
const OFFER_TEXT: readonly page.FieldSpec[] = [
  { name: 'description', label: 'What the job is', maxLength: 2000, rows: 4 },
];

export default function PartnerServiceJobsAdminPage() {
  const { pageToken: token, jobs } = useLoaderData<typeof loader>();
  return (
    <page.ProgrammeAdminPage heading={HEADING}>
      <page.AdminSection
        id="offer"
        title="Offer a job"
        intro="Every partner practice sees the offer on its dashboard; the first to accept it takes it. The client is e-mailed a link to rate the work once it is completed."
      >
        <page.KeyedForm
          formId="offer"
          intent="offer"
          token={token}
          submitLabel="Offer job"
          pendingLabel="Offering…"
          label="Offer a job"
        >
          <page.AdminFields specs={OFFER_GRID} grid />
          <page.AdminFields specs={OFFER_TEXT} />
        </page.KeyedForm>
      </page.AdminSection>
      <page.AdminSection id="jobs" title="Latest jobs">
        <p className={communityStyles.meta}>The 50 latest, newest first.</p>
        {jobs.length === 0 ? (
          <p className={communityStyles.empty}>No job offered yet.</p>
        ) : (
          <div className={styles.tableWrap} tabIndex={0} role="region" aria-label="Latest jobs">
            <table className={communityStyles.table}>
              <thead>
                <tr>
                  <th scope="col">Job</th>
                  <th scope="col">Kind</th>
                  <th scope="col">Client</th>
                  <th scope="col">Status</th>
                  <th scope="col">Offered</th>
                </tr>
              </thead>
              <tbody>
                {jobs.map((job) => (
                  <tr key={job.id}>
                    <td>{job.title}</td>
                    <td>{job.kind}</td>
                    <td>{job.clientName}</td>
                    <td>{job.status}</td>
                    <td>{job.offeredAt.slice(0, 10)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </page.AdminSection>
    </page.ProgrammeAdminPage>
  );
}
