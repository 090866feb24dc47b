export { searchTokenKey, signSearchToken, verifySearchToken } from './search-token.ts';
export { acceptsSearchToken } from './search-token-guard.ts';
