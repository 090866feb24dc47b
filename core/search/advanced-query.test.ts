import { describe, expect, it } from 'vitest';
import { MAX_ADVANCED_CLAUSES, parseAdvancedQuery } from './advanced-query.ts';

const FIELDS = { not: ['sfurlname', 'objecttype'], equals: ['common_contenttype'] };

describe('parseAdvancedQuery', () => {
  it("reads spec 7's 'sfurlname NOT {urlName}'", () => {
    expect(parseAdvancedQuery('sfurlname NOT connect-a-bank-feed', FIELDS)).toEqual({
      ok: true,
      clauses: [{ field: 'sfurlname', operator: 'not', value: 'connect-a-bank-feed' }],
    });
  });

  it("reads 'field==value', with or without '@' and spaces", () => {
    for (const aq of ['common_contenttype==Article', '@common_contenttype == Article']) {
      expect(parseAdvancedQuery(aq, FIELDS)).toEqual({
        ok: true,
        clauses: [{ field: 'common_contenttype', operator: 'equals', value: 'Article' }],
      });
    }
  });

  it('reads quoted values with escapes, and clauses joined by AND', () => {
    expect(
      parseAdvancedQuery(
        'common_contenttype=="Live webinar" AND objecttype NOT "a \\"b\\" \\\\"',
        FIELDS,
      ),
    ).toEqual({
      ok: true,
      clauses: [
        { field: 'common_contenttype', operator: 'equals', value: 'Live webinar' },
        { field: 'objecttype', operator: 'not', value: 'a "b" \\' },
      ],
    });
  });

  it('takes blank text as no clauses', () => {
    expect(parseAdvancedQuery('   ', FIELDS)).toEqual({ ok: true, clauses: [] });
  });

  it.each([
    ['title NOT x', "'title NOT value' is not supported"],
    ['sfurlname==x', "'sfurlname==value' is not supported"],
    ['sfurlname x', "expected 'NOT' or '==' after 'sfurlname'"],
    ['sfurlname NOT', "'sfurlname' needs a value"],
    ['sfurlname NOT "open', 'a quoted value is not closed'],
    ['sfurlname NOT "a\\nb"', 'only \\" and \\\\ may be escaped'],
    ['sfurlname NOT a OR objecttype NOT b', "expected 'AND' at position 17"],
    ['NOT sfurlname', "expected 'NOT' or '==' after 'NOT'"],
    ['= x', 'expected a field name at position 1'],
    ['sfurlname NOT a AND', 'expected a field name at position 20'],
  ])('refuses %j', (aq, message) => {
    const parsed = parseAdvancedQuery(aq, FIELDS);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.message).toContain(message);
  });

  it(`refuses more than ${MAX_ADVANCED_CLAUSES} clauses`, () => {
    const aq = Array.from(
      { length: MAX_ADVANCED_CLAUSES + 1 },
      (_, i) => `sfurlname NOT a${i}`,
    ).join(' AND ');
    expect(parseAdvancedQuery(aq, FIELDS)).toEqual({
      ok: false,
      message: `at most ${MAX_ADVANCED_CLAUSES} clauses are allowed`,
    });
  });
});
