import type { AppLoadContext } from 'react-router';
import type { ListingOutcome, PracticeUser } from '~server/modules/practices';
import {
  answerLead,
  decideJoinRequest,
  findManagedPractice,
  practicesContext,
  publishListing,
  saveListingDraft,
  unpublishListing,
  uploadLogo,
} from './practices.server.ts';

export type IntentResult =
  | { kind: 'done'; message: string }
  | { kind: 'refused'; message: string; status: number; field?: string };

const NOT_ALLOWED: IntentResult = {
  kind: 'refused',
  message: 'Only the people of this practice can change its listing.',
  status: 403,
};

const MESSAGES: Readonly<
  Record<Exclude<ListingOutcome['kind'], 'invalid' | 'not-allowed'>, string>
> = {
  saved: 'Saved. Publish the listing when you want visitors to see the changes.',
  submitted: 'Sent to a moderator: the listing changes once they approve it.',
  published: 'Published: the directory shows your changes now.',
  unpublished: 'Unpublished: visitors no longer find your practice in the directory.',
};

function fromListing(outcome: ListingOutcome): IntentResult {
  if (outcome.kind === 'not-allowed') return NOT_ALLOWED;
  if (outcome.kind === 'invalid')
    return {
      kind: 'refused',
      message: outcome.message,
      status: 400,
      // A publish refusal is about the listing as a whole, shown above the form.
      ...(outcome.field === 'publish' || outcome.field === 'logo' ? {} : { field: outcome.field }),
    };
  return { kind: 'done', message: MESSAGES[outcome.kind] };
}

/** Runs one of the manage page's forms, by its intent, for the signed-in person. */
export async function runListingIntent(
  context: AppLoadContext,
  user: PracticeUser,
  form: FormData,
): Promise<IntentResult> {
  const practices = practicesContext(context);
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === 'string' ? value : '';
  };
  switch (text('intent')) {
    case 'save':
      return fromListing(
        await saveListingDraft(practices, user, {
          get: text,
          getAll: (name) =>
            form.getAll(name).filter((value): value is string => typeof value === 'string'),
        }),
      );
    case 'publish':
      return fromListing(await publishListing(practices, user));
    case 'unpublish':
      return fromListing(await unpublishListing(practices, user));
    case 'logo': {
      const file = form.get('logo');
      const bytes =
        file instanceof File ? new Uint8Array(await file.arrayBuffer()) : new Uint8Array();
      return fromListing(await uploadLogo(practices, user, bytes));
    }
    case 'answer': {
      const managed = await findManagedPractice(practices, user.id);
      if (!managed) return NOT_ALLOWED;
      const outcome = await answerLead(
        practices,
        user,
        managed.practice.id,
        text('leadId'),
        text('answer'),
      );
      if (outcome.kind === 'invalid')
        return { kind: 'refused', message: outcome.message, status: 400, field: outcome.field };
      return outcome.kind === 'answered'
        ? { kind: 'done', message: 'Your answer is on its way by e-mail.' }
        : { kind: 'refused', message: 'This lead was answered already.', status: 409 };
    }
    case 'approve-join':
    case 'decline-join': {
      const managed = await findManagedPractice(practices, user.id);
      if (!managed) return NOT_ALLOWED;
      const approve = text('intent') === 'approve-join';
      const outcome = await decideJoinRequest(
        practices,
        user,
        managed.practice.id,
        text('requestId'),
        approve,
      );
      if (outcome.kind === 'not-allowed')
        return {
          kind: 'refused',
          message: 'Only the principal contact lets people in.',
          status: 403,
        };
      if (outcome.kind === 'gone')
        return { kind: 'refused', message: 'This request was decided already.', status: 409 };
      if (outcome.kind === 'member-elsewhere')
        return {
          kind: 'refused',
          message: 'They have joined another practice meanwhile: a person belongs to one practice.',
          status: 409,
        };
      return {
        kind: 'done',
        message: approve ? 'They are in: they can now manage the listing with you.' : 'Declined.',
      };
    }
    default:
      return {
        kind: 'refused',
        message: 'This form is not known here. Reload the page.',
        status: 400,
      };
  }
}
