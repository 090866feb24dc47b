import type { InjectOptions } from 'fastify';
import { expect } from 'vitest';
import { remoteMethodRequest, type RemoteMethod, type RemoteMethodParams } from '~core/gateway';
import { PARTNER_SUGGESTED_STEPS_STRATEGY, type RecommendationRecord } from '~core/partner';
import { testConfig } from '~tests/support/config.ts';
import { signInAs, type SignedInSession } from '~tests/support/sessions.ts';
import { buildPortalServer } from '../app.ts';
import type { PortalDatabase } from '../db/database.ts';
import { importContent } from '~server/modules/content';
import { BASIC_FIXTURE, FIXTURE_SETTINGS } from '~server/modules/content/content.fixture.ts';
import { builtInIssuer } from '~server/modules/identity';
import { seedDemoPartnerProgramme } from '~server/modules/partners';

/* What the gateway's tests over HTTP share: the portal, its demo users and a way to call it. */

export const config = testConfig();
export const PARTNER_DENIAL =
  "You do not have access to the Apex class named 'LL_PartnerController'.";
export const TASK_DENIAL =
  "You do not have access to the Apex class named 'LL_CustomerTaskController'.";
export const STRATEGY = { strategyName: PARTNER_SUGGESTED_STEPS_STRATEGY };

type Who = SignedInSession | null;

export type Gateway = Awaited<ReturnType<typeof openGateway>>;

/**
 * The portal with the demo partner programme and the basic help content, a session for each
 * kind of user, and calls of the gateway's remote methods as one of them (or a guest).
 */
export async function openGateway(database: PortalDatabase) {
  const app = await buildPortalServer({ config, database });
  const customer = await signInAs(database, 'demo-customer', config);
  const partner = await signInAs(database, 'demo-partner-primary', config);
  const principal = await signInAs(database, 'demo-partner-principal', config);
  const member = await signInAs(database, 'demo-partner-member', config);
  const updating = await signInAs(database, 'demo-partner-update-account', config);
  const admin = await signInAs(database, 'demo-admin', config);
  await seedDemoPartnerProgramme(database.db, builtInIssuer(config.siteUrl));
  const report = await importContent(database.db, BASIC_FIXTURE, FIXTURE_SETTINGS);
  expect(report.issues).toEqual([]);

  function call<M extends RemoteMethod>(
    method: M,
    params: RemoteMethodParams<M>,
    who: Who,
    extra: Partial<InjectOptions> = {},
  ) {
    const request = remoteMethodRequest(config.prefix, method, params);
    const headers: Record<string, string> = {};
    if (who) headers.cookie = who.cookie;
    if (request.method === 'POST') {
      headers['content-type'] = 'application/json';
      if (who) headers['x-csrf-token'] = who.csrfToken;
    }
    return app.inject({
      method: request.method,
      url: request.url,
      payload: request.body,
      ...extra,
      headers: { ...headers, ...(extra.headers as Record<string, string> | undefined) },
    });
  }

  async function steps(who: SignedInSession): Promise<RecommendationRecord[]> {
    const response = await call('executeNBAFlowCurrentUser', STRATEGY, who);
    expect(response.statusCode).toBe(200);
    return response.json();
  }

  return { app, customer, partner, principal, member, updating, admin, call, steps };
}
