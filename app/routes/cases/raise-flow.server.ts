import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from 'react-router';
import {
  caseClassificationInput,
  caseDescriptionInput,
  caseDetailsInput,
  isRaiseStep,
  nextStep,
  previousStep,
  proposalText,
  proposedChoice,
  takesNewProposal,
  type RaisableQueue,
  type RaiseStep,
} from '~core/cases';
import type { SearchEngine } from '~server/modules/search';
import { routeContractFor } from '~app/site.ts';
import type {
  DeflectionResult,
  FlowValues,
  RaiseFlowData,
} from '~app/components/cases/raise-flow-data.ts';
import { pageToken } from '../community/community.server.ts';
import {
  getCase,
  listCaseCategories,
  listCaseProducts,
  proposeCategory,
  proposeImpact,
  raiseCase,
  recordDeflection,
  resolveClassification,
  type CaseContext,
} from './case-service.server.ts';
import { caseContext, loadOrNotFound, requireSignIn, runCaseAction } from './cases.server.ts';
import { recordReachedPerson, recordShownHelp, visitorRegion } from '../contact/contact.server.ts';

/*
 * The raise flow's server side, for customers' cases and partners' queries alike. The flow
 * keeps no draft on the server: each step posts every value typed so far (the other steps' as
 * hidden fields), the action checks the step and answers the next one, so it works without
 * JavaScript and a reload loses nothing the browser kept.
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
  };
}

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
      if (error instanceof Error) return { field: 'categoryId', message: error.message };
    }
  }
  return undefined;
}

/** Help that may answer the question before it becomes a case: the subject's search results. */
async function deflectionResults(
  search: SearchEngine,
  values: FlowValues,
): Promise<DeflectionResult[]> {
  const result = await search.search({
    text: values.subject,
    scope: {},
    filters: [],
    notFilters: [],
    facets: [],
    sort: 'relevancy',
    offset: 0,
    limit: 5,
  });
  return result.hits.map((hit) => ({
    id: hit.document.unique_id,
    title: hit.document.title,
    excerpt: hit.excerpt,
    url: hit.document.click_uri,
    type: hit.document.objecttypelabel,
  }));
}

export async function raiseFlowAction(args: ActionFunctionArgs, queue: RaisableQueue) {
  const contract = routeContractFor(args.context.config);
  const here = contract.path(PAGE_KEYS[queue]) ?? '/';
  const move = async (
    form: { text(name: string): string },
    cases: CaseContext,
    direction: 'next' | 'back',
  ): Promise<RaiseFlowData> => {
    const current = form.text('step');
    const step: RaiseStep = isRaiseStep(current) ? current : 'describe';
    const values = flowValues(form.text);
    const options = { skipDeflection: form.text('articleViewed') === 'true' };
    if (direction === 'back')
      return { flow: { step: previousStep(step, options) ?? step, values } };
    const problem = await stepProblem(step, values, queue, cases);
    if (problem) return { flow: { step, values, error: problem } };
    const next = nextStep(step, options) ?? step;
    const deflection =
      next === 'deflect' ? await deflectionResults(args.context.search, values) : [];
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
    return {
      flow: {
        step: next,
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
    submit: async (form, cases) => {
      const values = flowValues(form.text);
      const raised = await raiseCase(cases, {
        queue,
        description: values,
        classification: values,
        details: values,
        ...(form.text('followUpOf') ? { followUpOf: form.text('followUpOf') } : {}),
        ...(form.idempotencyKey ? { idempotencyKey: form.idempotencyKey } : {}),
        attachments: form.attachments,
      });
      if (values.seen) await recordReachedPerson(cases.db, values.seen, cases.now);
      return redirect(`${here}?submitted=${raised.id}`, 303);
    },
  });
}
