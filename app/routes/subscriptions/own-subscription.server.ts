import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from 'react-router';
import { formatMoney } from '~core/subscriptions';
import { CSRF_REJECTED } from '../kb/csrf.server.ts';
import { done, rejected, requestPath, signInRedirect } from '../community/community.server.ts';
import {
  actorOf,
  cancelOwnSubscription,
  changeOwnPlan,
  findOwnSubscription,
  subscriptionChanges,
  subscriptionsContext,
} from './subscriptions.server.ts';

/*
 * A customer's own subscription: what they have, a change of plan with its prorated amount shown
 * before it is made, and cancelling at the end of the period. Only the signed-in person's own
 * subscription is read or changed.
 */

export async function ownSubscriptionLoader({ request, context }: LoaderFunctionArgs) {
  const user = context.viewer.user;
  if (!user) throw signInRedirect(context, requestPath(request));
  const own = await findOwnSubscription(context.db, actorOf(user), context.clock.now());
  if (!own) return { kind: 'none' as const };
  const money = (minor: number) => formatMoney(minor, own.plan.currency);
  return {
    kind: 'own' as const,
    subscription: {
      businessName: own.businessName,
      plan: { code: own.plan.code, name: own.plan.name, price: money(own.plan.monthlyPriceMinor) },
      status: own.status,
      billedTo: own.billedTo,
      startDate: own.startDate,
      endsOn: own.endsOn,
      periodEnd: own.periodEnd,
    },
    plans: own.plans
      .filter((plan) => plan.code !== own.plan.code)
      .map((plan) => ({
        code: plan.code,
        label: `${plan.name}, ${money(plan.monthlyPriceMinor)} a month`,
      })),
    changes: await subscriptionChanges(context.db, own.id),
  };
}

export interface PlanPreview {
  plan: string;
  from: string;
  to: string;
  effectiveDate: string;
  periodEnd: string;
  daysLeft: number;
  periodDays: number;
  credit: string;
  charge: string;
  /** What is owed now, or credited to the next bill when negative. */
  net: string;
  owed: boolean;
}

export async function ownSubscriptionAction({ request, context }: ActionFunctionArgs) {
  const form = await request.formData();
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === 'string' ? value : '';
  };
  const intent = text('intent');
  const formId = intent === 'cancel' ? 'cancel' : 'plan';
  const values = { plan: text('plan') };
  if (!context.verifyCsrf(form)) return rejected(formId, CSRF_REJECTED.message, values, 403);
  const user = context.viewer.user;
  if (!user) throw signInRedirect(context, requestPath(request));
  const subscriptions = subscriptionsContext(context);
  const owner = actorOf(user);
  if (intent === 'cancel') {
    const cancelled = await cancelOwnSubscription(subscriptions, owner);
    return cancelled.kind === 'cancelled'
      ? done(
          'cancel',
          `Your subscription is cancelled. It runs until ${cancelled.endsOn} and is not billed again.`,
        )
      : rejected('cancel', 'There is no active subscription to cancel.', values, 409);
  }
  if (intent !== 'preview' && intent !== 'change') {
    return rejected('plan', 'This form could not be sent. Reload the page.', values, 400);
  }
  const outcome = await changeOwnPlan(subscriptions, owner, values.plan, intent === 'change');
  if (outcome.kind === 'invalid') return rejected('plan', outcome.message, values, 400, 'plan');
  if (outcome.kind === 'none') {
    return rejected(
      'plan',
      'Your plan could not be changed: it may have changed meanwhile, or the subscription is not active. Reload the page.',
      values,
      409,
    );
  }
  const money = (minor: number) => formatMoney(minor, outcome.to.currency);
  const { change } = outcome;
  if (outcome.kind === 'changed') {
    return done(
      'plan',
      `You are on ${outcome.to.name} from ${change.effectiveDate}. ${
        change.net >= 0
          ? `${money(change.net)} is added to your next bill for the rest of this period.`
          : `${money(-change.net)} is credited to your next bill for the rest of this period.`
      }`,
    );
  }
  return data<{ preview: PlanPreview }>({
    preview: {
      plan: outcome.to.code,
      from: outcome.from.name,
      to: outcome.to.name,
      effectiveDate: change.effectiveDate,
      periodEnd: change.period.end,
      daysLeft: change.daysLeft,
      periodDays: change.period.days,
      credit: money(change.credit),
      charge: money(change.charge),
      net: money(Math.abs(change.net)),
      owed: change.net >= 0,
    },
  });
}
