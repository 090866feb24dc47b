import { describe, expect, it } from 'vitest';
import { SEARCH_ERRORS } from './errors.ts';

describe('internal search errors (spec 8)', () => {
  it('are worded as the spec gives them', () => {
    expect(SEARCH_ERRORS.engineAlreadyInstantiated('LL-global-search')).toBe(
      'Engine already instantiated for engine ID: LL-global-search',
    );
    expect(SEARCH_ERRORS.optionsNotSet).toBe('Engine options have not been set.');
    expect(SEARCH_ERRORS.componentNotRegistered).toBe(
      'Component was not registered before initialization',
    );
    expect(SEARCH_ERRORS.storeRead).toBe('unable to get data from store');
    expect(SEARCH_ERRORS.storeWrite).toBe('unable to register in store');
  });
});
