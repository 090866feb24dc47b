/*
 * The insight dashboards for the people who run the portal (docs/insight.md). Agents see the
 * dashboards about the questions they answer; the rest is for administrators.
 */

export const DASHBOARDS = [
  'search',
  'answers',
  'deflection',
  'cases',
  'content',
  'community',
  'partners',
] as const;

export type Dashboard = (typeof DASHBOARDS)[number];

export const DASHBOARD_TITLES: Readonly<Record<Dashboard, string>> = {
  search: 'Search',
  answers: 'Generated answers',
  deflection: 'Deflection',
  cases: 'Support cases',
  content: 'Content',
  community: 'Community',
  partners: 'Partner programme',
};

/** The dashboards an agent may open; an administrator may open every one. */
const AGENT_DASHBOARDS: ReadonlySet<Dashboard> = new Set([
  'search',
  'answers',
  'deflection',
  'cases',
]);

export interface StaffRoles {
  canViewSetup: boolean;
  isAgent: boolean;
}

export function isDashboard(value: string): value is Dashboard {
  return (DASHBOARDS as readonly string[]).includes(value);
}

export function mayOpenDashboard(roles: StaffRoles, dashboard: Dashboard): boolean {
  if (roles.canViewSetup) return true;
  return roles.isAgent && AGENT_DASHBOARDS.has(dashboard);
}

/** The dashboards a staff member sees in the insight navigation, in their order. */
export function dashboardsFor(roles: StaffRoles): Dashboard[] {
  return DASHBOARDS.filter((dashboard) => mayOpenDashboard(roles, dashboard));
}

export function insightPath(dashboard: Dashboard): string {
  return `/admin/insight/${dashboard}`;
}
