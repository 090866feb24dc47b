import type { Kysely } from 'kysely';
import { normaliseQuery, type Dashboard, type InsightFilters } from '~core/insight';
import { searchSettings } from '~core/search';
import type { SiteNames } from '~core/site';
import type { Database } from '~server/db/schema.ts';
import { listProducts } from '~server/modules/content';
import { listStaff } from '~server/modules/identity';
import { addSynonym } from '~server/modules/search';
import { answersDashboard } from './answers-dashboard.ts';
import { casesDashboard } from './cases-dashboard.ts';
import { communityDashboard, type CommunitySettings } from './community-dashboard.ts';
import { contentDashboard, type ContentSettings } from './content-dashboard.ts';
import type { DashboardView } from './dashboard-view.ts';
import { deflectionDashboard } from './deflection-dashboard.ts';
import { partnersDashboard } from './partners-dashboard.ts';
import { saveGapAction } from './insight.repository.ts';
import { searchDashboard } from './search-dashboard.ts';

/* What the insight pages call: the dashboards, their filters' choices and the gaps' actions. */

/** What the portal's configuration sets for the dashboards. */
export type InsightSettings = ContentSettings & CommunitySettings;

export function insightDashboard(
  db: Kysely<Database>,
  dashboard: Dashboard,
  filters: InsightFilters,
  settings: InsightSettings = { staleAfterDays: 365, now: new Date() },
): Promise<DashboardView> {
  const reader = { db, filters };
  switch (dashboard) {
    case 'search':
      return searchDashboard(reader);
    case 'answers':
      return answersDashboard(reader);
    case 'deflection':
      return deflectionDashboard(reader);
    case 'cases':
      return casesDashboard(reader);
    case 'content':
      return contentDashboard(reader, settings);
    case 'community':
      return communityDashboard(reader, settings);
    case 'partners':
      return partnersDashboard(reader);
  }
}

export interface FilterOptions {
  products: { key: string; name: string }[];
  hubs: string[];
}

/** The products and search hubs the filters offer. */
export async function insightFilterOptions(
  db: Kysely<Database>,
  site: SiteNames & { prefix: string },
): Promise<FilterOptions> {
  const products = await listProducts(db);
  return {
    products: products.map((product) => ({ key: product.key, name: product.name })),
    hubs: searchSettings(site).map((settings) => settings.searchHub),
  };
}

export type GapActionRequest =
  | { action: 'synonym'; gapKey: string; terms: string }
  | { action: 'assign'; gapKey: string; assigneeId: string }
  | { action: 'handled'; gapKey: string };

export type GapActionOutcome =
  | { ok: true; message: string }
  | { ok: false; field: 'terms' | 'assigneeId' | 'gapKey'; problem: string };

const MAX_GAP_KEY = 200;

/**
 * Carries out what staff chose for a content gap. A synonym is stored in search (the next
 * search of every process uses it) and marks the gap handled; an assignment names who writes
 * the article; a gap marked handled leaves the list.
 */
export async function actOnGap(
  db: Kysely<Database>,
  request: GapActionRequest,
  by: { userId: string; at: Date },
): Promise<GapActionOutcome> {
  const gapKey = request.gapKey;
  if (gapKey === '' || gapKey.length > MAX_GAP_KEY || normaliseQuery(gapKey) !== gapKey) {
    return { ok: false, field: 'gapKey', problem: 'This content gap is not one of the list.' };
  }
  const stamp = { userId: by.userId, at: by.at.toISOString() };
  if (request.action === 'synonym') {
    const added = await addSynonym(db, request.terms, by);
    if (!added.ok) return { ok: false, field: 'terms', problem: added.problem };
    const synonym = added.terms.join(', ');
    await saveGapAction(db, { gapKey, status: 'handled', synonym }, stamp);
    return {
      ok: true,
      message: added.added
        ? `Synonym added: ${synonym}. Searches use it from now on.`
        : `That synonym was there already: ${synonym}.`,
    };
  }
  if (request.action === 'assign') {
    const member = (await listStaff(db)).find((staff) => staff.id === request.assigneeId);
    if (!member) return { ok: false, field: 'assigneeId', problem: 'Choose a member of staff.' };
    await saveGapAction(db, { gapKey, status: 'assigned', assigneeId: member.id }, stamp);
    return {
      ok: true,
      message: `“Write an article” assigned to ${member.firstName} ${member.lastName}.`.replace(
        '  ',
        ' ',
      ),
    };
  }
  await saveGapAction(db, { gapKey, status: 'handled' }, stamp);
  return { ok: true, message: 'Marked handled: the gap leaves the list.' };
}
