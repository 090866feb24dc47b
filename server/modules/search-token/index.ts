export {
  searchTokenKey,
  signSearchToken,
  verifySearchToken,
  type SearchTokenClaims,
} from './search-token.ts';
export { acceptsSearchToken } from './search-token-guard.ts';
