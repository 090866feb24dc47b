import { VARIANT_ROOT } from '../routes/index.ts';
import { isLedgerEntryKind, LEDGER_ENTRY_LABELS, type LedgerEntryKind } from './ledger.ts';

/** The points ledger as the account page filters and exports it. */

export interface LedgerFilter {
  kind: LedgerEntryKind | 'all';
  /** YYYY-MM-DD or '' for no bound; both bounds are whole days, inclusive. */
  from: string;
  to: string;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

function day(value: string | null): string {
  if (value === null || !DAY.test(value)) return '';
  return Number.isNaN(Date.parse(`${value}T00:00:00.000Z`)) ? '' : value;
}

/** Reads the filter from the page's query; anything unreadable is left out rather than refused. */
export function parseLedgerFilter(params: URLSearchParams): LedgerFilter {
  const kind = params.get('kind');
  let from = day(params.get('from'));
  let to = day(params.get('to'));
  if (from !== '' && to !== '' && from > to) [from, to] = [to, from];
  return { kind: isLedgerEntryKind(kind) ? kind : 'all', from, to };
}

export function ledgerFilterSearch(filter: LedgerFilter): string {
  const params = new URLSearchParams();
  if (filter.kind !== 'all') params.set('kind', filter.kind);
  if (filter.from !== '') params.set('from', filter.from);
  if (filter.to !== '') params.set('to', filter.to);
  const query = params.toString();
  return query === '' ? '' : `?${query}`;
}

/** The ISO time range a filter covers: from the start of its first day to the end of its last. */
export function ledgerFilterRange(filter: LedgerFilter): { from?: string; before?: string } {
  const range: { from?: string; before?: string } = {};
  if (filter.from !== '') range.from = `${filter.from}T00:00:00.000Z`;
  if (filter.to !== '') {
    const next = new Date(Date.parse(`${filter.to}T00:00:00.000Z`) + 24 * 60 * 60 * 1000);
    range.before = next.toISOString();
  }
  return range;
}

export interface LedgerLine {
  occurredAt: string;
  kind: LedgerEntryKind;
  points: number;
  reason: string;
  expiresAt: string | null;
}

/*
 * A cell a spreadsheet would run as a formula is prefixed with an apostrophe (OWASP's CSV
 * injection advice); quotes are doubled and every cell is quoted.
 */
function cell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return `"${safe.replaceAll('"', '""')}"`;
}

export const LEDGER_CSV_HEADER = ['Date', 'Type', 'Points', 'Reason', 'Expires'];

/** The ledger as CSV with CRLF line ends (RFC 4180); numbers stay numbers. */
export function ledgerCsv(lines: readonly LedgerLine[]): string {
  const rows = [LEDGER_CSV_HEADER.map(cell).join(',')];
  for (const line of lines) {
    rows.push(
      [
        cell(line.occurredAt.slice(0, 10)),
        cell(LEDGER_ENTRY_LABELS[line.kind]),
        String(line.points),
        cell(line.reason),
        cell(line.expiresAt?.slice(0, 10) ?? ''),
      ].join(','),
    );
  }
  return `${rows.join('\r\n')}\r\n`;
}

/** The ledger's CSV download, beside the account page; it takes the page's filter query. */
export const PARTNER_POINTS_CSV_PATH = `${VARIANT_ROOT.lwr}/partners/account/points.csv`;
