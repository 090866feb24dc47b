import { redirect, type AppLoadContext } from 'react-router';
import {
  guestProblem,
  isHoneypotFilled,
  HONEYPOT_FIELD,
  selfHelpOf,
  type GuestFlow,
  type SelfHelpTopic,
} from '~core/contact';
import { CaseError, getFollowedCase, replyToFollowedCase } from '~server/modules/cases';
import {
  checkEmailCode,
  proveAccountAddress,
  raiseCaseWithProof,
  recordReachedPerson,
  recordShownHelp,
  requestEmailCode,
  type GuestHelpContext,
} from '~server/modules/contact';
import { CSRF_REJECTED } from '../kb/csrf.server.ts';
import { formIdempotencyKey } from '~app/components/community/display.ts';
import { pageToken, rejected } from '../community/community.server.ts';
import { notFound } from '../kb/page-data.server.ts';
import type { SearchResult } from '~core/search';
import { helpFor, visitorRegion } from './contact.server.ts';

/*
 * What the sign-in help and MFA help pages share (docs/contact-support.md): the self-help they
 * show first, and the steps after it — the address, the code, the problem, the case — each a
 * plain form whose answer is the next step, so the flow works without JavaScript.
 */

export function guestHelpContext(context: AppLoadContext): GuestHelpContext {
  return {
    db: context.db,
    now: context.clock.now(),
    siteUrl: context.config.siteUrl,
    brand: context.config.brand,
    codeKey: context.contactCodeKey,
    followKey: context.caseFollowKey,
    replies: context.caseReplies,
  };
}

export interface SelfHelp {
  topics: readonly SelfHelpTopic[];
  articles: SearchResult[];
  /** The deflection record of this visit, carried to the case if they raise one. */
  seen: string;
}

/** The flow's self-help and articles, recorded as shown to the visitor (deflection). */
export async function selfHelpFor(
  request: Request,
  context: AppLoadContext,
  flow: GuestFlow,
  query: string,
): Promise<SelfHelp> {
  const topics = selfHelpOf(flow);
  const articles = await helpFor(context, query);
  // The page rendered again after one of its forms was posted (the request carries the form's
  // content type) is the same visit: recorded once, and the form carries its record on.
  if (request.headers.get('content-type')?.includes('form')) return { topics, articles, seen: '' };
  const seen = await recordShownHelp(
    context.db,
    {
      flow,
      region: visitorRegion(request, context),
      topic: flow,
      sawAnswer: true,
      articlesShown: articles.length,
    },
    context.clock.now(),
  );
  return { topics, articles, seen };
}

/** The step a guest flow's action answers with; the page shows it. */
export type GuestStep = { seen: string } & (
  | { step: 'code'; email: string }
  | { step: 'problem'; email: string; proof: string }
  | { step: 'raised'; email: string; caseNumber: string }
);

type Values = Record<string, string>;

export interface GuestStepOptions {
  flow: GuestFlow;
  /** Whether a signed-in visitor may use their account's address instead of a code. */
  accountAddress?: boolean;
  /** The MFA flow's account questions: checked, and put on the case for the agents. */
  answers?: (
    values: Values,
  ) => { ok: true; note: string } | { ok: false; field: string; message: string };
}

/** Every form field as typed (trimmed), for the steps and for a refusal to show again. */
function formValues(form: FormData): Values {
  const values: Values = {};
  for (const [name, value] of form.entries()) {
    if (typeof value === 'string' && name !== '_csrf') values[name] = value.trim();
  }
  return values;
}

/**
 * One step of a guest flow. A filled honeypot is answered like a sent code and nothing is
 * done, so a robot learns nothing from the answer.
 */
export async function runGuestStep(
  request: Request,
  context: AppLoadContext,
  options: GuestStepOptions,
) {
  const form = await request.formData();
  const values = formValues(form);
  const text = (name: string) => values[name] ?? '';
  const formId = text('formId');
  if (!context.verifyCsrf(form)) return rejected(formId, CSRF_REJECTED.message, values, 403);
  const guest = guestHelpContext(context);
  const { flow } = options;
  const networkAddress = context.networkAddress;
  switch (text('intent')) {
    case 'send-code': {
      if (isHoneypotFilled(text(HONEYPOT_FIELD)))
        return { seen: text('seen'), step: 'code', email: text('email') } satisfies GuestStep;
      const outcome = await requestEmailCode(guest, { flow, email: text('email'), networkAddress });
      if (outcome.kind === 'invalid')
        return rejected('email', outcome.message, values, 400, outcome.field);
      if (outcome.kind === 'limited')
        return rejected('email', outcome.message, values, 429, 'email');
      return { seen: text('seen'), step: 'code', email: outcome.email } satisfies GuestStep;
    }
    case 'use-account': {
      const email = options.accountAddress ? context.viewer.user?.email : undefined;
      if (!email)
        return rejected('email', 'Sign in again, or prove your address by a code.', values, 400);
      const outcome = await proveAccountAddress(guest, flow, email);
      if (outcome.kind === 'invalid')
        return rejected('email', outcome.message, values, 400, 'email');
      return {
        seen: text('seen'),
        step: 'problem',
        email: outcome.email,
        proof: outcome.proof,
      } satisfies GuestStep;
    }
    case 'check-code': {
      const outcome = await checkEmailCode(guest, {
        flow,
        email: text('email'),
        code: text('code'),
        networkAddress,
      });
      if (outcome.kind === 'invalid')
        return rejected('code', outcome.message, values, 400, outcome.field);
      return {
        seen: text('seen'),
        step: 'problem',
        email: outcome.email,
        proof: outcome.proof,
      } satisfies GuestStep;
    }
    case 'raise': {
      if (isHoneypotFilled(text(HONEYPOT_FIELD)))
        return {
          seen: text('seen'),
          step: 'raised',
          email: text('email'),
          caseNumber: '',
        } satisfies GuestStep;
      const problem = guestProblem(flow, {
        topic: text('topic'),
        subject: text('subject'),
        description: text('description'),
      });
      if (!problem.ok) return rejected('problem', problem.message, values, 400, problem.field);
      const answers = options.answers?.(values);
      if (answers && !answers.ok)
        return rejected('problem', answers.message, values, 400, answers.field);
      const outcome = await raiseCaseWithProof(guest, {
        flow,
        proof: text('proof'),
        networkAddress,
        subject: problem.subject,
        description: problem.description,
        topicTitle: problem.topic?.title ?? null,
        ...(answers?.ok ? { internalNote: answers.note } : {}),
      });
      if (outcome.kind !== 'raised') return rejected('problem', outcome.message, values, 400);
      if (text('seen')) await recordReachedPerson(context.db, text('seen'), context.clock.now());
      return {
        seen: text('seen'),
        step: 'raised',
        email: outcome.email,
        caseNumber: outcome.caseNumber,
      } satisfies GuestStep;
    }
    default:
      return rejected(
        formId,
        'This form could not be sent. Reload the page and try again.',
        values,
        400,
      );
  }
}

/** The case a follow link shows; a link that is not valid is the page's 404. */
export async function followedCase(context: AppLoadContext, token: string) {
  try {
    const followed = await getFollowedCase(guestHelpContext(context), token);
    return { ...followed, replyKey: formIdempotencyKey(pageToken(), 'reply') };
  } catch (error) {
    if (error instanceof CaseError && error.errorCode === 'NOT_FOUND') return notFound();
    throw error;
  }
}

/** The owner's reply on the follow page; back to the page with it (a reload sends nothing). */
export async function replyOnFollowedCase(request: Request, context: AppLoadContext) {
  const form = await request.formData();
  const values = formValues(form);
  if (!context.verifyCsrf(form)) return rejected('reply', CSRF_REJECTED.message, values, 403);
  const token = values.case ?? '';
  try {
    await replyToFollowedCase(guestHelpContext(context), token, {
      body: values.body ?? '',
      ...(values.idempotencyKey ? { idempotencyKey: values.idempotencyKey } : {}),
    });
  } catch (error) {
    if (!(error instanceof CaseError)) throw error;
    if (error.errorCode === 'NOT_FOUND') return notFound();
    return rejected('reply', error.message, values, error.status, error.field);
  }
  const url = new URL(request.url);
  return redirect(`${url.pathname}?case=${encodeURIComponent(token)}&replied`, 303);
}
