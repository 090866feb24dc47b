import type { ReactNode } from 'react';
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLoaderData,
  useRouteError,
  type LoaderFunctionArgs,
} from 'react-router';
import { AnalyticsSetup } from './analytics/AnalyticsSetup.tsx';
import { ConsentManager } from './consent/ConsentManager.tsx';
import { NotFound } from './components/NotFound.tsx';
import { CsrfMeta } from './components/session/CsrfMeta.tsx';
import { IconSpriteContext } from './components/ui/icon-sprite.ts';
import { SessionWarningForViewer } from './components/session/SessionWarningForViewer.tsx';
import { SiteShell } from './components/SiteShell.tsx';
import { useCsrfToken } from './csrf.ts';
import { useNonce } from './nonce.ts';
import { RegionProvider } from './region/RegionProvider.tsx';
import { requestRegion, type RegionRootData } from './region/request-region.ts';
import { useSiteConfig, type RootData } from './site.ts';
import { viewerRootData, type ViewerRootData } from './viewer.ts';
import { documentTitle } from '~core/routes';
import { HIDE_DISMISSED_CARDS_SCRIPT } from '~core/ui';
import { VisitorProvider } from './visitor/VisitorProvider.tsx';
import './styles/global.css';

/**
 * The script that hides dismissed cards before the first paint runs from the server's HTML
 * only: the browser's build leaves its text out (the hydrated element keeps what the server
 * sent, and a script runs once), so no page's scripts carry it.
 */
const HIDE_DISMISSED_CARDS_BEFORE_PAINT = import.meta.env.SSR ? HIDE_DISMISSED_CARDS_SCRIPT : '';

export function loader({
  context,
  request,
}: LoaderFunctionArgs): RootData & RegionRootData & ViewerRootData & { iconSprite: string } {
  return {
    config: context.config,
    iconSprite: context.iconSprite,
    region: requestRegion(request, context.config.prefix),
    ...viewerRootData(context),
  };
}

export function Layout({ children }: { children: ReactNode }) {
  const nonce = useNonce();
  return (
    <html lang="en-US" dir="ltr">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <Meta />
        <Links />
        <CsrfMeta />
        <script
          nonce={nonce}
          dangerouslySetInnerHTML={{ __html: HIDE_DISMISSED_CARDS_BEFORE_PAINT }}
          suppressHydrationWarning
        />
      </head>
      <body>
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function Root() {
  const { config, region, iconSprite } = useLoaderData<typeof loader>();
  const csrfToken = useCsrfToken();
  return (
    <IconSpriteContext value={iconSprite}>
      <RegionProvider initialRegion={region} prefix={config.prefix}>
        <VisitorProvider prefix={config.prefix}>
          <AnalyticsSetup csrfToken={csrfToken} />
          <SiteShell notices={<ConsentManager />}>
            <SessionWarningForViewer />
            <Outlet />
          </SiteShell>
        </VisitorProvider>
      </RegionProvider>
    </IconSpriteContext>
  );
}

/** Never shows a stack trace: a missing page gets the 404 page, anything else a plain apology. */
export function ErrorBoundary() {
  const error = useRouteError();
  const config = useSiteConfig();
  const title = (heading: string) => (config ? documentTitle(heading, config) : heading);
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <SiteShell>
        <title>{title('Page not found')}</title>
        <NotFound />
      </SiteShell>
    );
  }
  if (!isRouteErrorResponse(error)) console.error(error);
  return (
    <SiteShell>
      <title>Something went wrong</title>
      <div className="page">
        <h1>Something went wrong on our side</h1>
        <p>Please try again in a moment. If it keeps happening, contact support.</p>
      </div>
    </SiteShell>
  );
}
