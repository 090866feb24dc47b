import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { PARTNER_ADMIN_PATHS } from '~core/partner';
import { testConfig } from '~tests/support/config.ts';
import { describeEachDialect } from '~tests/support/dialects.ts';
import { pageRequests, type SignedInSession, signInAs } from '~tests/support/sessions.ts';
import { buildPortalServer } from '~server/app.ts';
import {
  challengesForAdmin,
  configurationChanges,
  onboardingForAdmin,
  resourcesForAdmin,
} from './index.ts';

/*
 * The programme's admin pages for challenges, onboarding steps, resources and the record of
 * configuration changes, per role.
 */

const NEW_PAGES = [
  PARTNER_ADMIN_PATHS.challenges,
  PARTNER_ADMIN_PATHS.onboarding,
  PARTNER_ADMIN_PATHS.resources,
  PARTNER_ADMIN_PATHS.changes,
];

describeEachDialect('partner programme admin pages over HTTP', (database) => {
  let app: FastifyInstance;
  let admin: SignedInSession;
  let partner: SignedInSession;

  const { get, post } = pageRequests(() => app);
  const now = () => new Date();
  const today = () => now().toISOString().slice(0, 10);

  const challenge = (name: string) => ({
    intent: 'add',
    formId: 'add-challenge',
    idempotencyKey: `key-${name}`,
    name,
    description: 'Add two clients.',
    goalKind: 'client-subscription-added',
    goalCount: '2',
    points: '100',
    rewardId: 'none',
    startsOn: today(),
    endsOn: '2099-12-31',
  });
  const resource = (title: string) => ({
    intent: 'add',
    formId: 'add-resource',
    idempotencyKey: `key-${title}`,
    title,
    summary: 'A checklist.',
    type: 'template',
    product: 'Accounting',
    minTier: 'starter',
    url: '/resource/partners/stock-count-template.csv',
  });

  const stepRule = (name: string) => ({
    intent: 'addRule',
    formId: 'add-rule',
    idempotencyKey: `key-${name}`,
    name,
    description: 'Book a webinar',
    completedBy: 'certification-passed',
    fromTier: 'every',
    mandatory: 'optional',
    dueDays: '',
    points: '40',
    redirectUrl: '/0/learning/webinars-events',
  });

  beforeAll(async () => {
    admin = await signInAs(database(), {
      subject: 'admin-pages-admin',
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: 'ada.admin@example.com',
      canViewSetup: true,
    });
    partner = await signInAs(database(), {
      subject: 'admin-pages-partner',
      email: 'admin-pages-partner@example.com',
      isPartner: true,
    });
    app = await buildPortalServer({ config: testConfig(), database: database() });
  });
  afterAll(async () => {
    await app?.close();
  });

  it('sends a guest to sign in and answers anyone but an admin as not found', async () => {
    for (const url of NEW_PAGES) {
      expect((await get(url)).statusCode, url).toBe(303);
      expect((await get(url, partner)).statusCode, url).toBe(404);
      const page = await get(url, admin);
      expect(page.statusCode, url).toBe(200);
      expect(page.body, url).toContain('Partner programme administration');
    }
  });

  it('changes nothing for a non-admin’s forms', async () => {
    const { db } = database();
    const before = {
      challenges: await challengesForAdmin(db, now()),
      onboarding: await onboardingForAdmin(db),
      resources: await resourcesForAdmin(db),
    };
    const [step] = before.onboarding.steps;
    const [firstResource] = before.resources;
    const forged: Array<[string, Record<string, string>]> = [
      [PARTNER_ADMIN_PATHS.challenges, challenge('Forged challenge')],
      [PARTNER_ADMIN_PATHS.resources, resource('Forged resource')],
      [
        PARTNER_ADMIN_PATHS.resources,
        { intent: 'retire', formId: 'r', resourceId: firstResource?.id ?? '' },
      ],
      [
        PARTNER_ADMIN_PATHS.onboarding,
        { intent: 'rename', formId: 's', position: String(step?.position), name: 'Forged' },
      ],
      [
        PARTNER_ADMIN_PATHS.onboarding,
        { intent: 'retire', formId: 's', position: String(step?.position) },
      ],
      [PARTNER_ADMIN_PATHS.onboarding, stepRule('Forged step')],
    ];
    for (const [url, fields] of forged)
      expect((await post(url, partner, fields)).statusCode, `${url} ${fields.intent}`).toBe(404);
    expect(await challengesForAdmin(db, now())).toEqual(before.challenges);
    expect(await onboardingForAdmin(db)).toEqual(before.onboarding);
    expect(await resourcesForAdmin(db)).toEqual(before.resources);
    expect((await configurationChanges(db, { kind: undefined, page: 1 })).total).toBe(0);
  });

  it('adds a challenge once however often the form is sent, refusing bad days at the field', async () => {
    const { db } = database();
    const refused = await post(PARTNER_ADMIN_PATHS.challenges, admin, {
      ...challenge('Backwards'),
      endsOn: '2000-01-01',
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.body).toContain('The last day must be on or after the first day.');
    expect(refused.body).toContain('value="Backwards"');
    for (let sent = 0; sent < 2; sent += 1)
      expect(
        (await post(PARTNER_ADMIN_PATHS.challenges, admin, challenge('Autumn clients'))).statusCode,
      ).toBe(200);
    const added = (await challengesForAdmin(db, now())).filter(
      (row) => row.name === 'Autumn clients',
    );
    expect(added).toHaveLength(1);
    expect((await get(PARTNER_ADMIN_PATHS.challenges, admin)).body).toContain('Autumn clients');
  });

  it('relabels and moves onboarding steps, and adds and retires a resource', async () => {
    const { db } = database();
    const [first, second] = (await onboardingForAdmin(db)).steps;
    if (!first || !second) throw new Error('the seeded steps are missing');
    const renamed = await post(PARTNER_ADMIN_PATHS.onboarding, admin, {
      intent: 'rename',
      formId: `step-${second.position}`,
      position: String(second.position),
      name: 'Book your welcome call',
    });
    expect(renamed.statusCode).toBe(200);
    const move = {
      intent: 'move',
      formId: 'move-step',
      position: String(second.position),
      name: 'Book your welcome call',
      direction: 'up',
    };
    await post(PARTNER_ADMIN_PATHS.onboarding, admin, move);
    await post(PARTNER_ADMIN_PATHS.onboarding, admin, move);
    const steps = (await onboardingForAdmin(db)).steps.map((step) => step.name);
    expect(steps.slice(0, 2)).toEqual(['Book your welcome call', first.name]);

    await post(PARTNER_ADMIN_PATHS.resources, admin, resource('Year-end pack'));
    await post(PARTNER_ADMIN_PATHS.resources, admin, resource('Year-end pack'));
    const added = (await resourcesForAdmin(db)).filter((row) => row.title === 'Year-end pack');
    expect(added).toHaveLength(1);
    const refused = await post(PARTNER_ADMIN_PATHS.resources, admin, {
      ...resource('Bad link'),
      url: 'javascript:alert(1)',
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.body).toContain('Enter a file of the portal');
    await post(PARTNER_ADMIN_PATHS.resources, admin, {
      intent: 'retire',
      formId: 'r',
      resourceId: added[0]?.id ?? '',
    });
    expect(
      (await resourcesForAdmin(db)).find((row) => row.title === 'Year-end pack'),
    ).toMatchObject({ retired: true });
  });

  it('lists who changed what, newest first, by kind, and as CSV for admins only', async () => {
    const refused = await post(PARTNER_ADMIN_PATHS.challenges, admin, {
      ...challenge('Refused'),
      points: 'lots',
    });
    expect(refused.statusCode).toBe(422);
    await post(PARTNER_ADMIN_PATHS.challenges, admin, challenge('Winter referrals'));
    const page = await get(PARTNER_ADMIN_PATHS.changes, admin);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Winter referrals');
    expect(page.body).toContain('Ada Lovelace');
    expect(page.body).toContain('Added: Name Winter referrals');
    expect(page.body).not.toContain('Refused');
    const rewardsOnly = await get(`${PARTNER_ADMIN_PATHS.changes}?kind=reward`, admin);
    expect(rewardsOnly.body).not.toContain('Winter referrals');
    expect(rewardsOnly.body).toContain('No change recorded here yet.');

    const csvUrl = `${PARTNER_ADMIN_PATHS.changesCsv}?kind=challenge`;
    const csv = await get(csvUrl, admin);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.headers['content-disposition']).toContain('attachment');
    expect(csv.body).toContain('Ada Lovelace,ada.admin@example.com,Challenge,Winter referrals,');
    expect((await get(csvUrl, partner)).statusCode).toBe(404);
    expect((await get(csvUrl)).statusCode).toBe(303);
  });

  it('adds a suggested step rule once however often the form is sent, refusing a bad link at its field', async () => {
    const { db } = database();
    const refused = await post(PARTNER_ADMIN_PATHS.onboarding, admin, {
      ...stepRule('Webinar step'),
      redirectUrl: 'javascript:alert(1)',
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.body).toContain('Enter a page of the portal');
    expect(refused.body).toContain('value="Webinar step"');
    for (let sent = 0; sent < 2; sent += 1)
      expect(
        (await post(PARTNER_ADMIN_PATHS.onboarding, admin, stepRule('Webinar step'))).statusCode,
      ).toBe(200);
    const added = (await onboardingForAdmin(db)).stepRules.filter(
      (rule) => rule.name === 'Webinar step',
    );
    expect(added).toMatchObject([{ mandatory: false, points: 40, dueDays: null }]);
    const page = (await get(PARTNER_ADMIN_PATHS.onboarding, admin)).body;
    expect(page).toContain('Add a suggested step');
    expect(page).toContain('Webinar step');
  });
});
