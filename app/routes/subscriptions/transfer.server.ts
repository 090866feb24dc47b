import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from 'react-router';
import { CSRF_REJECTED } from '../kb/csrf.server.ts';
import { done, rejected } from '../community/community.server.ts';
import {
  listTransfers,
  practiceAccess,
  withoutPractice,
  practiceClients,
  requestTransfer,
  subscriptionsContext,
  type TransferPreview,
} from './subscriptions.server.ts';

/*
 * Transferring a client's subscription: the practice picks the client and the effective day,
 * sees the prorated amount, then asks the client, who approves through the e-mailed link.
 */

export async function transferLoader({ request, context }: LoaderFunctionArgs) {
  const access = await practiceAccess(context, request);
  if (access.kind !== 'practice') return withoutPractice(access);
  const clients = await practiceClients(context.db, access.practice.id);
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
    transfers: (await listTransfers(context.db, access.practice.id)).map((transfer) => ({
      ...transfer,
      // Still open, but its link no longer works: asking again lapses it.
      lapsed:
        transfer.status === 'awaiting-client' &&
        Date.parse(transfer.expiresAt) <= context.clock.now().getTime(),
    })),
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
