/**
 * What a search box needs once a visitor uses it: the suggestions client and their highlighting,
 * the page's engine registry and the store for the search page's entry. A page loads these on
 * the first focus, pointer or keystroke in a box rather than with its own scripts
 * (docs/performance.md).
 */
export { createSearchClient } from './search-client.ts';
export { highlightParts } from './highlighted-value.ts';
export { pageEngineRegistry } from './engine-registry.ts';
export { storeStandaloneEntry } from './standalone-entry.ts';
