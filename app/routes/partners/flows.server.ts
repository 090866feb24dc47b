import type { RefusedFlowStep } from '~app/components/partners/PartnerFlowPage.tsx';
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from 'react-router';
import {
  mayOpenPersonaliseStep,
  mayOpenUpdateAccountScreen,
  PERSONALISE_CLIENT_FIELD,
  PERSONALISE_PRACTICE_FIELD,
  PERSONALISE_STEPS,
  personaliseResumeStep,
  UPDATE_ACCOUNT_SCREENS,
  updateAccountResumeScreen,
  type FlowAnswers,
} from '~core/partner';
import {
  savePersonaliseStep,
  saveUpdateAccountAnswers,
  updateAccountFlow,
  type FlowSaveResult,
} from '~server/modules/partners';
import { CSRF_REJECTED } from '../kb/csrf.server.ts';
import { partnerAccess } from './partners.server.ts';

/*
 * The personalise and update-account flows: the step in the address (?step=2) when the partner
 * may open it, otherwise the one they resume at; a saved step leads to the next (post, then
 * redirect), a refused one comes back with what was typed and a message at each field.
 */

/** A refused step, as the flow page shows it again. */
export type FlowAnswer = RefusedFlowStep;

function requestedStep(request: Request): number | null {
  const step = Number(new URL(request.url).searchParams.get('step'));
  return Number.isInteger(step) && step > 0 ? step : null;
}

export async function personaliseLoader({ request, context }: LoaderFunctionArgs) {
  const access = partnerAccess(context, request);
  if (access.kind !== 'partner') return { kind: 'not-partner' as const };
  const client = access.user.partnerProductInterestClient;
  const practice = access.user.partnerProductInterestPractice;
  const wanted = requestedStep(request);
  const step =
    wanted !== null && mayOpenPersonaliseStep(client, wanted)
      ? wanted
      : personaliseResumeStep({ client, practice });
  return {
    kind: 'partner' as const,
    step,
    values: {
      [PERSONALISE_CLIENT_FIELD]: client ?? '',
      [PERSONALISE_PRACTICE_FIELD]: practice ?? '',
    },
  };
}

export async function updateAccountLoader({ request, context }: LoaderFunctionArgs) {
  const access = partnerAccess(context, request);
  if (access.kind !== 'partner') return { kind: 'not-partner' as const };
  const flow = await updateAccountFlow(context.db, access.user.id);
  const wanted = requestedStep(request);
  const step =
    wanted !== null && mayOpenUpdateAccountScreen(flow.flowScreen, wanted)
      ? wanted
      : updateAccountResumeScreen(flow.flowScreen);
  return { kind: 'partner' as const, step, flowScreen: flow.flowScreen, answers: flow.answers };
}

/** Every value the form sent, several for ticked boxes under one name. */
function formAnswers(formData: FormData): FlowAnswers {
  const answers: Record<string, string[]> = {};
  for (const [name, value] of formData.entries()) {
    if (typeof value !== 'string' || name === '_csrf' || name === 'intent') continue;
    (answers[name] ??= []).push(value);
  }
  return answers;
}

function keptValues(answers: FlowAnswers): Record<string, string> {
  return Object.fromEntries(
    Object.entries(answers).map(([name, values]) => [name, values.join(';')]),
  );
}

const OUT_OF_ORDER = 'Finish the earlier steps first. Your saved answers are kept.';

function refusal(result: Exclude<FlowSaveResult, { ok: true }>, answers: FlowAnswers) {
  const values = keptValues(answers);
  if (result.reason === 'out-of-order') {
    return data<FlowAnswer>({ message: OUT_OF_ORDER, errors: {}, values }, 409);
  }
  return data<FlowAnswer>(
    { message: 'Check the answers marked below.', errors: result.errors, values },
    400,
  );
}

async function flowAction(
  { request, context }: ActionFunctionArgs,
  total: number,
  save: (userId: string, step: number, answers: FlowAnswers) => Promise<FlowSaveResult>,
) {
  const formData = await request.formData();
  const answers = formAnswers(formData);
  if (!context.verifyCsrf(formData)) {
    return data<FlowAnswer>(
      { message: CSRF_REJECTED.message, errors: {}, values: keptValues(answers) },
      403,
    );
  }
  const access = partnerAccess(context, request);
  if (access.kind !== 'partner') {
    return data<FlowAnswer>({ message: 'Only partners can do this.', errors: {}, values: {} }, 403);
  }
  const step = Number(formData.get('step'));
  const result = await save(access.user.id, step, answers);
  if (!result.ok) return refusal(result, answers);
  const here = new URL(request.url).pathname;
  return redirect(step < total ? `${here}?step=${step + 1}` : `${here}?saved=1`, 303);
}

export async function personaliseAction(args: ActionFunctionArgs) {
  return flowAction(args, PERSONALISE_STEPS.length, (userId, step, answers) =>
    savePersonaliseStep(args.context.db, {
      userId,
      step,
      answers,
      currentClientInterest: args.context.viewer.isGuest
        ? null
        : args.context.viewer.user.partnerProductInterestClient,
      at: args.context.clock.now(),
    }),
  );
}

export async function updateAccountAction(args: ActionFunctionArgs) {
  return flowAction(args, UPDATE_ACCOUNT_SCREENS.length, (userId, step, answers) =>
    saveUpdateAccountAnswers(args.context.db, {
      userId,
      screen: step,
      answers,
      at: args.context.clock.now(),
    }),
  );
}
