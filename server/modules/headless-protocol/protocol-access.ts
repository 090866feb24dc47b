import type { FastifyReply, FastifyRequest } from 'fastify';
import { searchOrganizationId } from '~core/headless-protocol';
import { searchSettings, type SearchSettings } from '~core/search';
import type { Clock } from '~server/clock.ts';
import type { PortalConfig } from '~server/config.ts';
import { verifySearchToken, type SearchTokenClaims } from '~server/modules/search-token';

/**
 * Who may call the protocol: a live search token from getHeadlessConfiguration, for this
 * organisation, presented by the visitor it was issued to. The token names its hub, and the
 * hub decides what is searched, as a search token does on the hosted service. Refusals take
 * the shape the library reads: 419 for an expired token and 401 for any other, both making the
 * library call renewAccessToken and try again.
 */

const REFUSALS = {
  missing: 'An access token is required: send "Authorization: Bearer <accessToken>".',
  malformed: 'The access token is not valid.',
  signature: 'The access token is not valid.',
  expired: 'The access token has expired; ask getHeadlessConfiguration for a new one.',
  'wrong-hub': 'The access token was issued for another search hub.',
  'wrong-visitor':
    'The access token was issued to another visitor; ask getHeadlessConfiguration for a new one.',
} as const;

export interface ProtocolCaller {
  claims: SearchTokenClaims;
  settings: SearchSettings;
}

/** The token of a request: the bearer header, or `access_token` (quick view, beacons). */
function presentedToken(request: FastifyRequest, form?: URLSearchParams): string | undefined {
  const bearer = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1];
  if (bearer !== undefined) return bearer;
  const query = request.query as Record<string, unknown> | undefined;
  const fromQuery = query?.access_token;
  if (typeof fromQuery === 'string' && fromQuery !== '') return fromQuery;
  return form?.get('access_token') ?? undefined;
}

export function protocolAccess(config: PortalConfig, tokenKey: Buffer, clock: Clock) {
  const organizationId = searchOrganizationId(config.prefix, config.siteUrl);
  const hubs = searchSettings(config);

  async function refuse(reply: FastifyReply, reason: keyof typeof REFUSALS): Promise<undefined> {
    const statusCode = reason === 'expired' ? 419 : 401;
    await reply.status(statusCode).send({
      statusCode,
      message: REFUSALS[reason],
      type: reason === 'expired' ? 'ExpiredTokenException' : 'InvalidTokenException',
    });
    return undefined;
  }

  /**
   * The caller, or undefined once the refusal is sent. `organization` is the id the request
   * names (path or query); another organisation's requests are refused as a foreign token.
   */
  async function caller(
    request: FastifyRequest,
    reply: FastifyReply,
    organization: unknown,
    form?: URLSearchParams,
  ): Promise<ProtocolCaller | undefined> {
    const token = presentedToken(request, form);
    if (token === undefined) return refuse(reply, 'missing');
    if (organization !== undefined && organization !== organizationId) {
      return refuse(reply, 'signature');
    }
    const visitorKey = request.visitorKey();
    let reason: keyof typeof REFUSALS = 'malformed';
    for (const settings of hubs) {
      const check = verifySearchToken(
        tokenKey,
        token,
        { searchHub: settings.searchHub, visitorKey },
        clock.now(),
      );
      if (check.ok) return { claims: check.claims, settings };
      reason = check.reason;
      if (check.reason !== 'wrong-hub') break;
    }
    return refuse(reply, reason);
  }

  return { organizationId, caller };
}

export type ProtocolAccess = ReturnType<typeof protocolAccess>;
