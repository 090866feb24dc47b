/*
 * An order's totals: each line's net price less the tier discount (rounded per line, so the
 * invoice's lines add up to its subtotal), then the tax once on the discounted total.
 */
import type { Currency } from './money.ts';
import { discountOn } from './discounts.ts';
import { taxOn, type TaxRule } from './tax.ts';

export interface PricedLine {
  /** The plan's monthly net price. */
  unitPriceMinor: number;
}

export interface LineTotals {
  unitPriceMinor: number;
  discountMinor: number;
  netMinor: number;
}

export interface OrderTotals {
  currency: Currency;
  lines: LineTotals[];
  /** Sum of the list prices. */
  subtotalMinor: number;
  discountMinor: number;
  /** Subtotal less discount: what tax is worked out on. */
  netMinor: number;
  taxMinor: number;
  totalMinor: number;
  taxLabel: string;
  taxNote: string;
  discountBasisPoints: number;
}

export function orderTotals(
  currency: Currency,
  lines: readonly PricedLine[],
  discountBasisPoints: number,
  tax: TaxRule,
): OrderTotals {
  const priced = lines.map((line) => {
    const discountMinor = discountOn(line.unitPriceMinor, discountBasisPoints);
    return {
      unitPriceMinor: line.unitPriceMinor,
      discountMinor,
      netMinor: line.unitPriceMinor - discountMinor,
    };
  });
  const sum = (pick: (line: LineTotals) => number) =>
    priced.reduce((total, line) => total + pick(line), 0);
  const netMinor = sum((line) => line.netMinor);
  const taxMinor = taxOn(netMinor, tax);
  return {
    currency,
    lines: priced,
    subtotalMinor: sum((line) => line.unitPriceMinor),
    discountMinor: sum((line) => line.discountMinor),
    netMinor,
    taxMinor,
    totalMinor: netMinor + taxMinor,
    taxLabel: tax.label,
    taxNote: tax.note,
    discountBasisPoints,
  };
}
