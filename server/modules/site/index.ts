export { recordInstallation } from './site-settings.repository.ts';
export {
  countRateLimitHit,
  purgeRateLimitWindows,
  readRateLimitWindow,
  type RateLimitTables,
  type WindowCount,
} from './rate-limit-windows.repository.ts';
export { openPageChanges, type PageChanges } from './page-changes.ts';
