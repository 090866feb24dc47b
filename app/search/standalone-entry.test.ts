import { describe, expect, it } from 'vitest';
import { parseStandaloneEntry, STANDALONE_SEARCH_BOX_KEY } from './standalone-entry.ts';

describe('the standalone search box entry', () => {
  it("is stored under '{search-provider}-standalone-search-box'", () => {
    expect(STANDALONE_SEARCH_BOX_KEY).toBe('portal-search-standalone-search-box');
  });

  it('reads {value, analytics}', () => {
    expect(
      parseStandaloneEntry(
        JSON.stringify({
          value: 'gst',
          analytics: { cause: 'searchboxSubmit', metadata: { a: 'b', n: 1 } },
        }),
      ),
    ).toEqual({ value: 'gst', analytics: { cause: 'searchboxSubmit', metadata: { a: 'b' } } });
  });

  it('treats anything else as no entry', () => {
    for (const text of [
      null,
      '',
      'not json',
      'null',
      '{"value":1,"analytics":{"cause":"x"}}',
      '{"value":"x"}',
      '{"value":"x","analytics":null}',
    ]) {
      expect(parseStandaloneEntry(text)).toBeUndefined();
    }
  });
});
