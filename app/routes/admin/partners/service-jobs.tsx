import {
  useLoaderData,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaArgs,
} from 'react-router';
import { SERVICE_JOB_KINDS } from '~core/partner';
import { CommunityForm, useFormResult } from '~app/components/community/CommunityForm.tsx';
import {
  SelectField,
  TextArea,
  TextField,
} from '~app/components/community/CommunityFormFields.tsx';
import communityStyles from '~app/components/community/community.module.css';
import { pageMeta } from '~app/meta.ts';
import { pageToken, rejected } from '../../community/community.server.ts';
import { PartnerAdminNav } from './PartnerAdminNav.tsx';
import {
  answer,
  offerJob,
  recentServiceJobs,
  requireProgrammeAdmin,
  runProgrammeAction,
} from './partner-admin.server.ts';
import styles from './partner-admin.module.css';

export { headers } from '~app/personal-page.ts';

const HEADING = 'Partner programme: managed-service jobs';
const FIELDS = ['title', 'kind', 'description', 'clientName', 'clientEmail'] as const;

export async function loader({ request, context }: LoaderFunctionArgs) {
  requireProgrammeAdmin(request, context);
  return { pageToken: pageToken(), jobs: await recentServiceJobs(context.db) };
}

export function meta({ matches }: MetaArgs<typeof loader>) {
  return pageMeta(matches, () => HEADING, { noIndex: true });
}

export async function action(args: ActionFunctionArgs) {
  return runProgrammeAction(args, {
    offer: async (form, _admin, context) => {
      if (form.idempotencyKey === undefined)
        return rejected(form.formId, 'Reload the page and send the form again.', {}, 400);
      const change = await offerJob(context.db, {
        title: form.text('title'),
        kind: form.text('kind'),
        description: form.text('description'),
        clientName: form.text('clientName'),
        clientEmail: form.text('clientEmail'),
        requestKey: form.idempotencyKey,
        at: context.clock.now(),
      });
      return answer(form, change, 'Job offered to every partner practice.', FIELDS);
    },
  });
}

export default function PartnerServiceJobsAdminPage() {
  const { pageToken: token, jobs } = useLoaderData<typeof loader>();
  const { done } = useFormResult('offer');
  return (
    <div className={communityStyles.page}>
      <h1 className={communityStyles.title}>{HEADING}</h1>
      <PartnerAdminNav />
      <section className={communityStyles.section} aria-labelledby="offer-heading">
        <h2 id="offer-heading" className={communityStyles.sectionTitle}>
          Offer a job
        </h2>
        <p>
          Every partner practice sees the offer on its dashboard; the first to accept it takes it.
          The client is e-mailed a link to rate the work once it is completed.
        </p>
        {done ? (
          <p role="status" className={communityStyles.notice}>
            {done.message}
          </p>
        ) : null}
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
      </section>
      <section className={communityStyles.section} aria-labelledby="jobs-heading">
        <h2 id="jobs-heading" className={communityStyles.sectionTitle}>
          Latest jobs
        </h2>
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
      </section>
    </div>
  );
}
