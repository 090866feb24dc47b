/*
 * Spec 8 'Internal search errors': the messages of the search engine registry in the browser
 * (app/search/engine-registry.ts). They are not shown to visitors; they reach the console and
 * the error-reporting service.
 */
export const SEARCH_ERRORS = {
  engineAlreadyInstantiated: (engineId: string) =>
    `Engine already instantiated for engine ID: ${engineId}`,
  optionsNotSet: 'Engine options have not been set.',
  componentNotRegistered: 'Component was not registered before initialization',
  storeRead: 'unable to get data from store',
  storeWrite: 'unable to register in store',
} as const;
