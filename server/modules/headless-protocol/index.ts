/*
 * The search library's protocol: the only file other modules, the app's server files and tests
 * import from it.
 */
export {
  PROTOCOL_RATE_LIMITS,
  registerHeadlessProtocolRoutes,
  SEARCH_API_PATH,
} from './headless-protocol.routes.ts';
