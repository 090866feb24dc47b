import type { Kysely } from 'kysely';
import { isPartnerEventKind, onboardingFunnel, type FunnelStage } from '~core/partner';
import type { Database } from '~server/db/schema.ts';
import { listMemberEventKinds } from './programme-counts.repository.ts';
import { listOnboardingSteps } from './partners.repository.ts';

/** How far the programme's members got through onboarding, now (docs/insight.md). */
export async function onboardingFunnelNow(db: Kysely<Database>): Promise<FunnelStage[]> {
  const [steps, members] = await Promise.all([listOnboardingSteps(db), listMemberEventKinds(db)]);
  return onboardingFunnel(
    steps.flatMap((step) =>
      isPartnerEventKind(step.completed_by)
        ? [{ name: step.name, completedBy: step.completed_by }]
        : [],
    ),
    members.map((kinds) => new Set(kinds.filter(isPartnerEventKind))),
  );
}
