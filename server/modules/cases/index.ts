/*
 * The support cases module's public face: the only file other modules, the app's server files
 * and tests import from it.
 */
export {
  addInternalNote,
  assignCase,
  getAgentCaseDetails,
  listAgentQueue,
  mergeCase,
  setCaseStatus,
  takeCase,
  type AgentCaseDetails,
  type AgentCaseSummary,
  type AgentQueueView,
} from './agent.service.ts';
export type { CaseContext } from './case-context.ts';
export {
  openCaseAttachment,
  type AttachmentUpload,
  type CaseAttachmentFile,
} from './case-attachments.ts';
export {
  getCaseDraft,
  keepDraftFiles,
  removeDraftFile,
  sweepLapsedDrafts,
  type CaseDraft,
  type DraftFileView,
} from './case-drafts.service.ts';
export { CASE_PROPOSAL_RATE_LIMIT, registerCaseProposalRoutes } from './case-proposal.routes.ts';
export { proposeCategory, type CategoryProposal } from './case-proposal.service.ts';
export {
  proposeClassification,
  proposeImpact,
  retrainCaseClassifiers,
  type ClassificationProposal,
} from './classifier.service.ts';
export { caseReplySettings, type CaseReplySettings } from './case-replies.ts';
export { INBOUND_MAIL_PATH, registerInboundMailRoutes } from './inbound-mail.routes.ts';
export { INBOUND_REFUSALS, receiveCaseReply, type InboundOutcome } from './inbound-mail.service.ts';
export { startInboundSmtp, type InboundSmtp } from './inbound-smtp.ts';
export { CaseError, type CaseErrorCode } from './case-error.ts';
export { threadRoot } from './case-mail.ts';
export {
  acceptInvitation,
  getCasePeople,
  INVITATION_DAYS,
  inviteToCase,
  removePerson,
  type InvitationOutcome,
} from './case-people.service.ts';
export { getCase, markCaseSolved, rateCase, reopenCase, replyToCase } from './case-page.service.ts';
export type { CaseAttachmentView, CaseSummary, CaseView } from './cases.presenters.ts';
export {
  closeSolvedCases,
  listCaseCategories,
  listCaseProducts,
  listCases,
  raiseCase,
  recordDeflection,
  resolveClassification,
  type CaseCategory,
  type CaseList,
} from './cases.service.ts';
export type { CaseTables } from './cases.tables.ts';
export { seedDemoCases } from './demo/demo-cases.ts';
export { forgetCaseContact } from './case-erasure.repository.ts';
export { listCasesForExport } from './case-export.repository.ts';
export {
  countCasesRaisedBetween,
  countOpenCases,
  countOpenCasesAt,
  countRatingsBetween,
  listCasesSolvedBetween,
  listFirstResponsesBetween,
  type CaseTiming,
} from './case-counts.repository.ts';
export { caseFollowKey } from './case-follow-links.ts';
export { takesCaseFiles } from './case-paths.ts';
export {
  getFollowedCase,
  guestCaseNumber,
  raiseGuestCase,
  replyToFollowedCase,
  type FollowedCase,
  type GuestCaseContext,
  type GuestCaseInput,
} from './guest-cases.service.ts';
