/*
 * The insight module's public face (docs/insight.md): dashboards, content gaps, the rollup
 * and the weekly digest. It reads the other modules only through their faces.
 */
export type { DashboardView, Headline, Plot, PlotKind } from './dashboard-view.ts';
export {
  actOnGap,
  insightDashboard,
  insightFilterOptions,
  type FilterOptions,
  type GapActionOutcome,
  type GapActionRequest,
} from './insight.service.ts';
export {
  INSIGHT_HOME_PATH,
  sendInsightDigests,
  setInsightDigest,
  takesInsightDigest,
} from './digest.service.ts';
export { seedDemoInsight, type InsightDemoOutcome } from './demo/insight-demo.ts';
export type { InsightTables } from './insight.tables.ts';
export { rollUpDay, rollUpMonth, rollUpPending, type RollupSettings } from './rollup.service.ts';
export { contentGaps, type ContentGapList, type GapLine } from './search-dashboard.ts';
