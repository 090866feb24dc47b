import type { FastifyReply, FastifyRequest } from 'fastify';
import { decideRoute, siteResourceAnswer, type RouteContract } from '~core/routes';

/**
 * Variant redirects are permanent (308): the priority variant is the page's one address, and
 * 308 keeps the method and body of a form post. A missing id or url name goes to the error
 * page with a temporary 302, since the link, not the page, is what is wrong.
 */
const STATUS_FOR = { variant: 308, 'missing-id': 302, 'missing-url-name': 302 } as const;

/**
 * A site resource that reaches the pages is not there (the files and media are served before
 * them): it gets a short 404 of its own, not a rendered page, which would cost a whole render
 * for every broken image link. A content-management path to a resource leads to the resource.
 */
function answerSiteResource(request: FastifyRequest, reply: FastifyReply): boolean {
  const url = request.url;
  const pathname = url.split('?', 1)[0] ?? '';
  const answer = siteResourceAnswer(pathname);
  if (answer === undefined) return false;
  if (answer.kind === 'resource-at') {
    void reply.redirect(`${answer.location}${url.slice(pathname.length)}`, STATUS_FOR.variant);
  } else {
    void reply
      .status(404)
      .header('Cache-Control', 'no-cache')
      .type('text/plain; charset=utf-8')
      .send('Not found');
  }
  return true;
}

/**
 * The spec's redirect rule, applied on the server before any rendering. Returns true when it
 * answered the request. React Router's own data requests (`*.data`) are left alone: they come
 * from in-app navigation, whose links are built on the priority variant already.
 */
export function applyRouteRules(
  contract: RouteContract,
  request: FastifyRequest,
  reply: FastifyReply,
): boolean {
  if (answerSiteResource(request, reply)) return true;
  const url = request.url;
  const pathname = url.split('?', 1)[0] ?? '';
  if (pathname.endsWith('.data')) return false;
  if (pathname === '/') {
    const query = url.slice(pathname.length);
    void reply.redirect(`${contract.path('home') ?? '/0/'}${query}`, STATUS_FOR.variant);
    return true;
  }
  const decision = decideRoute(contract, url);
  if (decision.action !== 'redirect') return false;
  void reply.redirect(decision.location, STATUS_FOR[decision.reason]);
  return true;
}
