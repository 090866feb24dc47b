import { useElementWhen } from '../components/use-element-when.ts';
import { AudienceSection } from './AudienceSection.tsx';
import { DismissibleCard } from './DismissibleCard.tsx';
import { GettingStartedSection } from './GettingStartedSection.tsx';
import { HomeRecommendations } from './HomeRecommendations.tsx';
import { OnboardingCta, type OnboardingCtaData } from './OnboardingCta.tsx';
import { usePartnerAudience } from './use-partner-audience.ts';

export interface HomeBlocksProps {
  brand: string;
  canViewSetup: boolean;
  onboarding: OnboardingCtaData | null;
  communityHref: string;
  topicCatalogHref: string;
  recommendationsClassName: string;
}

const loadPartnerCallToAction = () =>
  import('./PartnerCallToAction.tsx').then((module) => module.PartnerCallToAction);

/**
 * The partner call to action and its points widget, loaded when the audience section shows them
 * (to partners, and to an admin editing the section): the section decides in the browser, so the
 * server's HTML is the same, and other visitors never load them.
 */
function PartnerBenefits() {
  return useElementWhen(true, loadPartnerCallToAction, 'PartnerCallToAction.load');
}

/**
 * Spec 2.4's home page below the hero banner: the onboarding card, the partner section, the
 * dismissible cards, getting started and the recommendation blocks. The home page loads this
 * module beside its own, so the hero and the search box hydrate without waiting for it.
 */
export function HomeBlocks({
  brand,
  canViewSetup,
  onboarding,
  communityHref,
  topicCatalogHref,
  recommendationsClassName,
}: HomeBlocksProps) {
  const audience = usePartnerAudience();
  return (
    <>
      <OnboardingCta cta={onboarding} layout="Inner" />
      {audience.settled ? (
        <AudienceSection
          value={audience.value}
          canViewSetup={canViewSetup}
          label="Partner benefits"
        >
          <PartnerBenefits />
        </AudienceSection>
      ) : null}
      <DismissibleCard variation="Partner Update Account - Not started" storage="sessionStorage" />
      <DismissibleCard variation="Un-auth" storage="sessionStorage" />
      <GettingStartedSection />
      <div className={recommendationsClassName}>
        <HomeRecommendations
          brand={brand}
          communityHref={communityHref}
          topicCatalogHref={topicCatalogHref}
        />
      </div>
    </>
  );
}
