import { expect, it } from 'vitest';
import { PARTNER_EVENT_KINDS } from '~core/partner';
import { newRecordId } from '~server/db/ids.ts';
import { GUEST, type PortalUser, type Viewer } from '~server/modules/identity';
import { assignPartnerContact, recordPartnerEvent } from '~server/modules/partners';
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
  /** A partner who has opened the programme, so the card is at its second step. */
  async function withOnboarding(finished: boolean) {
    const partner = viewer();
    if (partner.isGuest) throw new Error('a partner is signed in');
    const { db } = database();
    const userId = partner.user.id;
    await assignPartnerContact(db, userId, {
      name: 'Jordan Ellis',
      title: 'Partner Success Manager',
      avatarUrl: null,
    });
    const kinds = finished ? PARTNER_EVENT_KINDS : (['programme-joined'] as const);
    for (const kind of kinds) {
      await recordPartnerEvent(db, {
        userId,
        kind,
        sourceEvent: `${userId}:${kind}`,
        occurredAt: new Date(NOW),
      });
    }
    return partner;
  }

  it('gives a partner the card with its Markdown body rendered and sanitised', async () => {
    const partner = await withOnboarding(false);
    const cta = await loadOnboardingCta({ db: database().db, viewer: partner, config });
    expect(cta).toEqual({
      title: 'Next up: Set up your practice profile',
      bodyHtml:
        '<p>Work through each onboarding step to unlock <strong>partner pricing</strong>, training and support.</p>\n',
      link: '/0/partners/suggestions',
      currentStep: 2,
      totalSteps: 5,
      currentStepName: 'Set up your practice profile',
      image: {
        kind: 'avatar',
        name: 'Jordan Ellis',
        title: 'Partner Success Manager',
        avatarURL: null,
        alt: 'Jordan Ellis, Partner Success Manager',
      },
    });
  });

  it('gives no card once the onboarding is finished', async () => {
    const hidden = await withOnboarding(true);
    expect(await loadOnboardingCta({ db: database().db, viewer: hidden, config })).toBeNull();
  });

  it('never asks for guests or signed-in users outside the partner programme', async () => {
    expect(await loadOnboardingCta({ db: database().db, viewer: GUEST, config })).toBeNull();
    const admin = viewer({ isPartner: false, canViewSetup: true });
    expect(await loadOnboardingCta({ db: database().db, viewer: admin, config })).toBeNull();
  });
});
