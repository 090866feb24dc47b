import type { AppLoadContext } from 'react-router';
import {
  normaliseEmail,
  PREFERENCE_LINK_PROBLEMS,
  preferenceOffer,
  wantedPreferences,
  type PreferenceLinkProblem,
  type PreferenceSource,
} from '~core/consent';
import { routeContractFor } from '~app/site.ts';
import {
  checkLink,
  confirmAddress,
  consentHistoryOfUser,
  CSRF_REJECTED,
  preferencesOf,
  savePreferences,
} from './privacy.server.ts';

/** Whose preferences the page shows, and on what authority. */
type Subject =
  | { kind: 'nobody' }
  | { kind: 'problem'; problem: PreferenceLinkProblem }
  | { kind: 'no-email' }
  | { kind: 'address'; email: string; source: PreferenceSource; token: string };

/**
 * The e-mail link's token, when there is one, decides (and must not be for someone else than
 * who is signed in); otherwise the signed-in user's own address.
 */
function subjectOf(context: AppLoadContext, token: string | null): Subject {
  const signedInEmail = context.viewer.user?.email?.toLowerCase() ?? null;
  if (token) {
    const link = checkLink(
      context.preferenceLinks,
      token,
      'manage',
      context.clock.now(),
      signedInEmail,
    );
    if (!link.ok) return { kind: 'problem', problem: link.problem };
    return { kind: 'address', email: link.email, source: 'email-link', token };
  }
  if (context.viewer.isGuest) return { kind: 'nobody' };
  if (!signedInEmail) return { kind: 'no-email' };
  return { kind: 'address', email: signedInEmail, source: 'preferences-page', token: '' };
}

function pageUrl(context: AppLoadContext): string {
  const path = routeContractFor(context.config).path('consentAndPreferences') ?? '';
  return `${context.config.siteUrl}${path}`;
}

export async function preferencesPageData(context: AppLoadContext, url: URL) {
  const confirmToken = url.searchParams.get('confirm');
  if (confirmToken) {
    const link = checkLink(
      context.preferenceLinks,
      confirmToken,
      'confirm',
      context.clock.now(),
      context.viewer.user?.email?.toLowerCase() ?? null,
    );
    return {
      view: 'confirm' as const,
      confirm: link.ok
        ? { email: link.email, token: confirmToken }
        : { problem: PREFERENCE_LINK_PROBLEMS[link.problem] },
    };
  }
  const subject = subjectOf(context, url.searchParams.get('token'));
  if (subject.kind !== 'address') {
    return {
      view: 'no-subject' as const,
      problem: subject.kind === 'problem' ? PREFERENCE_LINK_PROBLEMS[subject.problem] : undefined,
      noEmail: subject.kind === 'no-email',
      offer: preferenceOffer({ isPartner: false, hasPhone: false }),
    };
  }
  const preferences = await preferencesOf(context.db, subject.email);
  const user = context.viewer.user;
  return {
    view: 'preferences' as const,
    email: subject.email,
    token: subject.token,
    viaLink: subject.source === 'email-link',
    confirmed: preferences.confirmed,
    offer: preferenceOffer({
      isPartner: user?.isPartner ?? false,
      hasPhone: preferences.hasPhone,
    }),
    subscriptions: [...preferences.subscriptions],
    history: preferences.history,
    consentHistory:
      user && subject.source !== 'email-link'
        ? await consentHistoryOfUser(context.db, user.id)
        : [],
  };
}

/** What the page says after a form was sent. */
export type PreferencesOutcome =
  | { status: 'saved'; changed: number; confirmationSent: boolean }
  | { status: 'subscribed'; email: string }
  | { status: 'confirmed'; email: string }
  | { status: 'refused'; message: string; values?: { email: string; preferences: string[] } };

export async function preferencesAction(
  context: AppLoadContext,
  form: FormData,
): Promise<{ outcome: PreferencesOutcome; status: number }> {
  if (!context.verifyCsrf(form)) {
    return { outcome: { status: 'refused', message: CSRF_REJECTED.message }, status: 403 };
  }
  const now = context.clock.now();
  const intent = form.get('intent');
  const links = context.preferenceLinks;
  const shared = { now, links, pageUrl: pageUrl(context), brand: context.config.brand };

  if (intent === 'confirm') {
    const token = String(form.get('confirm') ?? '');
    const link = checkLink(
      links,
      token,
      'confirm',
      now,
      context.viewer.user?.email?.toLowerCase() ?? null,
    );
    if (!link.ok) {
      return {
        outcome: { status: 'refused', message: PREFERENCE_LINK_PROBLEMS[link.problem] },
        status: 400,
      };
    }
    await confirmAddress(context.db, link.email, now);
    return { outcome: { status: 'confirmed', email: link.email }, status: 200 };
  }

  if (intent === 'subscribe') {
    const typed = String(form.get('email') ?? '');
    const chosen = form.getAll('preference').map(String);
    const email = normaliseEmail(typed);
    const offer = preferenceOffer({ isPartner: false, hasPhone: false });
    const wanted = wantedPreferences(chosen, offer);
    if (!email || wanted.size === 0) {
      return {
        outcome: {
          status: 'refused',
          message: !email
            ? 'Enter an e-mail address such as name@example.com.'
            : 'Choose at least one topic to subscribe to.',
          values: { email: typed, preferences: chosen },
        },
        status: 400,
      };
    }
    await savePreferences(context.db, wanted, {
      ...shared,
      email,
      userId: null,
      offer,
      source: 'subscribe-form',
    });
    // The same answer whether the address was known or not: the page tells nobody who is here.
    return { outcome: { status: 'subscribed', email }, status: 200 };
  }

  const subject = subjectOf(context, String(form.get('token') ?? '') || null);
  if (subject.kind === 'problem') {
    return {
      outcome: { status: 'refused', message: PREFERENCE_LINK_PROBLEMS[subject.problem] },
      status: 400,
    };
  }
  if (subject.kind !== 'address') {
    return {
      outcome: { status: 'refused', message: 'Sign in, or use the link in one of our e-mails.' },
      status: 403,
    };
  }
  const preferences = await preferencesOf(context.db, subject.email);
  const offer = preferenceOffer({
    isPartner: context.viewer.user?.isPartner ?? false,
    hasPhone: preferences.hasPhone,
  });
  const saved = await savePreferences(
    context.db,
    wantedPreferences(form.getAll('preference'), offer),
    {
      ...shared,
      email: subject.email,
      userId: subject.source === 'email-link' ? null : (context.viewer.user?.id ?? null),
      offer,
      source: subject.source,
    },
  );
  return { outcome: { status: 'saved', ...saved }, status: 200 };
}
