import type { PublicConfig } from '~core/site';
import { supportSearchHub } from '~core/search';
import type { SearchAnalyticsView } from '../blocks/content-view.ts';
import type { GatewayClient } from '../gateway-client.ts';
import { createSearchClient } from './search-client.ts';

/**
 * Sends a page's search-analytics view with the global search's token. The tracking block loads
 * it only under statistics consent, so the search client stays out of pages otherwise.
 */
export function sendSearchView(options: {
  gateway: GatewayClient;
  config: PublicConfig;
  csrfToken: string | null;
  view: SearchAnalyticsView;
}): void {
  const { gateway, config, csrfToken, view } = options;
  createSearchClient({ gateway, searchHub: supportSearchHub(config), csrfToken }).logView(view);
}
