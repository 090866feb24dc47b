import type { CaseRow } from './cases.tables.ts';

/*
 * A case belongs to an account (owner_id) or, raised without one, to an e-mail address
 * (owner_email, migration 0024).
 */

/** Who owns the case, as one string: the account's id, or `address:` and the address. */
export function ownerKey(row: Pick<CaseRow, 'owner_id' | 'owner_email'>): string {
  return row.owner_id ?? `address:${row.owner_email ?? ''}`;
}

/** The owner's name as agents see it: the account holder's, or the address. */
export function ownerNameOf(
  row: Pick<CaseRow, 'owner_id' | 'owner_email'>,
  names: ReadonlyMap<string, string>,
): string {
  if (row.owner_id === null) return row.owner_email ?? 'Someone';
  return names.get(row.owner_id) ?? 'Someone';
}
