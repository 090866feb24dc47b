import { describe, expect, it } from 'vitest';
import { RECORD_ID_LENGTH, findRecordId, isRecordId } from './record-id.ts';

const ID = '0TO5g000000AbCdEFG';

describe('RECORD_ID_LENGTH (spec 9)', () => {
  it('is 18', () => {
    expect(RECORD_ID_LENGTH).toBe(18);
    expect(ID).toHaveLength(RECORD_ID_LENGTH);
  });
});

describe('isRecordId (spec 3, "Record id"; spec 5, "Route data")', () => {
  it.each([
    ID,
    '500000000000000AAA',
    'abcdefghijklmnopqr',
    'ABCDEFGHIJKLMNOPQR',
    '012345678901234567',
  ])('accepts the 18 alphanumeric characters %s', (value) => {
    expect(isRecordId(value)).toBe(true);
  });

  it.each([
    ['17 characters', ID.slice(0, 17)],
    ['19 characters', `${ID}H`],
    ['a hyphen', '0TO5g000000AbCd-FG'],
    ['an underscore', '0TO5g000000AbCd_FG'],
    ['a space', '0TO5g000000AbCd FG'],
    ['a non-ASCII letter', '0TO5g000000AbCdéFG'],
    ['a leading slash', `/${ID.slice(1)}`],
    ['a trailing newline', `${ID}\n`],
    ['nothing', ''],
  ])('rejects a value with %s', (_why, value) => {
    expect(isRecordId(value)).toBe(false);
  });
});

describe('findRecordId', () => {
  it.each([
    ['a bare id', ID, ID],
    ['a path segment', `/s/topic/${ID}`, ID],
    ['a segment followed by more path', `/s/question/${ID}/my-question`, ID],
    ['a query value', `/s/case?caseId=${ID}`, ID],
    ['a query value followed by another parameter', `/0/topic/?topicId=${ID}&x=1`, ID],
    ['a hyphenated slug', `/s/article/how-to-${ID}-guide`, ID],
    ['a fragment', `/s/page#${ID}`, ID],
  ])('finds the id in %s', (_where, url, expected) => {
    expect(findRecordId(url)).toBe(expected);
  });

  it.each([
    ['17 characters', `/s/topic/${ID.slice(0, 17)}`],
    ['19 characters', `/s/topic/${ID}H`],
    ['a run of 30 characters', `/s/topic/${ID}abcdefghijkl`],
    ['a run of 36 characters (two ids glued together)', `/s/topic/${ID}${ID}`],
    ['no alphanumeric run at all', '/s/-/_/?'],
    ['an empty string', ''],
  ])('finds nothing with %s', (_why, url) => {
    expect(findRecordId(url)).toBeUndefined();
  });

  it('skips a longer run and takes a later 18-character one', () => {
    const other = '500000000000000AAA';
    expect(findRecordId(`/s/x/${ID}ZZ/y/${other}`)).toBe(other);
  });

  it('takes the first of two ids', () => {
    const other = '500000000000000AAA';
    expect(findRecordId(`/s/x/${ID}?caseId=${other}`)).toBe(ID);
  });

  it('never returns the tail of a longer run', () => {
    // A 19-character run ends with an 18-character run, which must not be taken.
    expect(findRecordId(`a${ID}`)).toBeUndefined();
    expect(findRecordId(`${ID}a`)).toBeUndefined();
  });
});
