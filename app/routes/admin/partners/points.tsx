import { useLoaderData, type ActionFunctionArgs } from 'react-router';
import { CommunityForm } from '~app/components/community/CommunityForm.tsx';
import { TextField } from '~app/components/community/CommunityFormFields.tsx';
import { pageToken } from '../../community/community.server.ts';
import {
  adjustPartnerPoints,
  answer,
  formTexts,
  programmeAdminLoader,
  runProgrammeAction,
  withRequestKey,
} from './partner-admin.server.ts';
import {
  AdminSection,
  FormOutcome,
  ProgrammeAdminPage,
  programmeAdminMeta,
} from './ProgrammeAdminPage.tsx';

export { headers } from '~app/personal-page.ts';

const HEADING = 'Partner programme: points adjustments';
const FIELDS = ['email', 'points', 'reason'] as const;

export const loader = programmeAdminLoader(() => ({ pageToken: pageToken() }));

export const meta = programmeAdminMeta(HEADING);

export async function action(args: ActionFunctionArgs) {
  return runProgrammeAction(args, {
    adjust: (form, admin, context) =>
      withRequestKey(form, async (requestKey) =>
        answer(
          form,
          await adjustPartnerPoints(context.db, {
            ...formTexts(form, FIELDS),
            adminId: admin.id,
            requestKey,
            at: context.clock.now(),
          }),
          `Adjusted by ${form.text('points').trim()} points for ${form.text('email').trim()}; the partner sees the reason in their ledger.`,
          FIELDS,
        ),
      ),
  });
}

export default function PartnerPointsAdminPage() {
  const { pageToken: token } = useLoaderData<typeof loader>();
  return (
    <ProgrammeAdminPage heading={HEADING}>
      <AdminSection id="adjust" title="Adjust a partner’s points">
        <p>
          An adjustment is an entry in the partner’s ledger with your reason, which they see. It
          counts towards their tier; a deduction the balance does not cover is refused.
        </p>
        <FormOutcome formId="adjust" />
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
      </AdminSection>
    </ProgrammeAdminPage>
  );
}
