import { hiddenObjectTypes, LEARNING_CONTENT_TYPES, LEARNING_OBJECT_TYPES } from '~core/search';
import type { EngineQuery } from './search-engine.ts';

/** The learning hub's scope: learning content types, or learning plan and track objects. */
export const LEARNING_SCOPE: EngineQuery['scope'] = {
  commonContentTypes: [...LEARNING_CONTENT_TYPES],
  objecttypes: [...LEARNING_OBJECT_TYPES],
};

/** The support hub searches everything but learning items. */
export const SUPPORT_EXCLUSIONS: EngineQuery['notFilters'] = [
  ...LEARNING_CONTENT_TYPES.map((value) => ({ field: 'common_contenttype' as const, value })),
  ...LEARNING_OBJECT_TYPES.map((value) => ({ field: 'objecttype' as const, value })),
];

/** What a visitor's searches leave out as NOT clauses: the partners' own items, to others. */
export function hiddenFrom(visitor: { isPartner: boolean }): EngineQuery['notFilters'] {
  return hiddenObjectTypes(visitor).map((value) => ({ field: 'objecttype' as const, value }));
}
