import { expect, it } from 'vitest';
import { newRecordId } from '~server/db/ids.ts';
import { GUEST, type PortalUser, type Viewer } from '~server/modules/identity';
import { testConfig } from '~tests/support/config.ts';
import { describeEachDialect } from '~tests/support/dialects.ts';
import { loadOnboardingCta } from './onboarding-cta.server.ts';

const NOW = '2026-03-10T12:00:00.000Z';
const config = testConfig();

function viewer(overrides: Partial<PortalUser> = {}): Viewer {
  return {
    isGuest: false,
    sessionId: 'session',
    user: {
      id: newRecordId('user'),
      issuer: 'https://idp.example',
      subject: 'someone',
      email: null,
      firstName: 'Priya',
      lastName: 'Raman',
      isPartner: true,
      isPrimaryContact: true,
      isPrincipalContact: false,
      market: 'AU',
      partnerProductInterestClient: null,
      partnerProductInterestPractice: null,
      canViewSetup: false,
      isAgent: false,
      organisationId: null,
      ...overrides,
    },
  };
}

describeEachDialect('onboarding call to action for a page', (database) => {
  async function withOnboarding(showCta: 0 | 1, imageName = 'user_avatar') {
    const partner = viewer();
    if (partner.isGuest) throw new Error('a partner is signed in');
    // No user action writes an onboarding row, so the test writes one directly.
    await database()
      .db.insertInto('partner_onboarding')
      .values({
        user_id: partner.user.id,
        show_cta: showCta,
        title: 'Next up',
        body: 'Add your **logo**.',
        link: '/0/partners/account',
        current_step: 2,
        total_steps: 5,
        current_step_name: 'Set up your practice',
        image_name: imageName,
        contact_name: 'Jordan Ellis',
        contact_title: 'Partner Success Manager',
        contact_avatar_url: null,
        updated_at: NOW,
      })
      .execute();
    return partner;
  }

  it('gives a partner the card with its Markdown body rendered and sanitised', async () => {
    const partner = await withOnboarding(1);
    const cta = await loadOnboardingCta({ db: database().db, viewer: partner, config });
    expect(cta).toEqual({
      title: 'Next up',
      bodyHtml: '<p>Add your <strong>logo</strong>.</p>\n',
      link: '/0/partners/account',
      currentStep: 2,
      totalSteps: 5,
      currentStepName: 'Set up your practice',
      image: {
        kind: 'avatar',
        name: 'Jordan Ellis',
        title: 'Partner Success Manager',
        avatarURL: null,
        alt: 'Jordan Ellis, Partner Success Manager',
      },
    });
  });

  it('gives no card when the server says not to show it, or there is no onboarding', async () => {
    const hidden = await withOnboarding(0);
    expect(await loadOnboardingCta({ db: database().db, viewer: hidden, config })).toBeNull();
    expect(await loadOnboardingCta({ db: database().db, viewer: viewer(), config })).toBeNull();
  });

  it('never asks for guests or signed-in users outside the partner programme', async () => {
    expect(await loadOnboardingCta({ db: database().db, viewer: GUEST, config })).toBeNull();
    const admin = viewer({ isPartner: false, canViewSetup: true });
    expect(await loadOnboardingCta({ db: database().db, viewer: admin, config })).toBeNull();
  });
});
