import { data, redirect, type LoaderFunctionArgs } from 'react-router';
import { matchesResourceFilter, resourceFilterOf } from '~core/partner';
import { downloadResource, listPartnerResources } from '~server/modules/partners';
import { fileDownloadHeaders } from '~app/file-download.server.ts';
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
 * Opening a resource: counted, then on to its link, or its uploaded file as a download. A
 * non-partner is led back to the library; a locked or unknown resource is refused plainly.
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
  if (result.ok && 'file' in result)
    return new Response(new Uint8Array(result.file.bytes), {
      headers: fileDownloadHeaders(result.file),
    });
  if (result.ok) return redirect(result.link, 303);
  if (result.reason === 'not-found') throw data('This resource does not exist.', 404);
  throw data(`${result.message}. Your tier does not open this resource yet.`, 403);
}
