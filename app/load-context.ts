import type { PublicConfig } from '../core/site-config.ts';

declare module 'react-router' {
  /** What the server hands every loader: the public configuration and this response's CSP nonce. */
  interface AppLoadContext {
    config: PublicConfig;
    nonce: string;
  }
}
