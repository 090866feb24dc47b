import { useRouteLoaderData } from 'react-router';
import { createRouteContract, type RouteContract } from '~core/routes';
import type { PublicConfig } from '~core/site';

export interface RootData {
  config: PublicConfig;
}

const contracts = new Map<string, RouteContract>();

/** One route contract per configuration; the browser and the server build the same paths. */
export function routeContractFor(config: Pick<PublicConfig, 'product' | 'siteUrl'>): RouteContract {
  const key = `${config.product}\n${config.siteUrl}`;
  let contract = contracts.get(key);
  if (!contract) {
    contract = createRouteContract({ product: config.product, siteUrl: config.siteUrl });
    contracts.set(key, contract);
  }
  return contract;
}

export function useSiteConfig(): PublicConfig | undefined {
  return useRouteLoaderData<RootData>('root')?.config;
}

/** The route contract, or undefined while the root data is missing (root error boundary). */
export function useRouteContract(): RouteContract | undefined {
  return useSite()?.contract;
}

/** The configuration and its route contract together, or undefined without the root data. */
export function useSite(): { config: PublicConfig; contract: RouteContract } | undefined {
  const config = useSiteConfig();
  return config ? { config, contract: routeContractFor(config) } : undefined;
}

/** The page key of a matched route: route ids are '{variant}.{pageKey}'. */
export function pageKeyFromRouteId(routeId: string): string | undefined {
  const match = /^(?:aura|lwr)\.(.+)$/.exec(routeId);
  return match?.[1];
}
