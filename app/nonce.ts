import { createContext, useContext } from 'react';

/** The CSP nonce, set on the server only: browsers hide nonces from the DOM after parsing. */
export const NonceContext = createContext<string | undefined>(undefined);

export function useNonce(): string | undefined {
  return useContext(NonceContext);
}
