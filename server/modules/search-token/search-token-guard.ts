import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Clock } from '~server/clock.ts';
import { verifySearchToken } from './search-token.ts';

export const INVALID_SEARCH_TOKEN = {
  errorCode: 'INVALID_SEARCH_TOKEN',
  missing: 'A search token is required: send "authorization: Bearer <accessToken>".',
  refused: {
    malformed: 'The search token is not valid.',
    signature: 'The search token is not valid.',
    expired: 'The search token has expired; ask for a new search configuration.',
    'wrong-hub': 'The search token was issued for another search hub.',
    'wrong-visitor':
      'The search token was issued to another visitor; ask for a new search configuration.',
  },
} as const;

/**
 * Refuses the request with 401 unless it carries, as a bearer token, a live search token issued
 * for `searchHub`; says whether the request may go on. The search and answer APIs share it.
 * The hub may be looked up lazily (an answer's hub), only once a token is there to check.
 */
export async function acceptsSearchToken(
  request: FastifyRequest,
  reply: FastifyReply,
  tokenKey: Buffer,
  searchHub: string | (() => Promise<string>),
  clock: Clock,
): Promise<boolean> {
  const token = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1];
  if (token === undefined) {
    await reply
      .status(401)
      .send({ message: INVALID_SEARCH_TOKEN.missing, errorCode: INVALID_SEARCH_TOKEN.errorCode });
    return false;
  }
  const hub = typeof searchHub === 'string' ? searchHub : await searchHub();
  const check = verifySearchToken(
    tokenKey,
    token,
    { searchHub: hub, visitorKey: request.visitorKey() },
    clock.now(),
  );
  if (!check.ok) {
    await reply.status(401).send({
      message: INVALID_SEARCH_TOKEN.refused[check.reason],
      errorCode: INVALID_SEARCH_TOKEN.errorCode,
    });
    return false;
  }
  return true;
}
