import {
  Link,
  redirect,
  useActionData,
  useLoaderData,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
} from 'react-router';
import { pageHeading } from '~core/routes';
import { Breadcrumbs } from '~app/components/Breadcrumbs.tsx';
import { CommunityForm, useFormResult } from '~app/components/community/CommunityForm.tsx';
import { TextField } from '~app/components/community/CommunityFormFields.tsx';
import styles from '~app/components/community/community.module.css';
import { communityDate } from '~app/components/community/display.ts';
import { headedPageMeta } from '~app/meta.ts';
import { routeContractFor, useRouteContract } from '~app/site.ts';
import { trail } from '../kb/page-data.server.ts';
import { done } from '../community/community.server.ts';
import { acceptInvitation, getCasePeople, inviteToCase } from './case-service.server.ts';
import { caseContext, loadOrNotFound, requireSignIn, runCaseAction } from './cases.server.ts';

/** Why an invitation link gave no access, in words the invitee can act on. */
const REFUSALS = {
  invalid: 'This invitation link is not valid. Ask the person who invited you to send a new one.',
  expired: 'This invitation has expired. Ask the person who invited you to send a new one.',
  used: 'This invitation has already been used. Ask the person who invited you to send a new one.',
  'other-address':
    'This invitation was sent to another e-mail address. Sign in with the address it was sent to, or ask for an invitation to yours.',
} as const;

export { headers } from '~app/personal-page.ts';

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { config } = context;
  requireSignIn(context, request);
  const params = new URL(request.url).searchParams;
  const caseId = params.get('caseId') ?? '';
  const contract = routeContractFor(config);
  const heading = pageHeading('caseInvite', config);
  const { breadcrumbs } = trail(
    contract,
    config.siteUrl,
    [{ label: pageHeading('myCases', config), path: contract.path('myCases') }],
    { label: heading, url: contract.url('caseInvite', { id: caseId }) ?? config.siteUrl },
  );
  // An invitee arrives with the link's secret; the case stays hidden until they accept.
  const invitation = params.get('invitation');
  if (invitation !== null) return { kind: 'invitation' as const, heading, breadcrumbs, invitation };
  const people = await loadOrNotFound(context, request, () =>
    getCasePeople(caseContext(context), caseId),
  );
  return { kind: 'manage' as const, heading, breadcrumbs, caseId, people };
}

export const meta = headedPageMeta('caseInvite', { noIndex: true });

export async function action(args: ActionFunctionArgs) {
  const contract = routeContractFor(args.context.config);
  const caseId = new URL(args.request.url).searchParams.get('caseId') ?? '';
  return runCaseAction(args, {
    invite: async (form, cases) => {
      const { email } = await inviteToCase(cases, caseId, { email: form.text('email') });
      return done('invite', `We sent an invitation to ${email}.`);
    },
    accept: async (form, cases) => {
      const outcome = await acceptInvitation(cases, caseId, form.text('invitation'));
      if (outcome.kind === 'accepted') {
        return redirect(contract.path('case', { id: outcome.caseId }) ?? '/', 303);
      }
      return { refused: REFUSALS[outcome.kind] };
    },
  });
}

export default function CaseInvitePage() {
  const page = useLoaderData<typeof loader>();
  return (
    <div className={styles.page}>
      <Breadcrumbs items={page.breadcrumbs} />
      <header className={styles.header}>
        <h1 className={styles.title}>{page.heading}</h1>
      </header>
      {page.kind === 'invitation' ? (
        <AcceptInvitation invitation={page.invitation} />
      ) : (
        <ManagePeople caseId={page.caseId} people={page.people} />
      )}
    </div>
  );
}

function AcceptInvitation({ invitation }: { invitation: string }) {
  const result = useActionData<{ refused?: string }>();
  const refused = result && 'refused' in result ? result.refused : undefined;
  if (refused) {
    return (
      <div className={styles.notice} role="alert">
        <p>{refused}</p>
      </div>
    );
  }
  return (
    <>
      <p className={styles.intro}>
        You have been invited to follow a support case. Once you accept, you can read and reply to
        it, and you get its e-mails.
      </p>
      <CommunityForm
        formId="accept"
        intent="accept"
        hidden={{ invitation }}
        submitLabel="Accept and open the case"
        label="Accept the invitation"
      />
    </>
  );
}

function ManagePeople({
  caseId,
  people,
}: {
  caseId: string;
  people: {
    caseNumber: string;
    subject: string;
    pendingInvitations: { email: string; expiresAt: string }[];
  };
}) {
  const contract = useRouteContract();
  const invited = useFormResult('invite').done;
  return (
    <>
      <p className={styles.intro}>
        Case {people.caseNumber}:{' '}
        <Link to={contract?.path('case', { id: caseId }) ?? '#'}>{people.subject}</Link>. People you
        invite can read and reply to the case and get its e-mails. The link works once, for 7 days.
      </p>
      {invited ? <p role="status">{invited.message}</p> : null}
      <CommunityForm
        formId="invite"
        intent="invite"
        submitLabel="Send invitation"
        label="Invite someone"
      >
        <TextField name="email" label="Their e-mail address" required maxLength={254} />
      </CommunityForm>
      <h2 className={styles.sectionTitle}>Invitations not yet accepted</h2>
      {people.pendingInvitations.length > 0 ? (
        <ul className={styles.plainList}>
          {people.pendingInvitations.map((invitation, index) => (
            <li key={`${invitation.email}-${index}`}>
              {invitation.email}, until {communityDate(invitation.expiresAt)}
            </li>
          ))}
        </ul>
      ) : (
        <p className={styles.muted}>None.</p>
      )}
    </>
  );
}
