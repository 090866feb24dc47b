import type { ReactNode } from 'react';
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useRouteError,
  type LoaderFunctionArgs,
} from 'react-router';
import { NotFound } from './components/NotFound.tsx';
import { SiteShell } from './components/SiteShell.tsx';
import { useNonce } from './nonce.ts';
import { useSiteConfig, type RootData } from './site.ts';
import { documentTitle } from '../core/page-titles.ts';
import './styles/global.css';

export function loader({ context }: LoaderFunctionArgs): RootData {
  return { config: context.config };
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
  return (
    <SiteShell>
      <Outlet />
    </SiteShell>
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
