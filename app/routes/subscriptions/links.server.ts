import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from 'react-router';
import { CSRF_REJECTED } from '../kb/csrf.server.ts';
import { done, rejected, requestPath, signInRedirect } from '../community/community.server.ts';
import { routeContractFor } from '~app/site.ts';
import { TRANSFER_WITHDRAWN } from './labels.ts';
import {
  activateSubscription,
  actorOf,
  decideTransfer,
  readTransferLink,
  subscriptionsContext,
} from './subscriptions.server.ts';

/*
 * The pages the e-mailed links open. Following a link changes nothing: the client presses a
 * button to activate, approve or decline, so a mail scanner opening the link does no harm.
 */

const tokenOf = (request: Request) => new URL(request.url).searchParams.get('token') ?? '';

const LINK_PROBLEMS = {
  expired: 'This link has expired. Ask your accountant to send it again.',
  invalid: 'This link is not valid. Check that the whole address from the e-mail was opened.',
} as const;

/** Activating needs a sign-in: the subscription becomes the signed-in person's own. */
export async function activateLoader({ request, context }: LoaderFunctionArgs) {
  if (!context.viewer.user) throw signInRedirect(context, requestPath(request));
  const token = tokenOf(request);
  const link = context.subscriptionLinks.read(token, 'activate', context.clock.now());
  if (link === undefined) return { kind: 'problem' as const, message: LINK_PROBLEMS.invalid };
  if (link === 'expired') return { kind: 'problem' as const, message: LINK_PROBLEMS.expired };
  return { kind: 'ready' as const, token };
}

export async function activateAction({ request, context }: ActionFunctionArgs) {
  const form = await request.formData();
  if (!context.verifyCsrf(form)) return rejected('activate', CSRF_REJECTED.message, {}, 403);
  const user = context.viewer.user;
  if (!user) throw signInRedirect(context, requestPath(request));
  const token = form.get('token');
  const outcome = await activateSubscription(
    subscriptionsContext(context),
    typeof token === 'string' ? token : '',
    actorOf(user),
  );
  const own = routeContractFor(context.config).path('subscriptionChanges') ?? '/';
  if (outcome.kind === 'activated') throw redirect(own, 303);
  if (outcome.kind === 'already') {
    return rejected('activate', 'This subscription has been activated already.', {}, 409);
  }
  return rejected('activate', LINK_PROBLEMS[outcome.kind], {}, 400);
}

export async function transferDecisionLoader({ request, context }: LoaderFunctionArgs) {
  const token = tokenOf(request);
  const transfer = await readTransferLink(subscriptionsContext(context), token);
  if (transfer === undefined) return { kind: 'problem' as const, message: LINK_PROBLEMS.invalid };
  if (transfer === 'expired') return { kind: 'problem' as const, message: LINK_PROBLEMS.expired };
  return {
    kind: 'transfer' as const,
    token,
    transfer: {
      businessName: transfer.businessName,
      direction: transfer.direction,
      effectiveDate: transfer.effectiveDate,
      prorated: transfer.prorated,
      status: transfer.status,
    },
  };
}

/** Whoever holds the e-mailed link answers for the client; a signed-in person is recorded. */
export async function transferDecisionAction({ request, context }: ActionFunctionArgs) {
  const form = await request.formData();
  if (!context.verifyCsrf(form)) return rejected('decision', CSRF_REJECTED.message, {}, 403);
  const token = form.get('token');
  const approve = form.get('intent') === 'approve';
  const outcome = await decideTransfer(
    subscriptionsContext(context),
    typeof token === 'string' ? token : '',
    approve,
    context.viewer.user?.id ?? 'client by e-mailed link',
  );
  switch (outcome.kind) {
    case 'approved':
      return done(
        'decision',
        'Thank you: the transfer is approved and the billing moves on the day shown.',
      );
    case 'declined':
      return done('decision', 'Thank you: the transfer is declined and nothing changes.');
    case 'decided-already':
      return rejected('decision', 'This transfer has been answered already.', {}, 409);
    case 'withdrawn':
      return rejected('decision', TRANSFER_WITHDRAWN, {}, 409);
    default:
      return rejected('decision', LINK_PROBLEMS[outcome.kind], {}, 400);
  }
}
