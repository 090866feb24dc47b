/** The server's answer to a form whose CSRF token does not check out, for actions to show. */
export { CSRF_REJECTED } from '~server/http/csrf.ts';
