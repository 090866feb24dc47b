import type { ReactNode } from 'react';
import styles from './subscriptions.module.css';

export interface RecordColumn<T> {
  label: string;
  /** Money: right-aligned, its header too. */
  money?: boolean;
  /** Ids and codes: the cells in a fixed-width face. */
  code?: boolean;
  cell(record: T): ReactNode;
}

function cellClass(column: { money?: boolean; code?: boolean }): string | undefined {
  if (column.money) return styles.money;
  return column.code ? styles.code : undefined;
}

/**
 * A list of records as a table whose cells carry their column's name, so on a phone each row
 * becomes a card of labelled lines (subscriptions.module.css); the caption names the table for
 * screen readers.
 */
export function RecordTable<T>({
  caption,
  columns,
  records,
  rowKey,
}: {
  caption: string;
  columns: readonly RecordColumn<T>[];
  records: readonly T[];
  rowKey(record: T, index: number): string;
}) {
  return (
    <div className={styles.tableWrap}>
      <table className={styles.table}>
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            {columns.map((column) => (
              <th
                key={column.label}
                scope="col"
                className={column.money ? styles.money : undefined}
              >
                {column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {records.map((record, index) => (
            <tr key={rowKey(record, index)}>
              {columns.map((column) => (
                <td key={column.label} data-label={column.label} className={cellClass(column)}>
                  {column.cell(record)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
