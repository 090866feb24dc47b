/**
 * RFC 8058 one-click unsubscribe: the URL every marketing and digest e-mail names in its
 * List-Unsubscribe header. A POST to it unsubscribes, with no sign-in and no other step; a GET
 * (a person opening it) leads to a page that asks first.
 */
export const ONE_CLICK_UNSUBSCRIBE_PATH = '/api/unsubscribe';

/** The two headers RFC 8058 asks for, around one absolute HTTPS (or local HTTP) URL. */
export function oneClickUnsubscribeHeaders(url: string): Record<string, string> {
  return {
    'List-Unsubscribe': `<${url}>`,
    'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
  };
}

/** The one-click URL for a community follow's unsubscribe token. */
export function followUnsubscribeUrl(siteUrl: string, followToken: string): string {
  return `${siteUrl}${ONE_CLICK_UNSUBSCRIBE_PATH}?follow=${encodeURIComponent(followToken)}`;
}

/** The one-click URL for a signed marketing unsubscribe token. */
export function marketingUnsubscribeUrl(siteUrl: string, signedToken: string): string {
  return `${siteUrl}${ONE_CLICK_UNSUBSCRIBE_PATH}?token=${encodeURIComponent(signedToken)}`;
}
