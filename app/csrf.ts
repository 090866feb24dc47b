import { useRouteLoaderData } from 'react-router';

/** The header the server checks on every state-changing request that is not a form post. */
export const CSRF_HEADER = 'x-csrf-token';
/** The hidden field forms carry the token in; actions check it with `context.verifyCsrf`. */
export const CSRF_FIELD = '_csrf';
/** The page head carries the token in this meta element, for scripts outside React. */
export const CSRF_META_NAME = 'csrf-token';

/** This visitor's CSRF token, from the root loader (for hidden form fields). */
export function useCsrfToken(): string {
  return useRouteLoaderData<{ csrfToken?: string }>('root')?.csrfToken ?? '';
}

/**
 * Headers for a same-origin fetch that changes something: `fetch(url, { method: 'POST',
 * headers: { ...csrfHeaders(), 'Content-Type': 'application/json' }, body })`.
 */
export function csrfHeaders(): Record<string, string> {
  if (typeof document === 'undefined') return {};
  const token = document.querySelector<HTMLMetaElement>(`meta[name="${CSRF_META_NAME}"]`)?.content;
  return token ? { [CSRF_HEADER]: token } : {};
}
