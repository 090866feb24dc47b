/*
 * The cart of "buy for several clients": rows typed on the page or imported from a CSV file
 * (business name, contact e-mail, plan, start date). Every row is checked on its own, so a bad
 * row keeps what was typed with its messages and the good ones stay in the cart.
 */
import { isValidEmail } from '../validation/index.ts';
import { daysBetween, isIsoDate } from './proration.ts';

export const CART_FIELDS = ['businessName', 'email', 'plan', 'startDate'] as const;

export type CartField = (typeof CART_FIELDS)[number];

export type CartRow = Readonly<Record<CartField, string>>;

export type RowProblems = Partial<Record<CartField, string>>;

export interface CheckedRow {
  row: CartRow;
  problems: RowProblems;
}

/** A cart holds at most this many clients: one order, one transaction. */
export const MAX_CART_ROWS = 200;

/** A start date may be today or up to this many days ahead. */
export const MAX_START_DAYS_AHEAD = 90;

export const CSV_HEADER = 'business name,contact email,plan,start date';

export function checkCartRow(
  row: CartRow,
  planCodes: ReadonlySet<string>,
  today: string,
): CheckedRow {
  const problems: RowProblems = {};
  const name = row.businessName.trim();
  if (name === '') problems.businessName = 'Enter the business name.';
  else if (name.length > 120) problems.businessName = 'A business name is at most 120 characters.';
  if (!isValidEmail(row.email.trim())) {
    problems.email = 'Enter the contact e-mail address, like name@example.com.';
  }
  if (!planCodes.has(row.plan.trim())) problems.plan = 'Choose one of the plans sold here.';
  const start = row.startDate.trim();
  if (!isIsoDate(start)) problems.startDate = 'Enter the start date as YYYY-MM-DD.';
  else if (daysBetween(today, start) < 0)
    problems.startDate = 'The start date cannot be in the past.';
  else if (daysBetween(today, start) > MAX_START_DAYS_AHEAD) {
    problems.startDate = `The start date must be within ${MAX_START_DAYS_AHEAD} days.`;
  }
  return { row, problems };
}

/** Two rows for the same contact e-mail in one cart are one client typed twice. */
export function checkCart(
  rows: readonly CartRow[],
  planCodes: ReadonlySet<string>,
  today: string,
): CheckedRow[] {
  const seen = new Set<string>();
  return rows.map((row) => {
    const checked = checkCartRow(row, planCodes, today);
    const email = row.email.trim().toLowerCase();
    if (!checked.problems.email && seen.has(email)) {
      checked.problems.email = 'This e-mail address is already in the cart.';
    }
    seen.add(email);
    return checked;
  });
}

export function cartIsReady(rows: readonly CheckedRow[]): boolean {
  return (
    rows.length > 0 &&
    rows.length <= MAX_CART_ROWS &&
    rows.every((row) => Object.keys(row.problems).length === 0)
  );
}

/** RFC 4180 fields: quoted fields may hold commas, doubled quotes and line breaks. */
export function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let quoted = false;
  const source = text.replace(/^\uFEFF/, '');
  for (let index = 0; index < source.length; index += 1) {
    const char = source[index]!;
    if (quoted) {
      if (char === '"' && source[index + 1] === '"') {
        field += '"';
        index += 1;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"' && field === '') quoted = true;
    else if (char === ',') {
      record.push(field);
      field = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && source[index + 1] === '\n') index += 1;
      record.push(field);
      records.push(record);
      record = [];
      field = '';
    } else field += char;
  }
  if (field !== '' || record.length > 0) {
    record.push(field);
    records.push(record);
  }
  return records.filter((fields) => fields.some((value) => value.trim() !== ''));
}

export interface CsvImport {
  rows: CartRow[];
  /** A problem with the file as a whole (no rows, too many, wrong columns). */
  fileProblem: string | undefined;
}

/** A CSV file's rows as cart rows; a first row naming the columns is skipped. */
export function cartRowsFromCsv(text: string): CsvImport {
  const records = parseCsv(text);
  if (records[0]?.[0]?.trim().toLowerCase() === 'business name') records.shift();
  if (records.length === 0) return { rows: [], fileProblem: 'The file has no clients in it.' };
  if (records.length > MAX_CART_ROWS) {
    return { rows: [], fileProblem: `A cart holds at most ${MAX_CART_ROWS} clients.` };
  }
  if (records.some((fields) => fields.length !== 4)) {
    return { rows: [], fileProblem: `Every line needs four columns: ${CSV_HEADER}.` };
  }
  return {
    rows: records.map(([businessName = '', email = '', plan = '', startDate = '']) => ({
      businessName: businessName.trim(),
      email: email.trim(),
      plan: plan.trim(),
      startDate: startDate.trim(),
    })),
    fileProblem: undefined,
  };
}
