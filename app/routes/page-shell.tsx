import { Link, redirect, useMatches, type LoaderFunctionArgs, type MetaArgs } from 'react-router';
import { pageHeading } from '~core/routes';
import { isRecordId } from '~core/records';
import { pageMeta } from '../meta.ts';
import { pageKeyFromRouteId, routeContractFor, useSite } from '../site.ts';

/**
 * The page of every route whose own issue has not landed yet: it says so plainly. Its loader
 * already applies the route data rules, so a bad id never renders a page.
 */
export function loader({ params, context }: LoaderFunctionArgs) {
  const contract = routeContractFor(context.config);
  if (params.id !== undefined && !isRecordId(params.id)) {
    throw redirect(contract.path('error') ?? '/s/error', 302);
  }
  return null;
}

export function meta({ matches }: MetaArgs) {
  const pageKey = pageKeyFromRouteId(matches.at(-1)?.id ?? '') ?? '';
  return pageMeta(matches, (config) => pageHeading(pageKey, config));
}

export default function PageShell() {
  const matches = useMatches();
  const site = useSite();
  const pageKey = pageKeyFromRouteId(matches.at(-1)?.id ?? '') ?? '';
  if (!site) return null;
  const { config, contract } = site;
  return (
    <div className="page">
      <h1>{pageHeading(pageKey, config)}</h1>
      <p>This page is not available yet.</p>
      <p>
        <Link to={contract.path('home') ?? '/'}>Go to the support home page</Link>
      </p>
    </div>
  );
}
