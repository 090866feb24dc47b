import { data, redirect, type LoaderFunctionArgs } from 'react-router';
import { matchesResourceFilter, resourceFilterOf } from '~core/partner';
import { downloadResource, listPartnerResources } from '~server/modules/partners';
import { routeContractFor } from '~app/site.ts';
import { partnerAccess } from './partners.server.ts';

/** The library for the signed-in partner, filtered by the page's query. */
export async function resourcesLoader({ request, context }: LoaderFunctionArgs) {
  const access = partnerAccess(context, request);
  if (access.kind !== 'partner') return { kind: 'not-partner' as const };
  const all = await listPartnerResources(context.db, access.user.id);
  const products = [...new Set(all.map((resource) => resource.product))].sort();
  const filter = resourceFilterOf(new URL(request.url).searchParams, products);
  return {
    kind: 'partner' as const,
    filter,
    products,
    total: all.length,
    resources: all.filter((resource) =>
      matchesResourceFilter({ ...resource, locked: resource.lock !== null }, filter),
    ),
  };
}

/**
 * Opening a resource: counted, then on to the resource. A locked or unknown one leads back to
 * the library, a locked one with a plain refusal.
 */
export async function resourceDownloadLoader({ request, context, params }: LoaderFunctionArgs) {
  const access = partnerAccess(context, request);
  const library = routeContractFor(context.config).path('partnersResources') ?? '/';
  if (access.kind !== 'partner') return redirect(library, 303);
  const result = await downloadResource(context.db, {
    userId: access.user.id,
    resourceId: params.resourceId ?? '',
    at: context.clock.now(),
  });
  if (result.ok) return redirect(result.url, 303);
  if (result.reason === 'not-found') throw data('This resource does not exist.', 404);
  throw data(`${result.message}. Your tier does not open this resource yet.`, 403);
}
