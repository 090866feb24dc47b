/**
 * The support cases module as the pages use it. A '.server' module: React Router refuses to put
 * it in the browser bundle, so route modules take the service from here, never from server/.
 */
export {
  acceptInvitation,
  CaseError,
  getCase,
  getCaseDraft,
  keepDraftFiles,
  removeDraftFile,
  getCasePeople,
  inviteToCase,
  listCaseCategories,
  listCaseProducts,
  listCases,
  markCaseSolved,
  openCaseAttachment,
  proposeCategory,
  proposeImpact,
  raiseCase,
  rateCase,
  recordDeflection,
  removePerson,
  reopenCase,
  replyToCase,
  resolveClassification,
  type AttachmentUpload,
  type CaseAttachmentView,
  type CaseCategory,
  type CaseContext,
  type CaseDraft,
  type CaseView,
} from '~server/modules/cases';
