import { serializeCookie } from '~core/site';
import {
  REGION_COOKIE_MAX_AGE_SECONDS,
  REGION_STORAGE_KEY,
  regionCookieName,
  type Region,
} from '~core/regions';

/**
 * Spec 4: a region that is set is stored in session storage as regionStorage and in the
 * {prefix}REGION cookie for 7 days, which the server reads to render the next page in it.
 */
export function storeRegion(region: Region, prefix: string): void {
  try {
    window.sessionStorage.setItem(REGION_STORAGE_KEY, region);
  } catch {
    // Storage can be off (private modes, full quota); the cookie still carries the choice.
  }
  document.cookie = serializeCookie(regionCookieName(prefix), region, {
    maxAgeSeconds: REGION_COOKIE_MAX_AGE_SECONDS,
    secure: window.location.protocol === 'https:',
  });
}
