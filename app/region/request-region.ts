import { readCookie } from '~core/site';
import { initialRegion, regionCookieName, type Region } from '~core/regions';

/**
 * The region a request renders in: the {prefix}REGION cookie, mapped, or a guess from
 * Accept-Language. The root loader hands it to the browser, so both render the same region.
 */
export function requestRegion(request: Request, prefix: string): Region {
  return initialRegion({
    cookieValue: readCookie(request.headers.get('cookie'), regionCookieName(prefix)),
    acceptLanguage: request.headers.get('accept-language'),
  });
}

/** The root loader's region field. */
export interface RegionRootData {
  region: Region;
}
