/**
 * The cases module as the agents' workspace uses it. A '.server' module: React Router keeps it
 * out of the browser bundle, so the workspace's route modules take the service from here.
 */
export {
  addInternalNote,
  assignCase,
  getAgentCaseDetails,
  getCase,
  listAgentQueue,
  mergeCase,
  replyToCase,
  setCaseStatus,
  takeCase,
} from '~server/modules/cases';
