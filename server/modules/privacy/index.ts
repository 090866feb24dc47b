/*
 * The privacy module's public face (consent records, communication preferences): the only file
 * other modules, the app's server files and tests import from it.
 */
export {
  accountDeletionOf,
  cancelAccountDeletion,
  closeAccountDeletion,
  confirmAccountDeletion,
  dueAccountDeletions,
  requestAccountDeletion,
  type DeletionContext,
  type DeletionOutcome,
} from './account-deletion.service.ts';
export { consentHistoryOfUser, type ConsentRecord } from './consent-records.service.ts';
export { preferenceLinks, type PreferenceLinks } from './preference-links.ts';
export { seedDemoPrivacy } from './privacy.demo.ts';
export {
  checkLink,
  confirmAddress,
  emailSubscribersOf,
  marketingMailLinks,
  preferencesOf,
  savePreferences,
  signedPageLink,
  type CommunicationPreferences,
  type LinkOutcome,
  type PreferenceHistoryEntry,
  type SaveOutcome,
} from './preferences.service.ts';
export { registerPrivacyRoutes } from './privacy.routes.ts';
export type { PrivacyTables } from './privacy.tables.ts';
