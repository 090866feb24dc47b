import {
  useLoaderData,
  type ClientLoaderFunctionArgs,
  type LoaderFunctionArgs,
} from 'react-router';
import { homeDescription } from '~core/routes';
import { HeroBanner, heroTitle } from '../blocks/HeroBanner.tsx';
import { HiddenRegion } from '../blocks/HiddenRegion.tsx';
import { loadOnboardingCta } from '../blocks/onboarding-cta.server.ts';
import { TrackingBlock } from '../blocks/tracking-block.tsx';
import { deferredPart } from '../components/deferred-part.tsx';
import { useSite } from '../site.ts';
import styles from './home.module.css';
import { headedPageMeta } from '~app/meta.ts';

/**
 * The blocks below the hero (more than half of the page's own scripts) hydrate when their module
 * arrives, the hero and the search box meanwhile.
 */
const homeBlocks = deferredPart(() =>
  import('../blocks/HomeBlocks.tsx').then((module) => module.HomeBlocks),
);

export const meta = headedPageMeta('home', { description: homeDescription });

/**
 * Whether the viewer holds the setup-viewing permission, and the onboarding card, which comes
 * with the page so its Markdown is rendered on the server and the page does not shift.
 */
export async function loader({ context }: LoaderFunctionArgs) {
  return {
    canViewSetup: !context.viewer.isGuest && context.viewer.user.canViewSetup,
    onboarding: await loadOnboardingCta(context),
  };
}

/** Arriving from another page, the blocks' module loads with the page's data. */
export async function clientLoader({ serverLoader }: ClientLoaderFunctionArgs) {
  const [data] = await Promise.all([serverLoader<typeof loader>(), homeBlocks.load()]);
  return data;
}

/** Spec 2.4: the home page, top to bottom. */
export default function Home() {
  const { canViewSetup, onboarding } = useLoaderData<typeof loader>();
  const site = useSite();
  if (!site) return null;
  const { brand } = site.config;
  const path = (pageKey: string, fallback: string) => site.contract.path(pageKey) ?? fallback;
  return (
    <>
      <TrackingBlock contentType="Home" />
      <HeroBanner mode="support" title={heroTitle(brand)} />
      <div className={styles.blocks}>
        <homeBlocks.Part
          brand={brand}
          canViewSetup={canViewSetup}
          onboarding={onboarding}
          communityHref={path('community', '/0/community')}
          topicCatalogHref={path('topicCatalog', '/s/topiccatalog')}
          recommendationsClassName={styles.recommendations ?? ''}
        />
      </div>
      <HiddenRegion pageKey="home" screenName="Home" />
    </>
  );
}
