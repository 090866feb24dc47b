/**
 * The privacy module as the pages use it. A '.server' module: React Router refuses to put it in
 * the browser bundle, so route modules take the service from here, never from server/.
 */
export {
  accountDeletionOf,
  cancelAccountDeletion,
  checkLink,
  confirmAccountDeletion,
  requestAccountDeletion,
  type DeletionContext,
  type DeletionOutcome,
  confirmAddress,
  consentHistoryOfUser,
  preferencesOf,
  savePreferences,
} from '~server/modules/privacy';
export { CSRF_REJECTED } from '~server/http/csrf.ts';
