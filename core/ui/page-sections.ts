/** Spec 2.7 'Page layout': sections hold columns sized N of 12. */
export const GRID_COLUMNS = 12;

export interface SectionColumn {
  label: string;
  /** N of 12. */
  width: number;
}

/** A section's default: a single column 'Column 1' of width 12 of 12. */
export const DEFAULT_SECTION_COLUMNS: readonly SectionColumn[] = [{ label: 'Column 1', width: 12 }];

export function columnLabel(index: number): string {
  return `Column ${index + 1}`;
}

/** The share of the row a column takes: 6 → '50%', 2 → '16.67%', 4 → '33.33%', 8 → '66.67%'. */
export function columnPortion(width: number): string {
  return `${Math.round((clampWidth(width) / GRID_COLUMNS) * 10000) / 100}%`;
}

/** A width outside 1–12 or fractional is brought to the nearest whole width of the grid. */
export function clampWidth(width: number): number {
  if (!Number.isFinite(width)) return GRID_COLUMNS;
  return Math.min(GRID_COLUMNS, Math.max(1, Math.round(width)));
}

/** The section's columns, labelled 'Column N' when unnamed; none at all gives the default. */
export function sectionColumns(
  columns: readonly { label?: string; width: number }[] | undefined,
): SectionColumn[] {
  if (!columns || columns.length === 0) return [...DEFAULT_SECTION_COLUMNS];
  return columns.map((column, index) => ({
    label: column.label?.trim() ? column.label : columnLabel(index),
    width: clampWidth(column.width),
  }));
}
