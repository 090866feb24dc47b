export { registerAnalyticsRoutes } from './analytics.routes.ts';
export {
  countViewsFollowedByCaseBetween,
  mostViewedContent,
  recordAnalyticsEvents,
} from './analytics.service.ts';
export { countContentViewsBetween } from './analytics.repository.ts';
export type { AnalyticsTables } from './analytics.tables.ts';
export { forgetAnalyticsOfUser } from './analytics.repository.ts';
