/*
 * The contact module's public face (docs/contact-support.md): the only file other modules, the
 * app's server files and tests import from it.
 */
export {
  bookCall,
  bookingProblem,
  cancelBooking,
  findBooking,
  listBookableSlots,
  listUpcomingCalls,
  rescheduleBooking,
  sendCallReminders,
  type BookingContext,
  type BookingField,
  type BookingOutcome,
  type BookingRequest,
  type BookingView,
  type ChangeOutcome,
} from './bookings.service.ts';
export {
  accountQuestionsFrom,
  contactSettingsFrom,
  loadAccountQuestions,
  loadContactSettings,
  type ContactSettings,
  type RegionContact,
} from './contact-settings.ts';
export type { ContactTables } from './contact.tables.ts';
export { countDeflectionsBetween, type DailyDeflectionCount } from './deflection.repository.ts';
export {
  deflectionReport,
  recordAnswerShown,
  recordReachedPerson,
  recordShownHelp,
  type ContactFlow,
  type DeflectionLine,
  type ShownHelp,
} from './deflection.service.ts';
export {
  callbackWait,
  listCallbackTasks,
  markCallbackCalled,
  requestCallback,
  type CallbackContext,
  type CallbackField,
  type CallbackOutcome,
  type CallbackRequest,
  type CallbackTask,
} from './callbacks.service.ts';
export {
  chatCaseNeedsEmail,
  fileChatAsCase,
  type AgentChatCaseOutcome,
} from './chat-agent-case.ts';
export { askForPerson, type PersonOutcome } from './chat-handover.ts';
export { openChatNews, type ChatNews } from './chat-news.ts';
export { CHAT_RATE_LIMITS, registerChatRoutes } from './chat.routes.ts';
export {
  agentChatLists,
  agentOnline,
  agentPresence,
  chatLinesAfter,
  endChat,
  findChat,
  setAgentPresence,
  takeChat,
  type ChatAgent,
  type ChatContext,
  type ChatLine,
  type ChatSummary,
} from './chat.service.ts';
export { CONTACT_LIMITS, LIMIT_MESSAGE, withinContactLimit } from './contact-limits.ts';
export { forgetContactCodes } from './email-codes.repository.ts';
export {
  checkEmailCode,
  PROOF_EXPIRED,
  proveAccountAddress,
  provenAddress,
  purgeExpiredCodes,
  raiseCaseWithProof,
  requestEmailCode,
  type CodeCheckOutcome,
  type CodeRequestOutcome,
  type GuestCaseOutcome,
  type GuestHelpContext,
} from './guest-help.service.ts';
