import { describe, expect, it } from 'vitest';
import { hiddenObjectTypes, PARTNER_RESOURCE_OBJECT_TYPE } from './scopes.ts';

describe('partner-only search items', () => {
  it('hides the partner resources from everyone but partners', () => {
    expect(hiddenObjectTypes({ isPartner: false })).toEqual([PARTNER_RESOURCE_OBJECT_TYPE]);
    expect(hiddenObjectTypes({ isPartner: true })).toEqual([]);
  });
});
