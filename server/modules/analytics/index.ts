export { registerAnalyticsRoutes } from './analytics.routes.ts';
export { mostViewedContent, recordAnalyticsEvents } from './analytics.service.ts';
export type { AnalyticsTables } from './analytics.tables.ts';
export { forgetAnalyticsOfUser } from './analytics.repository.ts';
