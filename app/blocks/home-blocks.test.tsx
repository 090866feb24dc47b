import { describe, expect, it } from 'vitest';
import type { PartnerTierData } from '~core/partner';
import { pointsWidgetView } from '~core/partner';
import type { SearchResult } from '~core/search';
import { renderWithSite } from '../components/ui/site-stub.test-support.tsx';
import { RegionProvider } from '../region/RegionProvider.tsx';
import { AudienceSection } from './AudienceSection.tsx';
import { dismissibleCardContent } from './dismissible-card-content.ts';
import { DismissibleCardView } from './DismissibleCard.tsx';
import { GettingStartedSection } from './GettingStartedSection.tsx';
import { OnboardingCta, type OnboardingCtaData } from './OnboardingCta.tsx';
import { HeroBanner } from './HeroBanner.tsx';
import { PartnerCallToAction } from './PartnerCallToAction.tsx';
import { PointsWidgetView } from './PointsWidget.tsx';
import { RecommendationView } from './RecommendationBlock.tsx';

const silver: PartnerTierData = {
  partnerTierAcknowledged: true,
  partnerTier: 'silver',
  partnerTierDetails: null,
  partnerPointsBalance: 1250,
  partnerPointsRequired: 750,
  partnerTierPointsThreshold: 1000,
};

describe('HeroBanner (spec 2.5)', () => {
  it('shows the default title, placeholder and the support illustration', () => {
    const html = renderWithSite(<HeroBanner mode="support" />);
    expect(html).toContain('Get expert help using Ledgerleaf, any time you need it</h1>');
    expect(html).toContain('placeholder="Search support, learning, and discussions"');
    expect(html).toContain('src="/img/hero_images/support.svg"');
  });

  it('takes overrides and shows the learning illustration in learning mode', () => {
    const html = renderWithSite(
      <HeroBanner mode="learning" title="Learn at your pace" placeholder="Search learning" />,
    );
    expect(html).toContain('Learn at your pace</h1>');
    expect(html).toContain('placeholder="Search learning"');
    expect(html).toContain('src="/img/hero_images/learning.svg"');
  });
});

describe('AudienceSection (spec 2.7, 4)', () => {
  const inRegion = (region: 'AU' | 'UK', element: React.ReactElement) =>
    renderWithSite(
      <RegionProvider initialRegion={region} prefix="LL">
        {element}
      </RegionProvider>,
    );

  it("shows its content for 'true' and nothing for 'false'", () => {
    expect(renderWithSite(<AudienceSection value="true">Partner stuff</AudienceSection>)).toContain(
      'Partner stuff',
    );
    expect(renderWithSite(<AudienceSection value="false">Partner stuff</AudienceSection>)).toBe('');
  });

  it('follows the region list and the reverse flag', () => {
    const section = (reverse: boolean) => (
      <AudienceSection value="XCREGION:au,nz" reverse={reverse}>
        Local news
      </AudienceSection>
    );
    expect(inRegion('AU', section(false))).toContain('Local news');
    expect(inRegion('UK', section(false))).toBe('');
    expect(inRegion('UK', section(true))).toContain('Local news');
  });

  it("gives an admin the notice and 'Edit Section' instead of the hidden content", () => {
    const html = renderWithSite(
      <AudienceSection value="false" canViewSetup>
        Partner stuff
      </AudienceSection>,
    );
    expect(html).toContain('Hidden section (This message is only visible to Admins)');
    expect(html).toContain('Edit Section');
    expect(html).not.toContain('Partner stuff');
  });
});

describe('PartnerCallToAction (spec 2.4)', () => {
  it('has the heading, body and dashboard link', () => {
    const html = renderWithSite(
      <PartnerCallToAction widget={<PointsWidgetView view={{ kind: 'hidden' }} />} />,
    );
    expect(html).toContain('Access exclusive partner benefits</h2>');
    expect(html).toContain(
      'Gain access to software, resources and walkthroughs to help your practice get the most out of Ledgerleaf.',
    );
    expect(html).toMatch(/href="\/0\/partners"[^>]*>.*Partner dashboard/);
  });
});

describe('PointsWidgetView (spec 2.7, 4)', () => {
  it('shows the balance, the progress towards the next tier and the tier badge', () => {
    const html = renderWithSite(
      <PointsWidgetView
        view={pointsWidgetView({ status: 'ready', data: silver })}
        tierData={silver}
      />,
    );
    expect(html).toContain('1,250</span> points');
    expect(html).toContain('aria-valuenow="250"');
    expect(html).toContain('aria-valuemax="1000"');
    expect(html).toContain('alt="Silver tier badge"');
    expect(html).toContain('src="/img/tier_badges/silver.svg"');
    expect(html).toContain('750 points to Gold tier');
    expect(html).toContain('href="/0/partners/account#partner-program-points"');
    expect(html).toContain('Your points and benefits');
    expect(html).not.toContain('Congratulations');
  });

  it("shows the no-points message for tier 'none' with the add-client link in a new tab", () => {
    const html = renderWithSite(<PointsWidgetView view={{ kind: 'no-points' }} />);
    expect(html).toContain('You have no points yet');
    expect(html).toContain('target="_blank"');
    expect(html).toContain('/contacts/new');
    expect(html).toContain('(opens in a new tab)');
  });

  it('shows a loading state and nothing when hidden', () => {
    expect(renderWithSite(<PointsWidgetView view={{ kind: 'loading' }} />)).toContain(
      'Loading your points',
    );
    expect(renderWithSite(<PointsWidgetView view={{ kind: 'hidden' }} />)).toBe('');
  });

  it('celebrates a tier that is not acknowledged yet', () => {
    const fresh = { ...silver, partnerTierAcknowledged: false };
    const html = renderWithSite(
      <PointsWidgetView
        view={pointsWidgetView({ status: 'ready', data: fresh })}
        tierData={fresh}
      />,
    );
    expect(html).toContain('reached Silver tier');
    expect(html).toContain('Got it');
  });
});

function result(id: string, title: string): SearchResult {
  return {
    title,
    uniqueId: id,
    clickUri: `https://help.example.com/s/article/${id}`,
    excerpt: '',
    excerptHighlights: [],
    titleHighlights: [],
    raw: {},
  } as unknown as SearchResult;
}

describe('RecommendationView (spec 2.7, 4, 5)', () => {
  const loaded = {
    searchUid: 'u1',
    total: 5,
    results: [result('a', 'Alpha'), result('b', 'Beta')],
  };

  it('waits for the first search before showing its heading', () => {
    const html = renderWithSite(<RecommendationView heading="Trending" />);
    expect(html).not.toContain('<h2');
    expect(html).toContain('Loading Trending');
  });

  it('shows nothing when the first search has no results', () => {
    expect(
      renderWithSite(
        <RecommendationView
          heading="Trending"
          loaded={{ searchUid: 'u', total: 0, results: [] }}
        />,
      ),
    ).toBe('');
  });

  it('shows the heading at its level, the description, the link and the results', () => {
    const html = renderWithSite(
      <RecommendationView
        heading="Popular topics"
        headingLevel={3}
        description="What people read"
        link={{ label: 'View all topics', href: '/s/topiccatalog' }}
        loaded={loaded}
      />,
    );
    expect(html).toMatch(/<h3[^>]*>Popular topics<\/h3>/);
    expect(html).toContain('What people read');
    expect(html).toContain('href="/s/topiccatalog"');
    expect(html).toContain('Alpha');
    expect(html).toContain('Beta');
  });

  it('renders an out-of-range level as an h2', () => {
    const html = renderWithSite(
      <RecommendationView heading="Trending" headingLevel={9} loaded={loaded} />,
    );
    expect(html).toMatch(/<h2[^>]*>Trending<\/h2>/);
  });

  it("offers 'Show more' only when enabled and results remain", () => {
    expect(renderWithSite(<RecommendationView heading="T" showMore loaded={loaded} />)).toContain(
      'Show more',
    );
    expect(renderWithSite(<RecommendationView heading="T" loaded={loaded} />)).not.toContain(
      'Show more',
    );
    expect(
      renderWithSite(<RecommendationView heading="T" showMore loaded={{ ...loaded, total: 2 }} />),
    ).not.toContain('Show more');
  });
});

describe('dismissible card content', () => {
  const context = {
    brand: 'Ledgerleaf',
    ssoProvider: 'portal',
    here: '/0/?x=1',
    path: (pageKey: string) => `/0/${pageKey}`,
  };

  it("has the spec's words for 'Partner Update Account - Not started'", () => {
    expect(dismissibleCardContent('Partner Update Account - Not started', context)).toEqual({
      title: 'Get more out of your Ledgerleaf partner experience',
      body: 'Tell us more about you, your clients and your practice and so we can help you get the most out of being a Ledgerleaf partner.',
      ctaText: 'Update your account with more information',
      url: '/0/partnersUpdateAccount',
      imageUrl: 'update-your-account.jpg',
    });
  });

  it('sends the Un-auth card to the single sign-on start URL with the current page', () => {
    expect(dismissibleCardContent('Un-auth', context).url).toBe(
      '/services/auth/sso/portal?startURL=%2F0%2F%3Fx%3D1',
    );
  });

  it('sends the personalise cards to the personalise flow', () => {
    expect(dismissibleCardContent('Partner Start PE', context).url).toBe('/0/partnersPersonalise');
    expect(dismissibleCardContent('Partner Update PE', context).url).toBe('/0/partnersPersonalise');
  });
});

const ONBOARDING: OnboardingCtaData = {
  title: 'Next up: Set up your practice profile',
  bodyHtml: '<p>Add your <strong>logo</strong>.</p>',
  link: '/0/partners/account',
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
};

describe('OnboardingCta (spec 2.7)', () => {
  it('shows the h2 title, the body, the fixed link, the labelled progress and the step text', () => {
    const html = renderWithSite(<OnboardingCta cta={ONBOARDING} />);
    expect(html).toMatch(/<h2[^>]*>Next up: Set up your practice profile<\/h2>/);
    expect(html).toContain('<strong>logo</strong>');
    expect(html).toMatch(/href="\/0\/partners\/account"[^>]*>Continue your partner onboarding/);
    expect(html).toContain('aria-label="Onboarding progress"');
    expect(html).toContain('Step 2 of 5');
  });

  it("shows the contact's avatar named by name and title", () => {
    const html = renderWithSite(<OnboardingCta cta={ONBOARDING} />);
    expect(html).toContain('aria-label="Jordan Ellis, Partner Success Manager"');
    expect(html).toContain('>JE</span>');
  });

  it('shows a named image as a static illustration', () => {
    const html = renderWithSite(
      <OnboardingCta
        cta={{ ...ONBOARDING, image: { kind: 'static', name: 'person-plugging-in-robot' } }}
      />,
    );
    expect(html).toContain('src="/img/illustrations/person-plugging-in-robot.svg"');
  });

  it('renders nothing without a card and marks its layout', () => {
    expect(renderWithSite(<OnboardingCta cta={null} />)).toBe('');
    expect(renderWithSite(<OnboardingCta cta={ONBOARDING} layout="Full width" />)).toContain(
      'data-onboarding-cta="Full width"',
    );
  });
});

describe('DismissibleCardView (spec 2.7)', () => {
  const content = {
    title: 'Tax time',
    body: 'Check your checklist.',
    ctaText: 'See the checklist',
    url: '/0/eofy',
    imageUrl: 'update-your-account.jpg',
  };

  it("has the dismiss button labelled 'Dismiss notification' and the link on the CTA text", () => {
    const html = renderWithSite(<DismissibleCardView content={content} onDismiss={() => {}} />);
    expect(html).toContain('Dismiss notification');
    expect(html).toMatch(/href="\/0\/eofy"[^>]*>See the checklist/);
    expect(html).toContain('src="/img/update-your-account.jpg"');
  });

  it('has no dismiss button without a way to dismiss', () => {
    expect(renderWithSite(<DismissibleCardView content={content} />)).not.toContain(
      'Dismiss notification',
    );
  });
});

describe('GettingStartedSection (spec 2.4)', () => {
  it('links each card to its named route', () => {
    const html = renderWithSite(<GettingStartedSection />);
    expect(html).toContain('Get started on Ledgerleaf as a small business');
    expect(html).toContain('All the information you need to set up and start using Ledgerleaf.');
    expect(html).toContain('Get started on Ledgerleaf as an accountant or bookkeeper');
    expect(html).toContain('Sign up to the partner program and get started using Ledgerleaf.');
    expect(html.match(/>Get started</g)).toHaveLength(2);
  });
});
