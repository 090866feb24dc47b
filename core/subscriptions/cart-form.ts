/*
 * The cart as the buying page posts it: each column's fields in row order. A row left wholly
 * blank is no client; a cart sent to be placed must be the cart that was reviewed, so the
 * practice never pays totals it has not seen.
 */
import { CART_FIELDS, type CartField, type CartRow } from './cart.ts';

export function cartRowsFromFields(
  fields: Readonly<Record<CartField, readonly string[]>>,
): CartRow[] {
  const length = Math.max(...CART_FIELDS.map((field) => fields[field].length));
  const rows: CartRow[] = [];
  for (let index = 0; index < length; index += 1) {
    const row = Object.fromEntries(
      CART_FIELDS.map((field) => [field, fields[field][index] ?? '']),
    ) as Record<CartField, string>;
    if (CART_FIELDS.some((field) => row[field].trim() !== '')) rows.push(row);
  }
  return rows;
}

/** What a review was of: the rows as the order would bill them (spaces around values aside). */
export function cartFingerprint(rows: readonly CartRow[]): string {
  return JSON.stringify(rows.map((row) => CART_FIELDS.map((field) => row[field].trim())));
}
