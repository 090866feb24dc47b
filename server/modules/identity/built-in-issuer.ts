/** Where the built-in identity provider is mounted in this server. */
export const BUILT_IN_PROVIDER_PATH = '/oidc';

/** The built-in provider's issuer identifier: its mount path on the configured site URL. */
export function builtInIssuer(siteUrl: string): string {
  return `${siteUrl}${BUILT_IN_PROVIDER_PATH}`;
}
