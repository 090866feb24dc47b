import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { testConfig } from '~tests/support/config.ts';
import { describeEachDialect } from '~tests/support/dialects.ts';
import { pageRequests, type SignedInSession, signInAs } from '~tests/support/sessions.ts';
import { buildPortalServer } from '~server/app.ts';
import {
  createChallenge,
  createReward,
  joinChallenge,
  listRewards,
  listSuggestedSteps,
  recordPartnerEvent,
} from './index.ts';
import * as repository from './partners.repository.ts';

/* The partner pages over HTTP: who sees what, the ledger export and redeeming a reward. */

describeEachDialect('partner pages over HTTP', (database) => {
  let app: FastifyInstance;
  let partner: SignedInSession;
  let otherPartner: SignedInSession;
  let customer: SignedInSession;

  const { get, post } = pageRequests(() => app);

  beforeAll(async () => {
    partner = await signInAs(database(), {
      subject: 'http-partner',
      email: 'partner@example.com',
      isPartner: true,
      isPrimaryContact: true,
    });
    otherPartner = await signInAs(database(), {
      subject: 'http-other-partner',
      email: 'other@example.com',
      isPartner: true,
    });
    customer = await signInAs(database(), { subject: 'http-customer', email: 'c@example.com' });
    await recordPartnerEvent(database().db, {
      userId: partner.user.id,
      kind: 'certification-passed',
      sourceEvent: 'http:cert',
      subject: 'Payroll certification',
      occurredAt: new Date(),
    });
    app = await buildPortalServer({ config: testConfig(), database: database() });
  });
  afterAll(async () => {
    await app?.close();
  });

  it('shows anyone the programme, and a partner their dashboard', async () => {
    const guest = await get('/0/partners');
    expect(guest.statusCode).toBe(200);
    expect(guest.body).toContain('How to join');
    expect((await get('/0/partners', customer)).body).toContain('Create a practice account');
    const dashboard = await get('/0/partners', partner);
    expect(dashboard.body).toContain('Partner dashboard');
    expect(dashboard.body).toContain('Suggested next steps');
  });

  it('sends a guest to sign in from the partner pages, and tells a non-partner plainly', async () => {
    for (const url of ['/0/partners/account', '/0/partners/challenges-and-rewards']) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(303);
      const refused = await get(url, customer);
      expect(refused.statusCode, url).toBe(200);
      expect(refused.body, url).toContain('This page is for members of the partner programme.');
    }
    expect((await get('/0/partners/account/points.csv', customer)).statusCode).toBe(403);
    expect((await get('/0/partners/account/points.csv')).statusCode).toBe(401);
  });

  it('shows a partner their own points section and ledger, never another’s', async () => {
    const mine = await get('/0/partners/account', partner);
    expect(mine.body).toContain('id="partner-program-points"');
    expect(mine.body).toContain('Certification passed: Payroll certification');
    const theirs = await get('/0/partners/account', otherPartner);
    expect(theirs.statusCode).toBe(200);
    expect(theirs.body).not.toContain('Payroll certification');
    const filtered = await get('/0/partners/account?kind=redeemed', partner);
    expect(filtered.body).not.toContain('Payroll certification');
    expect(filtered.body).toContain('No entries match.');
  });

  it('exports the filtered ledger as an uncached CSV download', async () => {
    const csv = await get('/0/partners/account/points.csv?kind=earned', partner);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['cache-control']).toBe('no-store');
    expect(csv.headers['content-disposition']).toMatch(/^attachment; filename="partner-points-/);
    expect(csv.body).toContain('"Certification passed: Payroll certification"');
    expect((await get('/0/partners/account/points.csv', otherPartner)).body).not.toContain(
      'Payroll',
    );
  });

  it('redeems a reward once for a form sent twice, and refuses what the points do not cover', async () => {
    const { db } = database();
    await createReward(
      db,
      { name: 'HTTP mug', description: 'A mug', pointsCost: 100, stock: null },
      new Date(),
    );
    const mug = (await listRewards(db)).find((reward) => reward.name === 'HTTP mug');
    if (!mug) throw new Error('the reward is missing');
    const form = { intent: 'redeem', formId: 'redeem', rewardId: mug.id, requestKey: 'page-1' };
    const url = '/0/partners/challenges-and-rewards';
    const [first, second] = await Promise.all([post(url, partner, form), post(url, partner, form)]);
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    const page = await get(url, partner);
    expect(page.body.match(/HTTP mug<\/strong>/g)).toHaveLength(1);
    const poor = await post(url, otherPartner, { ...form, requestKey: 'page-2' });
    expect(poor.statusCode).toBe(409);
    expect(poor.body).toContain('You do not have enough points for this reward.');
    const forged = await post(url, customer, form);
    expect(forged.statusCode).toBe(403);
  });

  it('shows a challenge with its leaderboard of those who opted in, and 404 for none', async () => {
    const { db } = database();
    const today = new Date().toISOString().slice(0, 10);
    const challengeId = await createChallenge(
      db,
      {
        name: 'HTTP challenge',
        description: 'Pass a certification',
        goalKind: 'certification-passed',
        goalCount: 1,
        points: 50,
        startsOn: today,
        endsOn: today,
      },
      new Date(),
    );
    await joinChallenge(db, {
      userId: partner.user.id,
      challengeId,
      onLeaderboard: true,
      at: new Date(),
    });
    await joinChallenge(db, {
      userId: otherPartner.user.id,
      challengeId,
      onLeaderboard: false,
      at: new Date(),
    });
    const page = await get(`/0/partners/challenges/${challengeId}`, otherPartner);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('HTTP challenge');
    // Named once, by the page's heading: its card has no title of its own linking to itself.
    expect(page.body).toMatch(/<h1[^>]*>HTTP challenge<\/h1>/);
    expect(page.body).not.toMatch(/<h[2-6][^>]*>(<a[^>]*>)?HTTP challenge/);
    expect(page.body).toContain('Test U.');
    expect(page.body.match(/Taking part/g)).toHaveLength(1);
    expect((await get('/0/partners/challenges/a1C000000000000000', partner)).statusCode).toBe(404);
  });

  it('records the accept reaction when a partner follows their own step, then goes to its link', async () => {
    const { db } = database();
    const [step] = (
      await listSuggestedSteps(db, partner.user.id, 'Partner_Suggested_Steps')
    ).filter((record) => !record.Complete__c && record.Redirect_URL__c !== null);
    if (!step) throw new Error('the partner has no step to follow');
    const reactionOf = async () =>
      (await repository.listSteps(db, partner.user.id, 'Partner_Suggested_Steps')).find(
        (candidate) => candidate.id === step.Id,
      )?.reaction;
    const url = `/0/partners/suggestions/${step.Id}/follow`;
    const stranger = await get(url, otherPartner);
    expect(stranger.statusCode).toBe(303);
    expect(stranger.headers.location).toBe('/0/partners/suggestions');
    expect(await reactionOf()).toBeNull();
    const followed = await get(url, partner);
    expect(followed.statusCode).toBe(303);
    expect(followed.headers.location).toBe(step.Redirect_URL__c);
    expect(await reactionOf()).toBe('accept');
    expect((await get('/0/partners/suggestions', partner)).body).toContain(url);
  });

  it('shows the resource library by tier, and opens only what the partner’s tier opens', async () => {
    const library = await get('/0/partners/resources', partner);
    expect(library.statusCode).toBe(200);
    expect(library.body).toContain('Partner onboarding guide');
    expect(library.body).toContain('Unlocks at Silver tier');
    const open = await get('/0/partners/resources?access=open&type=guide', partner);
    expect(open.body).toContain('Partner onboarding guide');
    expect(open.body).not.toContain('Advisory services playbook');
    const download = await get(
      '/0/partners/resources/partnerResource-onboarding-guide/download',
      partner,
    );
    expect(download.statusCode).toBe(303);
    expect(download.headers.location).toBe('/resource/partners/partner-onboarding-guide.md');
    const locked = await get(
      '/0/partners/resources/partnerResource-advisory-playbook/download',
      partner,
    );
    expect(locked.statusCode).toBe(403);
    expect(locked.body).toContain('Unlocks at Silver tier');
    const refused = await get('/0/partners/resources', customer);
    expect(refused.body).toContain('This page is for members of the partner programme.');
    expect((await get('/0/partners/resources')).statusCode).toBe(303);
  });

  it('shares a partner’s badge publicly, as SVG and verifiable Open Badges data', async () => {
    const own = await get('/s/RecognitionBadge', partner);
    expect(own.statusCode).toBe(200);
    expect(own.body).toContain('Share your badge');
    const id = /RecognitionBadge\?badge=([A-Za-z0-9_-]+)/.exec(own.body)?.[1];
    if (!id) throw new Error('no share link on the page');
    const publicPage = await get(`/s/RecognitionBadge?badge=${id}`);
    expect(publicPage.statusCode).toBe(200);
    expect(publicPage.body).toContain('awarded to Test User');
    expect(publicPage.body).not.toContain('Share your badge');
    const svg = await get(`/s/RecognitionBadge/assertions/${id}/badge.svg`);
    expect(svg.headers['content-type']).toBe('image/svg+xml; charset=utf-8');
    expect(svg.body).toContain('<svg');
    const assertion = await get(`/s/RecognitionBadge/assertions/${id}`);
    expect(assertion.statusCode).toBe(200);
    const document = JSON.parse(assertion.body) as Record<string, unknown>;
    expect(document).toMatchObject({ type: 'Assertion', verification: { type: 'hosted' } });
    expect(String(document.id)).toMatch(new RegExp(`/s/RecognitionBadge/assertions/${id}$`));
    expect(assertion.body).not.toContain('partner@example.com');
    const badgeClass = await get(new URL(String(document.badge)).pathname);
    expect(JSON.parse(badgeClass.body)).toMatchObject({ type: 'BadgeClass' });
    expect((await get('/s/RecognitionBadge/issuer')).statusCode).toBe(200);
    expect((await get('/s/RecognitionBadge/assertions/nothing-here')).statusCode).toBe(404);
    expect((await get('/s/RecognitionBadge?badge=nothing-here')).statusCode).toBe(404);
    expect((await get('/s/RecognitionBadge', customer)).body).toContain(
      'Partners earn a recognition badge',
    );
  });
});
