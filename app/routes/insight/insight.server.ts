import { data, type AppLoadContext } from 'react-router';
import {
  dashboardsFor,
  dayOf,
  isDashboard,
  mayOpenDashboard,
  parseInsightFilters,
  type Dashboard,
} from '~core/insight';
import {
  actOnGap,
  contentGaps,
  insightDashboard,
  insightFilterOptions,
  setInsightDigest,
  takesInsightDigest,
  type GapActionRequest,
} from '~server/modules/insight';
import { notFound } from '../kb/page-data.server.ts';
import { requestPath, signInRedirect } from '../community/community.server.ts';

/*
 * What the insight pages share (docs/insight.md): who may open which dashboard, the filters
 * from the address, and the module's services. A '.server' module, so the pages take the
 * services from here, never from server/.
 */

export { setInsightDigest, takesInsightDigest };

/** A guest signs in first; someone who is not staff gets the site's 404, as for any admin page. */
export function requireStaff(context: AppLoadContext, request: Request) {
  if (context.viewer.isGuest) throw signInRedirect(context, requestPath(request));
  const { user } = context.viewer;
  if (dashboardsFor(user).length === 0) notFound();
  return user;
}

/** The dashboard an address names, when this staff member may open it; 404 otherwise. */
export function requireDashboard(
  context: AppLoadContext,
  request: Request,
  name: string | undefined,
): Dashboard {
  const user = requireStaff(context, request);
  if (name === undefined || !isDashboard(name)) notFound();
  if (!mayOpenDashboard(user, name)) {
    throw data('This dashboard is for administrators.', { status: 403 });
  }
  return name;
}

/** A dashboard's figures for the filters of the address, or the filters' problems. */
export async function loadDashboard(
  context: AppLoadContext,
  request: Request,
  dashboard: Dashboard,
) {
  const options = await insightFilterOptions(context.db, context.config);
  const outcome = parseInsightFilters(new URL(request.url).searchParams, {
    today: dayOf(context.clock.now()),
    products: options.products.map((product) => product.key),
    hubs: options.hubs,
  });
  const user = context.viewer.isGuest ? undefined : context.viewer.user;
  const dashboards = user ? dashboardsFor(user) : [];
  if (!outcome.ok) {
    return { dashboard, dashboards, options, outcome, view: undefined, gaps: undefined };
  }
  const view = await insightDashboard(context.db, dashboard, outcome.filters, {
    staleAfterDays: context.insightStaleAfterDays,
    now: context.clock.now(),
  });
  const gaps =
    dashboard === 'search'
      ? await contentGaps({ db: context.db, filters: outcome.filters })
      : undefined;
  return { dashboard, dashboards, options, outcome, view, gaps };
}

/** A CSV table of a dashboard, by its id; undefined for a table the dashboard does not have. */
export async function dashboardTable(
  context: AppLoadContext,
  request: Request,
  dashboard: Dashboard,
  tableId: string,
) {
  const loaded = await loadDashboard(context, request, dashboard);
  if (!loaded.view)
    return { problem: Object.values(loaded.outcome.ok ? {} : loaded.outcome.errors).join(' ') };
  const tables = [...loaded.view.plots.map((plot) => plot.table), ...loaded.view.tables];
  return { table: tables.find((table) => table.id === tableId) };
}

const text = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === 'string' ? value : '';
};

/** A content gap's action from the gap list's forms. */
export function gapRequestOf(form: FormData): GapActionRequest | undefined {
  const gapKey = text(form, 'gap');
  switch (text(form, 'intent')) {
    case 'synonym':
      return { action: 'synonym', gapKey, terms: text(form, 'terms') };
    case 'assign':
      return { action: 'assign', gapKey, assigneeId: text(form, 'assignee') };
    case 'handled':
      return { action: 'handled', gapKey };
    default:
      return undefined;
  }
}

export function carryOutGapAction(
  context: AppLoadContext,
  request: GapActionRequest,
  userId: string,
) {
  return actOnGap(context.db, request, { userId, at: context.clock.now() });
}
