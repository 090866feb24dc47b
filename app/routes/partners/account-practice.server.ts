import type { ActionFunctionArgs, AppLoadContext } from 'react-router';
import {
  LISTING_TIERS,
  MARKET_DEFINITIONS,
  parsePracticeMarket,
  practiceInvitationPath,
} from '~core/practices';
import {
  handOverPractice,
  invitePerson,
  practicePeople,
  removePerson,
  withdrawInvitation,
} from '~server/modules/practices';
import type { PortalUser } from '~server/modules/identity';
import { CSRF_REJECTED } from '../kb/csrf.server.ts';
import { done, rejected } from '../community/community.server.ts';
import { practiceUser } from '../practices/practices.server.ts';
import { partnerAccess } from './partners.server.ts';

/*
 * The account page's Practice section: the practice and its people as the signed-in partner's
 * own membership shows them, and its forms (invite, withdraw, remove after a confirmation).
 */

/** The section's data; `remove` is the person the address asks to confirm removing. */
export async function practiceSection(context: AppLoadContext, user: PortalUser, url: URL) {
  const found = await practicePeople({ db: context.db, now: context.clock.now() }, user);
  if (!found) return undefined;
  const market = parsePracticeMarket(found.practice.market);
  // The confirmations the address asks for: only the principal contact has them.
  const asked = (parameter: string) =>
    found.mayRemove
      ? found.people.find(
          (person) =>
            person.userId === url.searchParams.get(parameter) && person.role !== 'principal',
        )
      : undefined;
  const removing = asked('remove');
  const handingOver = asked('handover');
  return {
    ...found,
    marketLabel: market ? MARKET_DEFINITIONS[market].name : found.practice.market,
    tierLabel:
      LISTING_TIERS.find((tier) => tier.key === found.practice.tier)?.label ?? found.practice.tier,
    you: user.id,
    removing: removing ? { userId: removing.userId, name: removing.name } : undefined,
    handingOver: handingOver ? { userId: handingOver.userId, name: handingOver.name } : undefined,
  };
}

export type PracticeSection = NonNullable<Awaited<ReturnType<typeof practiceSection>>>;

/** The Practice section's forms. A refusal keeps what was typed and names its field. */
export async function practiceAction({ request, context }: ActionFunctionArgs) {
  const form = await request.formData();
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === 'string' ? value : '';
  };
  const formId = text('formId');
  const values = { email: text('email'), role: text('role') };
  if (!context.verifyCsrf(form)) return rejected(formId, CSRF_REJECTED.message, values, 403);
  const access = partnerAccess(context, request);
  if (access.kind !== 'partner')
    return rejected(formId, 'Only the people of a partner practice can do this.', values, 403);
  const user = practiceUser(context);
  if (!user) return rejected(formId, 'Sign in to change your practice’s people.', values, 401);
  const at = { db: context.db, now: context.clock.now() };
  switch (text('intent')) {
    case 'invite': {
      const outcome = await invitePerson(
        at,
        user,
        values,
        (token) => `${context.config.siteUrl}${practiceInvitationPath(token)}`,
      );
      if (outcome.kind === 'invalid')
        return rejected(formId, outcome.message, values, 400, outcome.field);
      if (outcome.kind === 'not-allowed')
        return rejected(
          formId,
          'Only the principal and primary contacts invite people.',
          values,
          403,
        );
      return done(formId, `Invitation sent to ${outcome.email}. The link works for 7 days.`);
    }
    case 'withdraw': {
      const outcome = await withdrawInvitation(at, user, text('invitationId'));
      if (outcome.kind === 'not-allowed')
        return rejected(
          formId,
          'Only the principal and primary contacts withdraw invitations.',
          {},
          403,
        );
      if (outcome.kind === 'gone')
        return rejected(formId, 'This invitation was taken up or withdrawn already.', {}, 409);
      return done('invitations', `The invitation to ${outcome.email} is withdrawn.`);
    }
    case 'remove': {
      const outcome = await removePerson(at, user, text('userId'));
      if (outcome.kind === 'not-found')
        return rejected(formId, 'This person is not one of your practice’s people.', {}, 404);
      if (outcome.kind === 'not-allowed') return rejected(formId, outcome.message, {}, 403);
      return done(
        'people',
        `${outcome.name} is removed from the practice and no longer has partner access.`,
      );
    }
    case 'hand-over': {
      const outcome = await handOverPractice(at, user, text('userId'));
      if (outcome.kind === 'not-found')
        return rejected(formId, 'This person is not one of your practice’s people.', {}, 404);
      if (outcome.kind === 'not-allowed') return rejected(formId, outcome.message, {}, 403);
      return done(
        'people',
        `${outcome.name} is now the principal contact. You are a primary contact.`,
      );
    }
    default:
      return rejected(formId, 'This form is not known here. Reload the page.', {}, 400);
  }
}
