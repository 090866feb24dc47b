import { useLoaderData, type ActionFunctionArgs } from 'react-router';
import { SERVICE_JOB_KINDS } from '~core/partner';
import { CommunityForm } from '~app/components/community/CommunityForm.tsx';
import {
  SelectField,
  TextArea,
  TextField,
} from '~app/components/community/CommunityFormFields.tsx';
import communityStyles from '~app/components/community/community.module.css';
import { pageToken } from '../../community/community.server.ts';
import {
  answer,
  formTexts,
  offerJob,
  programmeAdminLoader,
  recentServiceJobs,
  runProgrammeAction,
  withRequestKey,
} from './partner-admin.server.ts';
import {
  AdminSection,
  FormOutcome,
  ProgrammeAdminPage,
  programmeAdminMeta,
} from './ProgrammeAdminPage.tsx';
import styles from './partner-admin.module.css';

export { headers } from '~app/personal-page.ts';

const HEADING = 'Partner programme: managed-service jobs';
const FIELDS = ['title', 'kind', 'description', 'clientName', 'clientEmail'] as const;

export const loader = programmeAdminLoader(async (context) => ({
  pageToken: pageToken(),
  jobs: await recentServiceJobs(context.db),
}));

export const meta = programmeAdminMeta(HEADING);

export async function action(args: ActionFunctionArgs) {
  return runProgrammeAction(args, {
    offer: (form, _admin, context) =>
      withRequestKey(form, async (requestKey) =>
        answer(
          form,
          await offerJob(context.db, {
            ...formTexts(form, FIELDS),
            requestKey,
            at: context.clock.now(),
          }),
          'Job offered to every partner practice.',
          FIELDS,
        ),
      ),
  });
}

export default function PartnerServiceJobsAdminPage() {
  const { pageToken: token, jobs } = useLoaderData<typeof loader>();
  return (
    <ProgrammeAdminPage heading={HEADING}>
      <AdminSection id="offer" title="Offer a job">
        <p>
          Every partner practice sees the offer on its dashboard; the first to accept it takes it.
          The client is e-mailed a link to rate the work once it is completed.
        </p>
        <FormOutcome formId="offer" />
        <CommunityForm
          key={token}
          formId="offer"
          intent="offer"
          pageToken={token}
          submitLabel="Offer job"
          pendingLabel="Offering…"
          label="Offer a job"
        >
          <div className={styles.fields}>
            <TextField name="title" label="Title" required maxLength={120} />
            <SelectField
              name="kind"
              label="Kind"
              required
              options={SERVICE_JOB_KINDS}
              defaultValue={SERVICE_JOB_KINDS[0].value}
            />
            <TextField name="clientName" label="Client’s name" required maxLength={120} />
            <TextField
              name="clientEmail"
              label="Client’s e-mail address"
              required
              maxLength={254}
            />
          </div>
          <TextArea name="description" label="What the job is" required maxLength={2000} rows={4} />
        </CommunityForm>
      </AdminSection>
      <AdminSection id="jobs" title="Latest jobs">
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
      </AdminSection>
    </ProgrammeAdminPage>
  );
}
