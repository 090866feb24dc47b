import type { InsightTable } from '~core/insight';
import styles from './insight.module.css';

/** One of a dashboard's tables, with its CSV download. */
export function InsightTableView({
  table,
  csvHref,
  caption = true,
}: {
  table: InsightTable;
  csvHref: string;
  /** Off when a plot's title already names the table. */
  caption?: boolean;
}) {
  return (
    <div className={styles.tableBlock}>
      {table.rows.length === 0 ? (
        <p className={styles.muted}>
          {caption ? `${table.title}: nothing in this range.` : 'Nothing in this range.'}
        </p>
      ) : (
        <div className={styles.tableWrap} tabIndex={0} role="region" aria-label={table.title}>
          <table className={styles.table}>
            {caption ? <caption className={styles.caption}>{table.title}</caption> : null}
            <thead>
              <tr>
                {table.columns.map((column) => (
                  <th key={column} scope="col">
                    {column}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {table.rows.map((row, at) => (
                <tr key={at}>
                  {row.map((cell, column) =>
                    column === 0 ? (
                      <th key={column} scope="row">
                        {cell}
                      </th>
                    ) : (
                      <td
                        key={column}
                        className={typeof cell === 'number' ? styles.number : undefined}
                      >
                        {cell}
                      </td>
                    ),
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <a className={styles.csv} href={csvHref} download={`${table.id}.csv`}>
        Download “{table.title}” as CSV
      </a>
    </div>
  );
}
