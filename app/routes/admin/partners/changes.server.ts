import type { LoaderFunctionArgs } from 'react-router';
import { CONFIGURATION_CHANGES_PAGE_SIZE, parseConfigurationSubject } from '~core/partner';
import { pageCount, pageNumber } from '~app/components/community/paging.ts';
import {
  configurationChanges,
  configurationChangesCsv,
  requireProgrammeAdmin,
} from './partner-admin.server.ts';

/*
 * The record of who changed the programme's configuration, for admins only: a page of it,
 * newest first, filtered by kind from the address, and the same filter as CSV.
 */

export async function changesLoader({ request, context }: LoaderFunctionArgs) {
  requireProgrammeAdmin(request, context);
  const query = new URL(request.url).searchParams;
  const kind = parseConfigurationSubject(query.get('kind'));
  const page = pageNumber(query.get('page'));
  const { entries, total } = await configurationChanges(context.db, { kind, page });
  return {
    kind: kind ?? '',
    page,
    pageCount: pageCount(total, CONFIGURATION_CHANGES_PAGE_SIZE),
    total,
    entries,
  };
}

export async function changesCsvLoader({ request, context }: LoaderFunctionArgs) {
  requireProgrammeAdmin(request, context);
  const kind = parseConfigurationSubject(new URL(request.url).searchParams.get('kind'));
  const day = context.clock.now().toISOString().slice(0, 10);
  return new Response(await configurationChangesCsv(context.db, kind), {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="partner-configuration-changes-${day}.csv"`,
      'Cache-Control': 'no-store',
    },
  });
}
