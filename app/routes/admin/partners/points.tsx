import { useLoaderData, type ActionFunctionArgs } from 'react-router';
import * as programme from './partner-admin.server.ts';
import * as page from './AdminPage.tsx';

export { headers } from '~app/personal-page.ts';

const HEADING = 'Partner programme: points adjustments';
const FIELDS = ['email', 'points', 'reason'] as const;

export const loader = programme.programmeAdminLoader(() => ({}));

export const meta = page.programmeAdminMeta(HEADING);

export async function action(args: ActionFunctionArgs) {
  return programme.runProgrammeAction(args, {
    adjust: (form, admin, context) =>
      programme.adding(
        FIELDS,
        `Adjusted by ${form.text('points').trim()} points for ${form.text('email').trim()}; the partner sees the reason in their ledger.`,
        (db, sent, by) => programme.adjustPartnerPoints(db, { ...sent, ...by }),
      )(form, admin, context),
  });
}

const ADJUSTMENT: readonly page.FieldSpec[] = [
  {
    name: 'email',
    label: 'Partner’s e-mail address',
    hint: 'The address they sign in with.',
    maxLength: 254,
  },
  {
    name: 'points',
    label: 'Points',
    hint: 'Negative to take points away, like -50.',
    maxLength: 8,
  },
  {
    name: 'reason',
    label: 'Reason',
    hint: 'Shown to the partner in their ledger.',
    maxLength: 200,
  },
];

export default function PartnerPointsAdminPage() {
  const { pageToken: token } = useLoaderData<typeof loader>();
  return (
    <page.ProgrammeAdminPage heading={HEADING}>
      <page.AdminSection
        id="adjust"
        title="Adjust a partner’s points"
        intro="An adjustment is an entry in the partner’s ledger with your reason, which they see. It counts towards their tier; a deduction the balance does not cover is refused."
      >
        <page.KeyedForm
          formId="adjust"
          intent="adjust"
          token={token}
          submitLabel="Adjust points"
          pendingLabel="Adjusting…"
          label="Adjust a partner's points"
        >
          <page.AdminFields specs={ADJUSTMENT} />
        </page.KeyedForm>
      </page.AdminSection>
    </page.ProgrammeAdminPage>
  );
}
