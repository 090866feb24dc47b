/*
 * The practices module's public face (docs/practices-and-subscriptions.md): the only file other
 * modules, the app's server files and tests import from it.
 */
export {
  findListingPage,
  previewListingPage,
  searchDirectory,
  type DirectoryResults,
  type ListingCard,
  type ListingPage,
} from './directory.service.ts';
export {
  findManagedPractice,
  practiceOfBadgeHolder,
  findPracticeLogo,
  MAX_LOGO_BYTES,
  publishListing,
  saveListingDraft,
  unpublishListing,
  uploadLogo,
  type ListingOutcome,
  type ManagedPractice,
} from './listing.service.ts';
export type { ListingForm } from './listing-form.ts';
export {
  decideListing,
  decideReview,
  moderationQueue,
  type ModerationOutcome,
  type Moderator,
} from './moderation.service.ts';
export type { FieldProblem, PracticeUser, PracticesContext } from './practices.context.ts';
export {
  askToJoin,
  createPractice,
  decideJoinRequest,
  listJoinRequests,
  type CreateOutcome,
  type NewPractice,
  type NewPracticeField,
} from './practices.service.ts';
export type { PracticesTables } from './practices.tables.ts';
export {
  acceptInvitation,
  invitePerson,
  readInvitation,
  withdrawInvitation,
  type InvitationView,
  type InviteOutcome,
  type WithdrawOutcome,
} from './invitations.service.ts';
export {
  handOverPractice,
  practicePeople,
  removePerson,
  type HandOverOutcome,
  type PendingInvitation,
  type PracticePeople,
  type PracticePerson,
  type RemoveOutcome,
} from './people.service.ts';
export { seedDemoPractices } from './practices.demo.ts';
export { directoryGazetteer } from './gazetteer/gazetteer.ts';
export {
  answerLead,
  listPracticeLeads,
  sendLead,
  submitReview,
  type LeadOutcome,
  type LeadView,
  type ReviewOutcome,
} from './visitor-messages.service.ts';
export { countPracticesByTier } from './practices.repository.ts';
export { forgetPracticePerson } from './practice-erasure.repository.ts';
