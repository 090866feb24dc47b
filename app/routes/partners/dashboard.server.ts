import type { ActionFunctionArgs, AppLoadContext, LoaderFunctionArgs } from 'react-router';
import { ssoStartUrl } from '~core/routes';
import {
  groupByActionType,
  isNewResource,
  PARTNER_SUGGESTED_STEPS_STRATEGY,
  partnerResourceDownloadPath,
  partnerStepFollowPath,
  PARTNER_TIERS,
  tierDefinition,
  toSuggestedStep,
  type RankedPartnerTier,
} from '~core/partner';
import {
  acknowledgePartnerTier,
  getPartnerTierData,
  mayUsePartnerProgramme,
  joinProgramme,
  listChallengesFor,
  listPartnerResources,
  listServiceJobs,
  listSuggestedSteps,
  tierThresholds,
} from '~server/modules/partners';
import type { PortalUser } from '~server/modules/identity';
import { routeContractFor } from '~app/site.ts';
import { loadOnboardingCta } from '../../blocks/onboarding-cta.server.ts';
import { runPartnerAction } from './partners.server.ts';

/** What the dashboard shows a partner; opening it is the onboarding's first step. */
export async function partnerDashboard(context: AppLoadContext, user: PortalUser) {
  const now = context.clock.now();
  await joinProgramme(context.db, user.id, now);
  const [tierData, records, challenges, onboarding, resources, serviceJobs] = await Promise.all([
    getPartnerTierData(context.db, user.id),
    listSuggestedSteps(context.db, user.id, PARTNER_SUGGESTED_STEPS_STRATEGY),
    listChallengesFor(context.db, user.id, now),
    loadOnboardingCta(context),
    listPartnerResources(context.db, user.id),
    listServiceJobs(context.db, user.id),
  ]);
  const host = new URL(context.config.siteUrl).host;
  const contract = routeContractFor(context.config);
  const steps = groupByActionType(records.map((record) => toSuggestedStep(record, now, host)));
  // Every link comes made, so the page's script needs none of the paths' rules.
  return {
    tierData,
    onboarding,
    steps: steps.todo.slice(0, 3).map((step) => ({
      id: step.id,
      title: step.title,
      due: step.due,
      href: step.url ? partnerStepFollowPath(step.id) : '#',
      points: step.points,
      openInNewWindow: step.openInNewWindow,
    })),
    stepsLeft: steps.todo.length,
    challenges: challenges
      .filter((challenge) => challenge.running)
      .slice(0, 3)
      .map((challenge) => ({
        ...challenge,
        href: contract.path('partnersChallenge', { id: challenge.id }) ?? '#',
      })),
    // New and open to the partner's tier; the library shows the locked ones.
    newResources: resources
      .filter((resource) => resource.lock === null && isNewResource(resource.publishedAt, now))
      .slice(0, 3)
      .map((resource) => ({
        id: resource.id,
        title: resource.title,
        summary: resource.summary,
        href: partnerResourceDownloadPath(resource.id),
      })),
    hasPractice: serviceJobs.practice !== null,
    serviceJobs: serviceJobs.jobs.map((job) => ({
      id: job.id,
      href: contract.path('partnersServiceJob', { id: job.id }) ?? '#',
      title: job.title,
      kindLabel: job.kindLabel,
      clientName: job.clientName,
      statusLabel: job.statusLabel,
      ours: job.ours,
    })),
  };
}

/** The tiers and where each starts, for those deciding whether to join. */
export async function programmeTiers(context: AppLoadContext) {
  const thresholds = await tierThresholds(context.db);
  return PARTNER_TIERS.filter((tier): tier is RankedPartnerTier => tier !== 'none').map((tier) => {
    const definition = tierDefinition(tier);
    return {
      tier,
      label: definition.label,
      badgeImage: definition.badgeImage,
      threshold: thresholds[tier],
    };
  });
}

/** A partner's dashboard, or for anyone else the programme and how to join it. */
export async function dashboardLoader({ request, context }: LoaderFunctionArgs) {
  const { viewer } = context;
  if (mayUsePartnerProgramme(viewer)) {
    return { kind: 'partner' as const, ...(await partnerDashboard(context, viewer.user)) };
  }
  const url = new URL(request.url);
  return {
    kind: 'visitor' as const,
    signedIn: !viewer.isGuest,
    signInUrl: ssoStartUrl(context.config.ssoProvider, `${url.pathname}${url.search}`),
    tiers: await programmeTiers(context),
  };
}

export async function dashboardAction(args: ActionFunctionArgs) {
  return runPartnerAction(args, {
    async 'acknowledge-tier'(form, user, context) {
      await acknowledgePartnerTier(context.db, user.id, context.clock.now());
      return { formId: form.formId, ok: true, message: '' };
    },
  });
}
