import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONSENT_RECORDS_PATH } from '~core/consent';
import { describeEachDialect } from '~tests/support/dialects.ts';
import { testConfig } from '~tests/support/config.ts';
import { signInAs, type SignedInSession } from '~tests/support/sessions.ts';
import { buildPortalServer } from '~server/app.ts';
import { consentHistoryOfUser } from './index.ts';

const config = testConfig();
const VISITOR = 'a1b2c3d4-0000-4000-8000-000000000001';

describeEachDialect('consent records over HTTP', (database) => {
  let app: FastifyInstance;
  let signedIn: SignedInSession;

  beforeAll(async () => {
    app = await buildPortalServer({ config, database: database() });
    signedIn = await signInAs(database(), 'consent-keeper');
  });
  afterAll(async () => {
    await app.close();
  });

  const recordsOfVisitor = (visitorId: string) =>
    database()
      .db.selectFrom('consent_record')
      .select(['groups', 'method', 'user_id'])
      .where('visitor_id', '=', visitorId)
      .execute();

  function postChoice(body: unknown, headers: Record<string, string> = {}) {
    return app.inject({
      method: 'POST',
      url: CONSENT_RECORDS_PATH,
      headers: {
        'content-type': 'application/json',
        cookie: signedIn.cookie,
        'x-csrf-token': signedIn.csrfToken,
        ...headers,
      },
      payload: typeof body === 'string' ? body : JSON.stringify(body),
    });
  }

  const choice = {
    visitorId: VISITOR,
    groups: ['PERF'],
    method: 'choose',
    policyVersion: 1,
    region: 'UK',
  };

  describe(`POST ${CONSENT_RECORDS_PATH}`, () => {
    it("keeps each choice as a new record, with the user's id, and never edits one", async () => {
      expect((await postChoice(choice)).statusCode).toBe(204);
      expect(
        (
          await postChoice({
            ...choice,
            groups: [],
            method: 'reject-all',
            globalPrivacyControl: true,
          })
        ).statusCode,
      ).toBe(204);
      const history = await consentHistoryOfUser(database().db, signedIn.user.id);
      expect(history).toHaveLength(2);
      expect(history[0]).toMatchObject({
        visitorId: VISITOR,
        groups: [],
        method: 'reject-all',
        policyVersion: 1,
        region: 'UK',
        globalPrivacyControl: true,
      });
      expect(history[1]).toMatchObject({ groups: ['PERF'], method: 'choose' });
      expect(Date.parse(history[1]?.recordedAt ?? '')).not.toBeNaN();
      expect(await recordsOfVisitor(VISITOR)).toHaveLength(2);
    });

    it("keeps a guest's choice under their anonymous id only", async () => {
      // A guest's page carries no token: the banner's request is vouched for by the browser.
      const guest = 'guest000-0000-4000-8000-000000000002';
      const response = await app.inject({
        method: 'POST',
        url: CONSENT_RECORDS_PATH,
        headers: { 'content-type': 'application/json', 'sec-fetch-site': 'same-origin' },
        payload: JSON.stringify({
          ...choice,
          visitorId: guest,
          groups: ['FUNC', 'PERF', 'TARG'],
          method: 'accept-all',
        }),
      });
      expect(response.statusCode).toBe(204);
      expect(await recordsOfVisitor(guest)).toEqual([
        { groups: 'FUNC,PERF,TARG', method: 'accept-all', user_id: null },
      ]);
    });

    it('refuses a choice without the CSRF token, and bad input with a 400', async () => {
      const before = (await consentHistoryOfUser(database().db, signedIn.user.id)).length;
      expect((await postChoice(choice, { 'x-csrf-token': 'forged' })).statusCode).toBe(403);
      for (const bad of [
        '{not json',
        [],
        { ...choice, groups: ['ADS'] },
        { ...choice, visitorId: '../../etc' },
        { ...choice, policyVersion: 0 },
        { ...choice, region: 'Narnia' },
        { ...choice, method: 'maybe' },
      ]) {
        const response = await postChoice(bad);
        expect(response.statusCode, JSON.stringify(bad)).toBe(400);
      }
      expect(await consentHistoryOfUser(database().db, signedIn.user.id)).toHaveLength(before);
    });
  });
});
