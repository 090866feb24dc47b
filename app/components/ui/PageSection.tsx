import { Children, isValidElement, type CSSProperties, type ReactNode } from 'react';
import { GRID_COLUMNS, clampWidth, columnPortion } from '~core/ui';
import styles from './PageSection.module.css';

export interface ColumnProps {
  /** N of 12; default 12. */
  width?: number;
  /** The column's name ('Column 1' …), kept as a data attribute for the page editor. */
  label?: string;
  children?: ReactNode;
  className?: string;
}

/** One column of a page section, taking width/12 of the row. */
export function Column({ width = GRID_COLUMNS, label, children, className }: ColumnProps) {
  const grid = clampWidth(width);
  const style = {
    '--column-portion': columnPortion(grid),
    '--column-portion-ratio': grid / GRID_COLUMNS,
  } as CSSProperties;
  return (
    <div
      className={[styles.column, className].filter(Boolean).join(' ')}
      style={style}
      data-column={label}
      data-width={grid}
    >
      {children}
    </div>
  );
}

export interface PageSectionProps {
  /** Columns; anything else is wrapped in the default single column 'Column 1' of 12. */
  children?: ReactNode;
  /** Spans the window instead of the page width. */
  fullWidth?: boolean;
  /** Names the section as a region landmark when set. */
  label?: string;
  className?: string;
}

/** Spec 2.7 'Page layout': a section of N-of-12 columns. */
export function PageSection({ children, fullWidth = false, label, className }: PageSectionProps) {
  const items = Children.toArray(children);
  const allColumns =
    items.length > 0 && items.every((item) => isValidElement(item) && item.type === Column);
  const classes = [styles.section, fullWidth ? styles.fullWidth : undefined, className];
  const Tag = label ? 'section' : 'div';
  return (
    <Tag className={classes.filter(Boolean).join(' ')} aria-label={label}>
      {allColumns ? children : <Column label="Column 1">{children}</Column>}
    </Tag>
  );
}
