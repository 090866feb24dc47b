import type { ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { createRoutesStub } from 'react-router';
import type { PublicConfig } from '~core/site';

export const TEST_SITE_CONFIG: PublicConfig = {
  brand: 'Ledgerleaf',
  product: 'Ledgerleaf',
  siteUrl: 'https://help.example.com/s',
  prefix: 'portal',
  learningBaseUrl: 'https://learn.example.com',
  appsHost: 'apps.example.com',
  environment: 'DEVELOPMENT',
  ssoProvider: 'portal',
};

/** Renders a block inside a router whose root route carries the site configuration. */
export function renderWithSite(element: ReactElement, config: PublicConfig = TEST_SITE_CONFIG) {
  const Stub = createRoutesStub([
    { id: 'root', path: '/', Component: () => element, loader: () => ({ config }) },
  ]);
  return renderToStaticMarkup(
    <Stub initialEntries={['/']} hydrationData={{ loaderData: { root: { config } } }} />,
  );
}
