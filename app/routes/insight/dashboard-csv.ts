import type { LoaderFunctionArgs } from 'react-router';
import { tableCsv } from '~core/insight';
import { dashboardTable, requireDashboard } from './insight.server.ts';

/**
 * A dashboard table as CSV, for the same filters as the page: the numbers the plot draws.
 * A table the dashboard does not have is a 404; filters that are not valid a 400 saying why.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const dashboard = requireDashboard(context, request, params.dashboard);
  const found = await dashboardTable(context, request, dashboard, params.table ?? '');
  if ('problem' in found) {
    return new Response(`${found.problem}\n`, {
      status: 400,
      headers: { 'content-type': 'text/plain; charset=utf-8' },
    });
  }
  if (found.table === undefined) {
    return new Response('No such table.\n', {
      status: 404,
      headers: { 'content-type': 'text/plain; charset=utf-8' },
    });
  }
  return new Response(tableCsv(found.table), {
    headers: {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="${dashboard}-${found.table.id}.csv"`,
      'cache-control': 'private, no-store',
    },
  });
}
