import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from 'react-router';
import { joinProgramme } from '~server/modules/partners';
import { acceptInvitation, readInvitation, type InvitationView } from '~server/modules/practices';
import { routeContractFor } from '~app/site.ts';
import { CSRF_REJECTED } from '../kb/csrf.server.ts';
import { rejected, requestPath, signInRedirect } from '../community/community.server.ts';
import { practiceUser } from '../practices/practices.server.ts';

/*
 * An invitation's link. Opening it only shows the invitation (a mail scanner following it joins
 * nobody); the person joins with the button, signed in with the address it was sent to.
 */

const PROBLEMS: Readonly<Record<Exclude<InvitationView['kind'], 'open' | 'joined'>, string>> = {
  invalid:
    'This invitation link is not valid. Check that the whole link was copied from the e-mail.',
  expired:
    'This invitation has expired. Ask the practice’s principal or primary contact to invite you again.',
  used: 'This invitation has been used already. Ask the practice to invite you again if you need to join.',
  withdrawn:
    'This invitation was withdrawn by the practice. Ask them to invite you again if you need to join.',
  'other-address':
    'This invitation was sent to another e-mail address. Sign in with the address the e-mail came to.',
  'member-elsewhere': 'You already belong to another practice. A person belongs to one practice.',
  'member-already': 'You already belong to this practice.',
};

function problemOf(view: InvitationView): string | undefined {
  if (view.kind === 'open' || view.kind === 'joined') return undefined;
  if (view.kind === 'member-elsewhere' || view.kind === 'member-already')
    return view.kind === 'member-elsewhere'
      ? `You already belong to ${view.practiceName}. A person belongs to one practice, so you cannot join a second one.`
      : `You already belong to ${view.practiceName}.`;
  return PROBLEMS[view.kind];
}

const tokenOf = (request: Request) => new URL(request.url).searchParams.get('token') ?? '';

const accountPath = (context: LoaderFunctionArgs['context']) =>
  `${routeContractFor(context.config).path('partnersAccount') ?? '/'}#practice`;

export async function joinPracticeLoader({ request, context }: LoaderFunctionArgs) {
  const user = practiceUser(context);
  if (!user) throw signInRedirect(context, requestPath(request));
  const token = tokenOf(request);
  const view = await readInvitation({ db: context.db, now: context.clock.now() }, user, token);
  const problem = problemOf(view);
  if (problem) return { kind: 'problem' as const, message: problem };
  if (view.kind !== 'open' && view.kind !== 'joined')
    return { kind: 'problem' as const, message: '' };
  return {
    kind: view.kind,
    token,
    practiceName: view.practiceName,
    roleLabel: view.roleLabel,
    invitedBy: view.invitedBy,
    accountPath: accountPath(context),
  };
}

export async function joinPracticeAction({ request, context }: ActionFunctionArgs) {
  const form = await request.formData();
  if (!context.verifyCsrf(form)) return rejected('join', CSRF_REJECTED.message, {}, 403);
  const user = practiceUser(context);
  if (!user) throw signInRedirect(context, requestPath(request));
  const token = form.get('token');
  const now = context.clock.now();
  const view = await acceptInvitation(
    { db: context.db, now },
    user,
    typeof token === 'string' ? token : '',
  );
  if (view.kind === 'joined') {
    // Joining a practice makes the person a partner: the programme's first step is done.
    await joinProgramme(context.db, user.id, now);
    throw redirect(accountPath(context), 303);
  }
  return rejected('join', problemOf(view) ?? PROBLEMS.invalid, {}, 409);
}
