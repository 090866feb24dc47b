/*
 * The identity module's public face: the only file other modules, the app's server files and
 * tests import from it.
 */
export { GUEST, type PortalUser, type Viewer } from './viewer.ts';
export {
  findUserBySubject,
  listUserSummaries,
  saveUser,
  type UserSummary,
} from './user.service.ts';
export { NO_USER_DATA } from './user.repository.ts';
export { demoAccount } from './demo-accounts.ts';
export { builtInIssuer } from './built-in-issuer.ts';
