export { seedDemoPartnerProgramme } from './partners.demo.ts';
export { mayUsePartnerProgramme } from './partners.policy.ts';
export {
  creditCertification,
  expireLapsedPoints,
  joinProgramme,
  recordPartnerEvent,
  tierThresholds,
  type PartnerEvent,
} from './engine.service.ts';
export { recordPartnerEventsWithin } from './event-batch.service.ts';
export {
  acknowledgePartnerTier,
  assignPartnerContact,
  getOnboardingCtaDetail,
  getPartnerTierData,
  getUpdateAccountFlowDetails,
  listSuggestedSteps,
  recordReaction,
  removeReaction,
  type ReactionResult,
} from './partners.service.ts';
export {
  adjustPoints,
  pointsAccount,
  pointsLedgerCsv,
  redeemReward,
  type PointsAccount,
  type RedemptionResult,
} from './points.service.ts';
export {
  challengeDetail,
  createChallenge,
  createReward,
  joinChallenge,
  leaveChallenge,
  listChallengesFor,
  listRedemptions,
  listRewards,
  type ChallengeView,
} from './programme.service.ts';
export {
  savePersonaliseStep,
  saveUpdateAccountAnswers,
  saveUpdateAccountScreen,
  updateAccountFlow,
  type FlowSaveResult,
  type UpdateAccountFlow,
} from './flows.service.ts';
export {
  downloadResource,
  listPartnerResources,
  type DownloadResult,
  type PartnerResource,
} from './resources.service.ts';
export {
  badgeRecognition,
  findBadge,
  partnerBadge,
  type BadgeRecognition,
  type RecognitionBadge,
} from './badges.service.ts';
export type { PartnersTables } from './partners.tables.ts';
export { leaveLeaderboards } from './programme.repository.ts';
export {
  listServiceJobs,
  offerServiceJob,
  rateServiceJob,
  ratingUrl,
  serviceJobDetail,
  serviceJobForClient,
  serviceJobRatingKey,
  takeServiceJobStep,
  type RatingLinks,
  type RatingResult,
  type ServiceJobForClient,
  type ServiceJobStepResult,
  type ServiceJobView,
} from './service-jobs.service.ts';
export { seedDemoServiceJobs } from './service-jobs.demo.ts';
export {
  countChallengeEntriesBetween,
  countLedgerBetween,
  countMembersByTier,
} from './programme-counts.repository.ts';
export { onboardingFunnelNow } from './programme-figures.service.ts';
export {
  adjustPartnerPoints,
  changeEarningRule,
  changeTierThreshold,
  offerJob,
  programmeConfiguration,
  recentServiceJobs,
  type AdminChange,
} from './admin.service.ts';
export {
  addReward,
  cancelRedemption,
  editReward,
  fulfilRedemption,
  redemptionsToDecide,
  retireReward,
  type RedemptionDecision,
} from './admin-rewards.service.ts';
export {
  configurationChanges,
  configurationChangesCsv,
  type ChangeAuthor,
  type ConfigurationChangeView,
} from './configuration-changes.service.ts';
export {
  addChallenge,
  challengesForAdmin,
  editChallenge,
  endChallengeEarly,
  type AdminChallengeView,
} from './admin-challenges.service.ts';
export {
  addStepRule,
  editStepRule,
  moveOnboardingStep,
  moveStepRule,
  onboardingForAdmin,
  renameOnboardingStep,
  retireOnboardingStep,
} from './admin-onboarding.service.ts';
export {
  addResource,
  editResource,
  resourcesForAdmin,
  retireResource,
} from './admin-resources.service.ts';
export { indexResourceLibrary } from './resource-search.ts';
