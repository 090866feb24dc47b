/*
 * Tables as CSV (RFC 4180): every field quoted when it holds a comma, quote or line break, and
 * a field starting with =, +, - or @ prefixed with a quote mark so a spreadsheet does not run
 * a visitor's typed search as a formula.
 */

export interface InsightTable {
  /** The file name's stem and the table's id in the address. */
  id: string;
  title: string;
  columns: readonly string[];
  rows: readonly (readonly (string | number)[])[];
}

function field(value: string | number): string {
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function tableCsv(table: InsightTable): string {
  return (
    [table.columns, ...table.rows].map((row) => row.map(field).join(',')).join('\r\n') + '\r\n'
  );
}
