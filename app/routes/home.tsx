import { lazy, Suspense } from 'react';
import { useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { homeDescription } from '~core/routes';
import { AudienceSection } from '../blocks/AudienceSection.tsx';
import { DismissibleCard } from '../blocks/DismissibleCard.tsx';
import { GettingStartedSection } from '../blocks/GettingStartedSection.tsx';
import { HeroBanner, heroTitle } from '../blocks/HeroBanner.tsx';
import { HiddenRegion } from '../blocks/HiddenRegion.tsx';
import { loadOnboardingCta } from '../blocks/onboarding-cta.server.ts';
import { OnboardingCta } from '../blocks/OnboardingCta.tsx';
import { TrackingBlock } from '../blocks/tracking-block.tsx';
import { usePartnerAudience } from '../blocks/use-partner-audience.ts';
import { useElementWhen } from '../components/use-element-when.ts';
import { useSite } from '../site.ts';
import styles from './home.module.css';
import { headedPageMeta } from '~app/meta.ts';

/**
 * The recommendation blocks fill in from the search API after load, so their code (a tenth of
 * the page's scripts) is loaded beside the page's rather than before it can hydrate. The server
 * renders them as always, so nothing moves when they hydrate.
 */
const loadHomeRecommendations = () =>
  import('../blocks/HomeRecommendations.tsx').then((module) => ({
    default: module.HomeRecommendations,
  }));
const HomeRecommendations = lazy(loadHomeRecommendations);

const loadPartnerCallToAction = () =>
  import('../blocks/PartnerCallToAction.tsx').then((module) => module.PartnerCallToAction);

/**
 * The partner call to action and its points widget, loaded when the audience section shows them
 * (to partners, and to an admin editing the section): the section decides in the browser, so the
 * server's HTML is the same, and other visitors never load them.
 */
function PartnerBenefits() {
  return useElementWhen(true, loadPartnerCallToAction, 'PartnerCallToAction.load');
}

export const meta = headedPageMeta('home', { description: homeDescription });

/**
 * Whether the viewer holds the setup-viewing permission, and the onboarding card, which comes
 * with the page so its Markdown is rendered on the server and the page does not shift.
 */
export async function loader({ context }: LoaderFunctionArgs) {
  // The blocks' module is read before the server's first page renders, so that page too has
  // them in place rather than streamed after the rest, hidden until a script moves them in.
  const [onboarding] = await Promise.all([loadOnboardingCta(context), loadHomeRecommendations()]);
  return {
    canViewSetup: !context.viewer.isGuest && context.viewer.user.canViewSetup,
    onboarding,
  };
}

/** Spec 2.4: the home page, top to bottom. */
export default function Home() {
  const { canViewSetup, onboarding } = useLoaderData<typeof loader>();
  const site = useSite();
  const audience = usePartnerAudience();
  if (!site) return null;
  const { brand } = site.config;
  const path = (pageKey: string, fallback: string) => site.contract.path(pageKey) ?? fallback;
  return (
    <>
      <TrackingBlock contentType="Home" />
      <HeroBanner mode="support" title={heroTitle(brand)} />
      <div className={styles.blocks}>
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
        <DismissibleCard
          variation="Partner Update Account - Not started"
          storage="sessionStorage"
        />
        <DismissibleCard variation="Un-auth" storage="sessionStorage" />
        <GettingStartedSection />
        <Suspense>
          <div className={styles.recommendations}>
            <HomeRecommendations
              brand={brand}
              communityHref={path('community', '/0/community')}
              topicCatalogHref={path('topicCatalog', '/s/topiccatalog')}
            />
          </div>
        </Suspense>
      </div>
      <HiddenRegion pageKey="home" screenName="Home" />
    </>
  );
}
