/*
 * The privacy module's public face (consent records, communication preferences): the only file
 * other modules, the app's server files and tests import from it.
 */
export {
  consentHistoryOfUser,
  consentHistoryOfVisitor,
  type ConsentRecord,
} from './consent-records.service.ts';
export { registerPrivacyRoutes } from './privacy.routes.ts';
export type { PrivacyTables } from './privacy.tables.ts';
