import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from 'react-router';
import {
  caseClassificationInput,
  caseDescriptionInput,
  caseDetailsInput,
  chosenClassification,
  isRaiseStep,
  nextStep,
  previousStep,
  proposalText,
  proposedChoice,
  takesNewProposal,
  type RaisableQueue,
  type RaiseStep,
} from '~core/cases';
import { routeContractFor } from '~app/site.ts';
import type {
  FlowState,
  FlowValues,
  RaiseFlowData,
} from '~app/components/cases/raise-flow-data.ts';
import { pageToken } from '../community/community.server.ts';
import {
  CaseError,
  getCase,
  getCaseDraft,
  keepDraftFiles,
  listCaseCategories,
  listCaseProducts,
  proposeCategory,
  proposeImpact,
  raiseCase,
  recordDeflection,
  removeDraftFile,
  resolveClassification,
  type CaseContext,
  type CaseDraft,
} from './case-service.server.ts';
import {
  caseContext,
  loadOrNotFound,
  requireSignIn,
  runCaseAction,
  type CaseForm,
} from './cases.server.ts';
import {
  helpFor,
  recordReachedPerson,
  recordShownHelp,
  visitorRegion,
} from '../contact/contact.server.ts';

/*
 * The raise flow's server side, for customers' cases and partners' queries alike. Each step
 * posts every value typed so far (the other steps' as hidden fields), the action checks the
 * step and answers the next one, so it works without JavaScript. Only files, which a browser
 * cannot carry from one page to the next, wait on the server: in a draft whose id the flow
 * carries (`draft`), kept from the details step until the submit moves them onto the case.
 */

const PAGE_KEYS: Readonly<Record<RaisableQueue, 'raiseSupportCase' | 'raisePartnerSupportCase'>> = {
  customer: 'raiseSupportCase',
  partner: 'raisePartnerSupportCase',
};

export async function raiseFlowLoader(
  { request, context }: LoaderFunctionArgs,
  queue: RaisableQueue,
) {
  requireSignIn(context, request);
  const params = new URL(request.url).searchParams;
  const cases = caseContext(context);
  const submitted = params.get('submitted');
  if (submitted !== null) {
    // The confirmation after the submit's redirect: a reload shows it again, never resubmits.
    const view = await loadOrNotFound(context, request, () => getCase(cases, submitted));
    return {
      kind: 'submitted' as const,
      caseId: view.id,
      caseNumber: view.caseNumber,
      subject: view.subject,
      orgId: context.viewer.user?.organisationId ?? undefined,
    };
  }
  if (queue === 'partner' && !context.viewer.user?.isPartner)
    return { kind: 'not-partner' as const };
  const [categories, products] = await Promise.all([
    listCaseCategories(context.db, queue),
    listCaseProducts(context.db),
  ]);
  return {
    kind: 'flow' as const,
    queue,
    categories,
    products: products.map((product) => ({ value: product.key, label: product.name })),
    pageToken: pageToken(),
    followUpOf: params.get('followUpOf') ?? '',
    email: context.viewer.user?.email ?? '',
  };
}

/** The values of the flow's fields in a post. */
function flowValues(text: (name: string) => string): FlowValues {
  return {
    subject: text('subject'),
    description: text('description'),
    product: text('product'),
    categoryId: text('categoryId'),
    topicId: text('topicId'),
    impact: text('impact'),
    contactMethod: text('contactMethod'),
    contactEmail: text('contactEmail'),
    contactPhone: text('contactPhone'),
    callbackFrom: text('callbackFrom'),
    callbackTo: text('callbackTo'),
    seen: text('seen'),
    proposed: text('proposed'),
    draft: text('draft'),
  };
}

/** What the flow shows of its draft: the files, and whether the ones chosen earlier lapsed. */
function draftState(draft: CaseDraft): Pick<FlowState, 'files' | 'filesLapsed'> {
  return { files: draft.files, ...(draft.lapsed ? { filesLapsed: true } : {}) };
}

/** The steps that show the draft's files: details (to add) and review (to check and remove). */
const SHOWS_FILES: ReadonlySet<RaiseStep> = new Set(['details', 'review']);

/** The first problem of a step's values, or undefined when the step is complete. */
async function stepProblem(
  step: RaiseStep,
  values: FlowValues,
  queue: RaisableQueue,
  cases: CaseContext,
): Promise<{ field?: string; message: string } | undefined> {
  const schema =
    step === 'describe'
      ? caseDescriptionInput
      : step === 'classify'
        ? caseClassificationInput
        : step === 'details'
          ? caseDetailsInput
          : undefined;
  const result = schema?.safeParse(values);
  if (result && !result.success) {
    const issue = result.error.issues[0];
    const field = issue?.path[0];
    return {
      message: issue?.message ?? 'This step is not complete.',
      ...(typeof field === 'string' ? { field } : {}),
    };
  }
  if (step === 'classify') {
    try {
      await resolveClassification(cases.db, queue, caseClassificationInput.parse(values));
    } catch (error) {
      if (error instanceof CaseError)
        return { field: error.field ?? 'categoryId', message: error.message };
      throw error;
    }
  }
  return undefined;
}

export async function raiseFlowAction(args: ActionFunctionArgs, queue: RaisableQueue) {
  const contract = routeContractFor(args.context.config);
  const here = contract.path(PAGE_KEYS[queue]) ?? '/';
  const move = async (
    form: CaseForm,
    cases: CaseContext,
    direction: 'next' | 'back',
  ): Promise<RaiseFlowData> => {
    const current = form.text('step');
    const step: RaiseStep = isRaiseStep(current) ? current : 'describe';
    const values = flowValues(form.text);
    if (step === 'classify') values.topicId = chosenClassification(values, values.proposed).topicId;
    const options = { skipDeflection: form.text('articleViewed') === 'true' };
    // Files chosen on the details step are kept whichever way it is left; a refused file keeps
    // the step, named at the file field, with nothing stored for it.
    let draft: CaseDraft | undefined;
    if (step === 'details') {
      const ref = { queue, draftId: values.draft };
      try {
        draft = await keepDraftFiles(cases, ref, form.attachments);
      } catch (error) {
        if (!(error instanceof CaseError) || error.errorCode !== 'INVALID_INPUT') throw error;
        const kept = await getCaseDraft(cases, ref);
        return {
          flow: {
            step,
            values: { ...values, draft: kept.draftId },
            ...draftState(kept),
            error: { message: error.message, ...(error.field ? { field: error.field } : {}) },
          },
        };
      }
      values.draft = draft.draftId;
    }
    const shown = async (target: RaiseStep): Promise<Pick<FlowState, 'files' | 'filesLapsed'>> => {
      if (!SHOWS_FILES.has(target)) return {};
      draft ??= await getCaseDraft(cases, { queue, draftId: values.draft });
      values.draft = draft.draftId;
      return draftState(draft);
    };
    if (direction === 'back') {
      const back = previousStep(step, options) ?? step;
      return { flow: { step: back, ...(await shown(back)), values } };
    }
    const problem = await stepProblem(step, values, queue, cases);
    if (problem) return { flow: { step, ...(await shown(step)), values, error: problem } };
    const next = nextStep(step, options) ?? step;
    const deflection = next === 'deflect' ? await helpFor(args.context, values.subject) : [];
    // The first time the suggestions show, they count as help on the way to a person.
    if (next === 'deflect' && values.seen === '')
      values.seen = await recordShownHelp(
        cases.db,
        {
          flow: 'raise-case',
          region: visitorRegion(args.request, args.context),
          topic:
            (await listCaseCategories(cases.db, queue)).find(
              (category) => category.id === values.categoryId,
            )?.name ?? '',
          sawAnswer: false,
          articlesShown: deflection.length,
        },
        cases.now,
      );
    // The category step preselects what the describe step proposed while the customer typed
    // (the same function for the same text), unless the customer has chosen another.
    const reproposes = next === 'classify' && takesNewProposal(values, values.proposed);
    const category = reproposes ? await proposeCategory(cases.db, queue, values) : undefined;
    const impact =
      next === 'classify' && values.impact === ''
        ? await proposeImpact(cases.db, proposalText(values.subject, values.description))
        : undefined;
    const files = await shown(next);
    return {
      flow: {
        step: next,
        ...files,
        values: {
          ...values,
          ...(reproposes
            ? {
                categoryId: category?.categoryId ?? '',
                topicId: category?.topicId ?? '',
                proposed: category ? proposedChoice(category.categoryId, category.topicId) : '',
              }
            : {}),
          ...(impact ? { impact: impact.impact } : {}),
        },
        ...(category ? { proposal: { percent: category.percent, because: category.because } } : {}),
        ...(next === 'deflect' ? { deflection } : {}),
      },
    };
  };
  return runCaseAction(args, {
    next: (form, cases) => move(form, cases, 'next'),
    back: (form, cases) => move(form, cases, 'back'),
    solved: async (form, cases) => {
      await recordDeflection(cases, {
        subject: form.text('subject'),
        categoryId: form.text('categoryId'),
      });
      return { deflected: true } satisfies RaiseFlowData;
    },
    'remove-file': async (form, cases) => {
      const values = flowValues(form.text);
      const left = await removeDraftFile(cases, { queue, draftId: values.draft }, form.target);
      return {
        flow: {
          step: 'review',
          values: { ...values, draft: left.draftId },
          ...draftState(left),
          ...(left.removed ? { removed: left.removed } : {}),
        },
      } satisfies RaiseFlowData;
    },
    submit: async (form, cases) => {
      const values = flowValues(form.text);
      try {
        const raised = await raiseCase(cases, {
          queue,
          description: values,
          classification: values,
          details: values,
          ...(form.text('followUpOf') ? { followUpOf: form.text('followUpOf') } : {}),
          ...(form.idempotencyKey ? { idempotencyKey: form.idempotencyKey } : {}),
          draftId: values.draft,
        });
        if (values.seen) await recordReachedPerson(cases.db, values.seen, cases.now);
        return redirect(`${here}?submitted=${raised.id}`, 303);
      } catch (error) {
        // A refused submit shows the review again with the draft's files still listed.
        if (!(error instanceof CaseError) || error.errorCode !== 'INVALID_INPUT') throw error;
        const kept = await getCaseDraft(cases, { queue, draftId: values.draft });
        return data<RaiseFlowData>(
          {
            flow: {
              step: 'review',
              values: { ...values, draft: kept.draftId },
              ...draftState(kept),
              error: { message: error.message, ...(error.field ? { field: error.field } : {}) },
            },
          },
          { status: error.status },
        );
      }
    },
  });
}
