import type { SiteNames } from '../site/index.ts';

/** The search hub of recommendations and result lists (spec 7 'Search provider'). */
export const RECOMMENDATIONS_SEARCH_HUB = 'recommendations';
export const RECOMMENDATIONS_PIPELINE = 'Recommendations';

export type SearchMode = 'support' | 'learning' | 'recommendations';

/** Spec 9: an engine's initialized callback waits this long after its last component. */
export const ENGINE_INITIALIZED_DEBOUNCE_MS = 200;

/** Spec 9: the engine of a standalone search box is its mode's engine id with this suffix. */
export function standaloneEngineId(engineId: string): string {
  return `${engineId}_standalone`;
}

export interface SearchSettings {
  mode: SearchMode;
  engineId: string;
  searchHub: string;
  pipeline: string;
}

/**
 * Spec 9 'Search settings' for support and learning, and spec 7 for recommendations, whose
 * engine id the spec does not give: it follows the other two, '{prefix}-recommendations'.
 */
export function searchSettings(names: SiteNames & { prefix: string }): readonly SearchSettings[] {
  const { prefix, product } = names;
  return [
    {
      mode: 'support',
      engineId: `${prefix}-global-search`,
      searchHub: supportSearchHub(names),
      pipeline: `${product} - Global Search Pipeline`,
    },
    {
      mode: 'learning',
      engineId: `${prefix}-learning-search`,
      searchHub: `${prefix}_LearningSearch`,
      pipeline: `${product} - Learning Search Pipeline`,
    },
    {
      mode: 'recommendations',
      engineId: `${prefix}-recommendations`,
      searchHub: RECOMMENDATIONS_SEARCH_HUB,
      pipeline: RECOMMENDATIONS_PIPELINE,
    },
  ];
}

/** The global search's hub, '{prefix}_GlobalSearch': the support mode's. */
export function supportSearchHub(names: SiteNames & { prefix: string }): string {
  return `${names.prefix}_GlobalSearch`;
}

/** The settings of a search hub, matched exactly; undefined for a hub the site does not have. */
export function searchSettingsForHub(
  names: SiteNames & { prefix: string },
  searchHub: string,
): SearchSettings | undefined {
  return searchSettings(names).find((settings) => settings.searchHub === searchHub);
}
