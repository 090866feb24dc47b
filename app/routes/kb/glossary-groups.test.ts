import { describe, expect, it } from 'vitest';
import { GLOSSARY_LETTERS, groupByLetter } from './glossary-groups.ts';

describe('groupByLetter', () => {
  it('groups terms A to Z by first letter, each group sorted without regard to case', () => {
    const groups = groupByLetter([
      { term: 'Cash accounting' },
      { term: 'accrual accounting' },
      { term: 'Bank feed' },
      { term: 'Accounts payable' },
    ]);
    expect(groups.map((group) => group.letter)).toEqual(['A', 'B', 'C']);
    expect(groups[0]?.entries.map((entry) => entry.term)).toEqual([
      'Accounts payable',
      'accrual accounting',
    ]);
  });

  it("files terms that start with a digit or symbol under '#', after Z", () => {
    const groups = groupByLetter([{ term: '1099 form' }, { term: 'Zero-rated' }]);
    expect(groups.map((group) => group.letter)).toEqual(['Z', '#']);
  });

  it('files accented initials under their base letter', () => {
    expect(groupByLetter([{ term: 'Écart' }])[0]?.letter).toBe('E');
  });

  it('lists the 26 letters and #', () => {
    expect(GLOSSARY_LETTERS).toHaveLength(27);
  });
});
