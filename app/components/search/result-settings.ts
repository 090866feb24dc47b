import type { ResultLinkSettings, SearchResult } from '~core/search';
import type { RouteContract } from '~core/routes';
import type { PublicConfig } from '~core/site';
import { useSite } from '~app/site.ts';

/** What result cards need from the configuration: names, link bases and the route contract. */
export interface ResultSettings extends ResultLinkSettings {
  brand: string;
  /** The configured order product names are listed in (spec 2.6 'Products'). */
  productOrder?: readonly string[];
}

export function resultSettingsFrom(
  config: Pick<PublicConfig, 'brand' | 'learningBaseUrl' | 'appsHost'>,
  contract: Pick<RouteContract, 'path'>,
): ResultSettings {
  return {
    brand: config.brand,
    learningBaseUrl: config.learningBaseUrl,
    appsHost: config.appsHost,
    contract,
  };
}

/** The result settings of this site, or undefined without the root data (root error page). */
export function useResultSettings(): ResultSettings | undefined {
  const site = useSite();
  return site ? resultSettingsFrom(site.config, site.contract) : undefined;
}

/** Told when a visitor opens a result, with its 1-based position in the list. */
export type ResultOpenHandler = (result: { uniqueId: string }, position: number) => void;

/** What every result card takes. */
export interface ResultCardProps {
  result: SearchResult;
  settings: ResultSettings;
  /** 1-based position in its list, reported when the result is opened. */
  position?: number;
  /** The level of the card's title heading (3 by default). */
  headingLevel?: number;
  onOpen?: ResultOpenHandler;
}
