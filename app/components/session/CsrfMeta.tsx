import { CSRF_META_NAME, useCsrfToken } from '~app/csrf.ts';

/** The CSRF token in the page head, where csrfHeaders() finds it. */
export function CsrfMeta() {
  const token = useCsrfToken();
  return token ? <meta name={CSRF_META_NAME} content={token} /> : null;
}
