/*
 * The identity module's public face: the only file other modules, the app's server files and
 * tests import from it.
 */
export { BUILT_IN_PROVIDER_PATH, builtInIssuer } from './built-in-issuer.ts';
export {
  builtInClient,
  createBuiltInProvider,
  DEMO_SIGN_IN_PATH,
  type BuiltInClient,
} from './built-in-provider.ts';
export { demoAccount } from './demo-accounts.ts';
export { demoSignInPage } from './demo-sign-in-page.ts';
export { seedDemoUsers } from './demo-users.service.ts';
export { derivedKey } from './derived-secrets.ts';
export type { IdentityTables } from './identity.tables.ts';
export { plainPage } from './plain-page.ts';
export { RelyingParty } from './relying-party.ts';
export {
  activityWriteGapMs,
  endSession,
  purgeExpiredSignIns,
  readSession,
  recordActivity,
  sessionIdOf,
  startSession,
  type PortalSession,
} from './session.service.ts';
export {
  callbackPath,
  completeSignIn,
  providerLogoutUrl,
  SIGN_IN_FLOW_SECONDS,
  startSignIn,
  type CompleteOutcome,
  type SignInFlowSettings,
  type StartOutcome,
} from './sign-in-flow.ts';
export { NO_USER_DATA } from './user.repository.ts';
export {
  findUserBySubject,
  listPartnerIdsByEmail,
  listAgents,
  listStaff,
  listUserSummaries,
  savePartnerProductInterests,
  saveUser,
  setPartnerStanding,
  type PartnerStanding,
  type ProductInterests,
  type UserData,
  type StaffMember,
  type UserSummary,
} from './user.service.ts';
export { GUEST, type PortalUser, type Viewer } from './viewer.ts';
export { eraseUser } from './user-erasure.repository.ts';
