import type { AppLoadContext } from 'react-router';
import {
  accountDeletionOf,
  cancelAccountDeletion,
  confirmAccountDeletion,
  CSRF_REJECTED,
  requestAccountDeletion,
  type DeletionContext,
  type DeletionOutcome,
} from './privacy.server.ts';
import { DELETE_ACCOUNT_PATH } from '~core/routes';

/** The signed-in user's address, which the deletion's e-mails go to, or undefined without one. */
function deletionContext(context: AppLoadContext): DeletionContext | undefined {
  const user = context.viewer.user;
  const email = user?.email?.toLowerCase();
  if (!user || !email) return undefined;
  return {
    userId: user.id,
    email,
    now: context.clock.now(),
    links: context.preferenceLinks,
    pageUrl: `${context.config.siteUrl}${DELETE_ACCOUNT_PATH}`,
    brand: context.config.brand,
  };
}

export async function deleteAccountPageData(context: AppLoadContext, url: URL) {
  const user = context.viewer.user;
  if (!user) throw new Error('The page sends guests to sign in first');
  return {
    email: user.email,
    state: await accountDeletionOf(context.db, user.id),
    confirmToken: url.searchParams.get('confirm') ?? '',
    graceDays: context.accountDeletionGraceDays,
  };
}

export async function deleteAccountAction(
  context: AppLoadContext,
  form: FormData,
): Promise<{ outcome: DeletionOutcome; status: number }> {
  if (!context.verifyCsrf(form)) {
    return { outcome: { status: 'refused', message: CSRF_REJECTED.message }, status: 403 };
  }
  const deletion = deletionContext(context);
  if (!deletion) {
    return {
      outcome: {
        status: 'refused',
        message:
          'Your account has no e-mail address to confirm the deletion with. Contact support to delete it.',
      },
      status: 400,
    };
  }
  const intent = form.get('intent');
  if (intent === 'request') {
    return { outcome: await requestAccountDeletion(context.db, deletion), status: 200 };
  }
  if (intent === 'confirm') {
    const outcome = await confirmAccountDeletion(context.db, {
      ...deletion,
      token: String(form.get('confirm') ?? ''),
      graceDays: context.accountDeletionGraceDays,
    });
    return { outcome, status: outcome.status === 'refused' ? 400 : 200 };
  }
  if (intent === 'cancel') {
    return {
      outcome: await cancelAccountDeletion(context.db, deletion.userId, deletion.now),
      status: 200,
    };
  }
  return { outcome: { status: 'refused', message: 'Choose one of the buttons.' }, status: 400 };
}
