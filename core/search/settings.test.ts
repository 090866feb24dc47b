import { describe, expect, it } from 'vitest';
import {
  ENGINE_INITIALIZED_DEBOUNCE_MS,
  searchSettings,
  searchSettingsForHub,
  standaloneEngineId,
} from './settings.ts';

const names = { brand: 'Ledgerleaf', product: 'Ledgerleaf', prefix: 'LL' };

describe('search settings', () => {
  it('are those of spec 9 for support and learning, and of spec 7 for recommendations', () => {
    expect(searchSettings(names)).toEqual([
      {
        mode: 'support',
        engineId: 'LL-global-search',
        searchHub: 'LL_GlobalSearch',
        pipeline: 'Ledgerleaf - Global Search Pipeline',
      },
      {
        mode: 'learning',
        engineId: 'LL-learning-search',
        searchHub: 'LL_LearningSearch',
        pipeline: 'Ledgerleaf - Learning Search Pipeline',
      },
      {
        mode: 'recommendations',
        engineId: 'LL-recommendations',
        searchHub: 'recommendations',
        pipeline: 'Recommendations',
      },
    ]);
  });

  it('name pipelines after the product and ids after the prefix', () => {
    const other = { brand: 'Acme', product: 'Acme Books', prefix: 'AB' };
    expect(searchSettingsForHub(other, 'AB_LearningSearch')).toMatchObject({
      engineId: 'AB-learning-search',
      pipeline: 'Acme Books - Learning Search Pipeline',
    });
  });

  it('find no settings for a hub of another prefix or an unknown hub', () => {
    expect(searchSettingsForHub(names, 'XC_GlobalSearch')).toBeUndefined();
    expect(searchSettingsForHub(names, 'll_globalsearch')).toBeUndefined();
    expect(searchSettingsForHub(names, 'Recommendations')).toBeUndefined();
  });
});

describe('standalone engine id and initialisation debounce (spec 9)', () => {
  it('suffix the mode engine id with _standalone', () => {
    expect(standaloneEngineId('LL-global-search')).toBe('LL-global-search_standalone');
    expect(standaloneEngineId('LL-learning-search')).toBe('LL-learning-search_standalone');
  });

  it('waits 200 ms before an engine counts as initialized', () => {
    expect(ENGINE_INITIALIZED_DEBOUNCE_MS).toBe(200);
  });
});
