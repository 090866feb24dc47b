import type { FastifyRequest } from 'fastify';
import { GATEWAY_BASE_PATH } from '~core/gateway';

// Where the portal answers JSON: its own APIs, the services (sign-in endpoints), the platform
// gateway, and React Router's data requests behind client-side navigation.
const JSON_PREFIXES = ['/api/', '/services/', `${GATEWAY_BASE_PATH}/`];

/**
 * Whether the browser is loading the request's answer as the page it shows: a link followed,
 * an address typed, a form posted. Browsers say so in Sec-Fetch-Dest; one too old to send it is
 * answered by the path's kind.
 */
function loadsAsDocument(request: FastifyRequest): boolean {
  return request.headers['sec-fetch-dest'] === 'document';
}

/**
 * Whether an error is answered as `{message, errorCode}` rather than as a page. The sign-in
 * services are JSON addresses a visitor's browser also opens as pages, on its way to sign in:
 * there it gets a page.
 */
export function answersJson(request: FastifyRequest): boolean {
  if (loadsAsDocument(request)) return false;
  const path = request.url.split('?', 1)[0] ?? '';
  return JSON_PREFIXES.some((prefix) => path.startsWith(prefix)) || path.endsWith('.data');
}
