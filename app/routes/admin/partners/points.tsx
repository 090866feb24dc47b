import {
  useLoaderData,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaArgs,
} from 'react-router';
import { CommunityForm, useFormResult } from '~app/components/community/CommunityForm.tsx';
import { TextField } from '~app/components/community/CommunityFormFields.tsx';
import communityStyles from '~app/components/community/community.module.css';
import { pageMeta } from '~app/meta.ts';
import { pageToken, rejected } from '../../community/community.server.ts';
import { PartnerAdminNav } from './PartnerAdminNav.tsx';
import {
  adjustPartnerPoints,
  answer,
  requireProgrammeAdmin,
  runProgrammeAction,
} from './partner-admin.server.ts';

export { headers } from '~app/personal-page.ts';

const HEADING = 'Partner programme: points adjustments';
const FIELDS = ['email', 'points', 'reason'] as const;

export function loader({ request, context }: LoaderFunctionArgs) {
  requireProgrammeAdmin(request, context);
  return { pageToken: pageToken() };
}

export function meta({ matches }: MetaArgs<typeof loader>) {
  return pageMeta(matches, () => HEADING, { noIndex: true });
}

export async function action(args: ActionFunctionArgs) {
  return runProgrammeAction(args, {
    adjust: async (form, admin, context) => {
      if (form.idempotencyKey === undefined)
        return rejected(form.formId, 'Reload the page and send the form again.', {}, 400);
      const change = await adjustPartnerPoints(context.db, {
        email: form.text('email'),
        points: form.text('points'),
        reason: form.text('reason'),
        adminId: admin.id,
        requestKey: form.idempotencyKey,
        at: context.clock.now(),
      });
      return answer(
        form,
        change,
        `Adjusted by ${form.text('points').trim()} points for ${form.text('email').trim()}; the partner sees the reason in their ledger.`,
        FIELDS,
      );
    },
  });
}

export default function PartnerPointsAdminPage() {
  const { pageToken: token } = useLoaderData<typeof loader>();
  const { done } = useFormResult('adjust');
  return (
    <div className={communityStyles.page}>
      <h1 className={communityStyles.title}>{HEADING}</h1>
      <PartnerAdminNav />
      <section className={communityStyles.section} aria-labelledby="adjust-heading">
        <h2 id="adjust-heading" className={communityStyles.sectionTitle}>
          Adjust a partner’s points
        </h2>
        <p>
          An adjustment is an entry in the partner’s ledger with your reason, which they see. It
          counts towards their tier; a deduction the balance does not cover is refused.
        </p>
        {done ? (
          <p role="status" className={communityStyles.notice}>
            {done.message}
          </p>
        ) : null}
        <CommunityForm
          key={token}
          formId="adjust"
          intent="adjust"
          pageToken={token}
          submitLabel="Adjust points"
          pendingLabel="Adjusting…"
          label="Adjust a partner's points"
        >
          <TextField
            name="email"
            label="Partner’s e-mail address"
            hint="The address they sign in with."
            required
            maxLength={254}
          />
          <TextField
            name="points"
            label="Points"
            hint="Negative to take points away, like -50."
            required
            maxLength={8}
          />
          <TextField
            name="reason"
            label="Reason"
            hint="Shown to the partner in their ledger."
            required
            maxLength={200}
          />
        </CommunityForm>
      </section>
    </div>
  );
}
