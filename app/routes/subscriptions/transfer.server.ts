import {
  data,
  type ActionFunctionArgs,
  type AppLoadContext,
  type LoaderFunctionArgs,
} from 'react-router';
import { CSRF_REJECTED } from '../kb/csrf.server.ts';
import { done, rejected } from '../community/community.server.ts';
import {
  listTransfers,
  practiceAccess,
  withoutPractice,
  practiceClients,
  requestTransfer,
  subscriptionsContext,
  withdrawTransfer,
  type PracticeAccess,
  type TransferPreview,
} from './subscriptions.server.ts';
import { TRANSFER_STATUS_LABELS } from './labels.ts';

/*
 * Transferring a client's subscription: the practice picks the client and the effective day,
 * sees the prorated amount, then asks the client, who approves through the e-mailed link.
 */

export async function transferLoader({ request, context }: LoaderFunctionArgs) {
  const access = await practiceAccess(context, request);
  if (access.kind !== 'practice') return withoutPractice(access);
  const clients = await practiceClients(context.db, access.practice.id);
  const transfers = (await listTransfers(context.db, access.practice.id)).map((transfer) => ({
    ...transfer,
    // Still open, but its link no longer works: asking again lapses it.
    lapsed:
      transfer.status === 'awaiting-client' &&
      Date.parse(transfer.expiresAt) <= context.clock.now().getTime(),
  }));
  return {
    kind: 'practice' as const,
    practiceName: access.practice.name,
    today: context.clock.now().toISOString().slice(0, 10),
    clients: clients
      .filter((client) => client.status !== 'cancelled')
      .map((client) => ({
        id: client.id,
        businessName: client.businessName,
        billedTo: client.billedTo,
      })),
    transfers,
    // The open transfer `?withdraw=` names, to confirm before it is withdrawn.
    withdrawing: transfers.find(
      (transfer) =>
        transfer.id === new URL(request.url).searchParams.get('withdraw') &&
        transfer.status === 'awaiting-client',
    ),
  };
}

export interface TransferAnswer {
  preview?: TransferPreview & { subscriptionId: string };
}

export async function transferAction({ request, context }: ActionFunctionArgs) {
  const form = await request.formData();
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === 'string' ? value : '';
  };
  const values = { subscriptionId: text('subscriptionId'), effectiveDate: text('effectiveDate') };
  if (!context.verifyCsrf(form)) return rejected('transfer', CSRF_REJECTED.message, values, 403);
  const access = await practiceAccess(context, request);
  if (access.kind !== 'practice') {
    return rejected(
      'transfer',
      'Only a practice’s people can transfer subscriptions.',
      values,
      403,
    );
  }
  if (text('intent') === 'withdraw') {
    return withdrawal(context, access, text('transferId'));
  }
  const confirm = text('intent') === 'confirm';
  const outcome = await requestTransfer(
    subscriptionsContext(context),
    access.practice,
    access.actor,
    {
      ...values,
      confirm,
    },
  );
  if (outcome.kind === 'invalid') {
    return rejected(
      'transfer',
      outcome.message,
      values,
      400,
      outcome.field === 'subscription' ? 'subscriptionId' : 'effectiveDate',
    );
  }
  if (outcome.kind === 'busy') return rejected('transfer', outcome.message, values, 409);
  if (outcome.kind === 'preview') {
    return data<TransferAnswer>({
      preview: { ...outcome.preview, subscriptionId: values.subscriptionId },
    });
  }
  return done(
    'transfer',
    `We asked ${outcome.preview.businessName} to approve the transfer by e-mail. It shows below as waiting until they answer.`,
  );
}

/** Withdrawing an open transfer: another practice's is answered as one that does not exist. */
async function withdrawal(
  context: AppLoadContext,
  { practice, actor }: Extract<PracticeAccess, { kind: 'practice' }>,
  transferId: string,
) {
  const outcome = await withdrawTransfer(
    subscriptionsContext(context),
    practice,
    actor,
    transferId,
  );
  switch (outcome.kind) {
    case 'withdrawn':
      return done(
        'withdraw',
        `The transfer of ${outcome.businessName} is withdrawn and nothing changes. We told them by e-mail.`,
      );
    case 'closed-already':
      return rejected(
        'withdraw',
        `The transfer of ${outcome.businessName} cannot be withdrawn: it is ${(
          TRANSFER_STATUS_LABELS[outcome.status] ?? outcome.status
        ).toLowerCase()} already.`,
        {},
        409,
      );
    default:
      return rejected('withdraw', 'There is no such transfer to withdraw.', {}, 404);
  }
}
