import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from 'react-router';
import { routeContractFor } from '~app/site.ts';
import {
  groupByActionType,
  PARTNER_SUGGESTED_STEPS_STRATEGY,
  toSuggestedStep,
} from '~core/partner';
import { listSuggestedSteps, recordReaction, removeReaction } from '~server/modules/partners';
import { partnerAccess, runPartnerAction } from './partners.server.ts';

/** The partner's whole checklist, grouped as the spec groups it. */
export async function suggestionsLoader({ request, context }: LoaderFunctionArgs) {
  const access = partnerAccess(context, request);
  if (access.kind !== 'partner') return { kind: 'not-partner' as const };
  const now = context.clock.now();
  const host = new URL(context.config.siteUrl).host;
  const records = await listSuggestedSteps(
    context.db,
    access.user.id,
    PARTNER_SUGGESTED_STEPS_STRATEGY,
  );
  const groups = groupByActionType(records.map((record) => toSuggestedStep(record, now, host)));
  const shown = (steps: typeof groups.todo) =>
    steps.map((step) => ({
      id: step.id,
      title: step.title,
      linkText: step.linkText,
      due: step.due,
      url: step.url,
      points: step.points,
      openInNewWindow: step.openInNewWindow,
      actionButtonEventType: step.actionButtonEventType,
      actionButtonLabel: step.actionButtonLabel,
    }));
  return {
    kind: 'partner' as const,
    todo: shown(groups.todo),
    completed: shown(groups.completed),
    dismissed: shown(groups.dismissed),
  };
}

const REFUSED = {
  'not-found': 'This step is no longer on your list. Reload the page.',
  mandatory: 'A mandatory step cannot be dismissed.',
  complete: 'A completed step cannot be dismissed.',
} as const;

export async function suggestionsAction(args: ActionFunctionArgs) {
  return runPartnerAction(args, {
    async dismiss(form, user, context) {
      const result = await recordReaction(context.db, {
        userId: user.id,
        strategyName: PARTNER_SUGGESTED_STEPS_STRATEGY,
        stepId: form.text('stepId'),
        isAccept: false,
        now: context.clock.now(),
      });
      if (!result.ok) return { formId: form.formId, ok: false, message: REFUSED[result.reason] };
      return { formId: form.formId, ok: true, message: 'Item added to ‘Dismissed steps’' };
    },
    async restore(form, user, context) {
      const result = await removeReaction(context.db, user.id, form.text('stepId'));
      if (!result.ok) return { formId: form.formId, ok: false, message: REFUSED[result.reason] };
      return { formId: form.formId, ok: true, message: 'Item added to ‘Suggested next steps’' };
    },
  });
}

/**
 * Following a step: its accept reaction is recorded and the partner goes on to the step's own
 * link, never to an address the request names. A step that is not the partner's leads back to
 * the checklist.
 */
export async function followStepLoader({ request, context, params }: LoaderFunctionArgs) {
  const access = partnerAccess(context, request);
  const checklist = routeContractFor(context.config).path('partnersSuggestions') ?? '/';
  if (access.kind !== 'partner') return redirect(checklist, 303);
  const result = await recordReaction(context.db, {
    userId: access.user.id,
    strategyName: PARTNER_SUGGESTED_STEPS_STRATEGY,
    stepId: params.stepId ?? '',
    isAccept: true,
    now: context.clock.now(),
  });
  const target = result.ok ? result.record.Redirect_URL__c : null;
  return redirect(target ?? checklist, 303);
}
