import { describe, expect, it } from 'vitest';
import {
  DEFAULT_SECTION_COLUMNS,
  clampWidth,
  columnPortion,
  sectionColumns,
} from './page-sections.ts';

describe('page sections and columns (spec 2.7)', () => {
  it("default to one column 'Column 1' of 12 of 12", () => {
    expect(DEFAULT_SECTION_COLUMNS).toEqual([{ label: 'Column 1', width: 12 }]);
    expect(sectionColumns(undefined)).toEqual([{ label: 'Column 1', width: 12 }]);
    expect(sectionColumns([])).toEqual([{ label: 'Column 1', width: 12 }]);
  });

  it('have the spec portions', () => {
    expect(columnPortion(6)).toBe('50%');
    expect(columnPortion(2)).toBe('16.67%');
    expect(columnPortion(4)).toBe('33.33%');
    expect(columnPortion(8)).toBe('66.67%');
    expect(columnPortion(12)).toBe('100%');
  });

  it('label unnamed columns by position', () => {
    expect(sectionColumns([{ width: 8 }, { label: 'Aside', width: 4 }])).toEqual([
      { label: 'Column 1', width: 8 },
      { label: 'Aside', width: 4 },
    ]);
  });

  it('keep widths on the grid', () => {
    expect(clampWidth(0)).toBe(1);
    expect(clampWidth(13)).toBe(12);
    expect(clampWidth(5.6)).toBe(6);
    expect(clampWidth(Number.NaN)).toBe(12);
  });
});
