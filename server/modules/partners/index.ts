export { seedDemoPartnerProgramme } from './partners.demo.ts';
export { mayUsePartnerProgramme } from './partners.policy.ts';
export {
  acknowledgePartnerTier,
  getOnboardingCtaDetail,
  getPartnerTierData,
  getUpdateAccountFlowDetails,
  listSuggestedSteps,
  recordReaction,
  removeReaction,
  type ReactionResult,
} from './partners.service.ts';
export type { PartnersTables } from './partners.tables.ts';
