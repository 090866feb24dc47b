import { data } from 'react-router';
import type { Breadcrumb } from '~app/components/Breadcrumbs.tsx';
import type { Crumb } from '~app/seo/json-ld.ts';
import type { RouteContract } from '~core/routes';

/** The 404 page for a url name or id that names no content: a response, never an exception. */
export function notFound(): never {
  throw data(null, { status: 404 });
}

/**
 * One trail for both the visible breadcrumbs (site paths) and the BreadcrumbList of the
 * structured data (absolute URLs): Home first, the current page last.
 */
export function trail(
  contract: RouteContract,
  siteUrl: string,
  steps: ReadonlyArray<{ label: string; path?: string }>,
  current: { label: string; url: string },
): { breadcrumbs: Breadcrumb[]; crumbs: Crumb[] } {
  const home = contract.path('home') ?? '/';
  const linked = [{ label: 'Home', path: home }, ...steps];
  return {
    breadcrumbs: [
      ...linked.map((step) => ({ label: step.label, ...(step.path ? { to: step.path } : {}) })),
      { label: current.label },
    ],
    crumbs: [
      ...linked.map((step) => ({
        name: step.label,
        ...(step.path ? { url: `${siteUrl}${step.path}` } : {}),
      })),
      { name: current.label, url: current.url },
    ],
  };
}
