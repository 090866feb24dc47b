import { useState, type ReactNode } from 'react';
import { DISMISSIBLE_CARD_VARIATIONS, type DismissibleCardVariation } from '~core/ui';
import type { PartnerTierData } from '~core/partner';
import { pointsWidgetView } from '~core/partner';
import { ARTICLE, DISCUSSION, GLOSSARY } from '../components/search/search-cards.fixture.ts';
import { Heading } from '../components/Heading.tsx';
import { useSite } from '../site.ts';
import { AudienceSection } from './AudienceSection.tsx';
import { dismissibleCardContent, type DismissibleCardContent } from './dismissible-card-content.ts';
import { DismissibleCardView } from './DismissibleCard.tsx';
import { GettingStartedSection } from './GettingStartedSection.tsx';
import { HeroBanner } from './HeroBanner.tsx';
import { OnboardingCta, type OnboardingCtaData } from './OnboardingCta.tsx';
import { PartnerCallToAction } from './PartnerCallToAction.tsx';
import { PointsWidgetView } from './PointsWidget.tsx';
import { RecommendationView } from './RecommendationBlock.tsx';
import styles from './gallery.module.css';

/*
 * Sample data for the block gallery (outside production): every state of every home and
 * partner block, without asking the server, for screenshots and accessibility checks.
 */

const ONBOARDING: OnboardingCtaData = {
  title: 'Next up: Set up your practice profile',
  bodyHtml: '<p>Add your logo, services and regions so clients can <strong>find you</strong>.</p>',
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

function tierData(tier: string, balance: number, acknowledged = true): PartnerTierData {
  const thresholds: Record<string, [number, number | null]> = {
    starter: [0, 500],
    bronze: [500, 1000],
    silver: [1000, 2000],
    gold: [2000, 5000],
    platinum: [5000, null],
  };
  const [threshold, next] = thresholds[tier] ?? [0, 0];
  return {
    partnerTierAcknowledged: acknowledged,
    partnerTier: tier,
    partnerTierDetails: null,
    partnerPointsBalance: balance,
    partnerPointsRequired: next === null ? 0 : Math.max(0, next - balance),
    partnerTierPointsThreshold: threshold,
  };
}

function Example({ title, children }: { title: string; children: ReactNode }) {
  return (
    <li className={styles.example}>
      <Heading level={3} className={styles.exampleTitle}>
        {title}
      </Heading>
      <div className={styles.exampleBody}>{children}</div>
    </li>
  );
}

function Widget({ data }: { data: PartnerTierData }) {
  return <PointsWidgetView view={pointsWidgetView({ status: 'ready', data })} tierData={data} />;
}

/** A card whose dismiss button hides it here, as on a page, without touching storage. */
function GalleryCard({
  content,
  dismissible,
}: {
  content: DismissibleCardContent;
  dismissible: boolean;
}) {
  const [dismissed, setDismissed] = useState(false);
  if (dismissed) return <p className={styles.note}>Dismissed.</p>;
  return (
    <DismissibleCardView
      content={content}
      headingLevel={3}
      onDismiss={dismissible ? () => setDismissed(true) : undefined}
    />
  );
}

/** Home and partner blocks, each in its states, for the block gallery page. */
export function HomeBlocksGallery() {
  const site = useSite();
  if (!site) return null;
  const { brand, ssoProvider } = site.config;
  const cardContent = (variation: DismissibleCardVariation): DismissibleCardContent =>
    variation === 'Generic'
      ? {
          title: 'Tax time is coming',
          body: 'Check your end of financial year checklist before the deadline.',
          ctaText: 'See the checklist',
          url: site.contract.path('endOfFinancialYear') ?? '/',
        }
      : dismissibleCardContent(variation, {
          brand,
          ssoProvider,
          here: '/0/',
          path: (pageKey) => site.contract.path(pageKey),
        });
  const loaded = { searchUid: 'gallery', total: 9, results: [ARTICLE, DISCUSSION, GLOSSARY] };

  return (
    <section className={styles.gallery} aria-labelledby="home-blocks-gallery">
      <Heading level={2} id="home-blocks-gallery">
        Home and partner blocks
      </Heading>
      <ul className={styles.examples}>
        <Example title="Hero banner, support mode">
          <HeroBanner mode="support" title="Get expert help, any time you need it (support)" />
        </Example>
        <Example title="Hero banner, learning mode">
          <HeroBanner mode="learning" title="Get expert help, any time you need it (learning)" />
        </Example>
        <Example title="Onboarding call to action, Inner, contact avatar">
          <OnboardingCta cta={ONBOARDING} layout="Inner" />
        </Example>
        <Example title="Onboarding call to action, Full width, named image">
          <OnboardingCta
            cta={{
              ...ONBOARDING,
              currentStep: 1,
              image: { kind: 'static', name: 'person-plugging-in-robot' },
            }}
            layout="Full width"
          />
        </Example>
        <Example title="Onboarding call to action, finished, other image">
          <OnboardingCta
            cta={{
              ...ONBOARDING,
              title: 'You have finished your partner onboarding',
              currentStep: 5,
              image: { kind: 'static', name: 'robot-and-person-looking-in-a-box' },
            }}
          />
        </Example>
        <Example title="Onboarding call to action, showCTA false (renders nothing)">
          <OnboardingCta cta={null} />
        </Example>
        <Example title="Audience section, shown ('true')">
          <AudienceSection value="true">
            <p>Content for this audience.</p>
          </AudienceSection>
        </Example>
        <Example title="Audience section, hidden, as an admin sees it">
          <AudienceSection value="false" canViewSetup>
            <p>Content revealed by Edit Section.</p>
          </AudienceSection>
        </Example>
        <Example title="Audience section, region list XCREGION:AU,NZ">
          <AudienceSection value="XCREGION:AU,NZ" canViewSetup>
            <p>Content for Australia and New Zealand.</p>
          </AudienceSection>
        </Example>
        <Example title="Partner call to action with the points widget (silver)">
          <PartnerCallToAction widget={<Widget data={tierData('silver', 1250)} />} />
        </Example>
        <Example title="Points widget, loading">
          <PointsWidgetView view={{ kind: 'loading' }} />
        </Example>
        <Example title="Points widget, tier none">
          <PointsWidgetView view={{ kind: 'no-points' }} />
        </Example>
        <Example title="Points widget, starter with a tier celebration">
          <Widget data={tierData('starter', 120, false)} />
        </Example>
        <Example title="Points widget, bronze">
          <Widget data={tierData('bronze', 640)} />
        </Example>
        <Example title="Points widget, gold">
          <Widget data={tierData('gold', 2600)} />
        </Example>
        <Example title="Points widget, platinum (top tier)">
          <Widget data={tierData('platinum', 6400)} />
        </Example>
        {DISMISSIBLE_CARD_VARIATIONS.map((variation) => (
          <Example key={variation} title={`Dismissible card, ${variation}`}>
            <GalleryCard content={cardContent(variation)} dismissible />
          </Example>
        ))}
        <Example title="Dismissible card, storage none (no dismiss button)">
          <GalleryCard content={cardContent('Generic')} dismissible={false} />
        </Example>
        <Example title="Getting-started section">
          <GettingStartedSection />
        </Example>
        <Example title="Recommendation block, loading">
          <RecommendationView heading="Trending" />
        </Example>
        <Example title="Recommendation block with link, description and Show more">
          <RecommendationView
            heading="Popular topics"
            headingLevel={3}
            description="What other customers are reading this week."
            link={{ label: 'View all topics', href: '/s/topiccatalog' }}
            showMore
            loaded={loaded}
          />
        </Example>
        <Example title="Recommendation block, heading level 9 (styled as h2)">
          <RecommendationView
            heading={`Build your ${brand} skills`}
            headingLevel={9}
            loaded={loaded}
          />
        </Example>
      </ul>
    </section>
  );
}
