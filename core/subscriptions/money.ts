/*
 * Money as whole minor units (cents) of one currency: sums stay exact, and every division
 * (tax, discount, proration) rounds once, half away from zero, by integer arithmetic.
 */

export const CURRENCIES = ['AUD', 'NZD', 'GBP', 'USD', 'CAD', 'ZAR', 'SGD'] as const;

export type Currency = (typeof CURRENCIES)[number];

/** Digits after the decimal point; every currency the catalogue sells in has two. */
export const MINOR_DIGITS: Readonly<Record<Currency, number>> = {
  AUD: 2,
  NZD: 2,
  GBP: 2,
  USD: 2,
  CAD: 2,
  ZAR: 2,
  SGD: 2,
};

const LOCALES: Readonly<Record<Currency, string>> = {
  AUD: 'en-AU',
  NZD: 'en-NZ',
  GBP: 'en-GB',
  USD: 'en-US',
  CAD: 'en-CA',
  ZAR: 'en-ZA',
  SGD: 'en-SG',
};

export function isCurrency(value: unknown): value is Currency {
  return typeof value === 'string' && (CURRENCIES as readonly string[]).includes(value);
}

/**
 * numerator / denominator rounded to the nearest integer, halves away from zero. Both must be
 * safe integers and the denominator positive.
 */
export function divideRounded(numerator: number, denominator: number): number {
  if (!Number.isSafeInteger(numerator) || !Number.isSafeInteger(denominator) || denominator <= 0) {
    throw new RangeError('divideRounded takes safe integers and a positive denominator');
  }
  const magnitude = Math.abs(numerator);
  const quotient = Math.floor(magnitude / denominator);
  const remainder = magnitude - quotient * denominator;
  const rounded = remainder * 2 >= denominator ? quotient + 1 : quotient;
  return numerator < 0 && rounded !== 0 ? -rounded : rounded;
}

/** A rate in basis points (1,000 = 10 %) applied to an amount, rounded once. */
export function applyRate(amountMinor: number, basisPoints: number): number {
  return divideRounded(amountMinor * basisPoints, 10_000);
}

/** '$12.34' in the currency's own locale (A$ is written $ in Australia, as shoppers expect). */
export function formatMoney(amountMinor: number, currency: Currency): string {
  const digits = MINOR_DIGITS[currency];
  return new Intl.NumberFormat(LOCALES[currency], {
    style: 'currency',
    currency,
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  }).format(amountMinor / 10 ** digits);
}

/**
 * A typed amount ('12', '12.5', '1,234.56') as minor units, or undefined when it is not a
 * plain non-negative amount with at most the currency's digits.
 */
export function parseMoney(text: string, currency: Currency): number | undefined {
  const digits = MINOR_DIGITS[currency];
  const match = /^(\d{1,9})(?:\.(\d+))?$/.exec(text.trim().replaceAll(',', ''));
  if (!match) return undefined;
  const fraction = match[2] ?? '';
  if (fraction.length > digits) return undefined;
  return Number(match[1]) * 10 ** digits + Number(fraction.padEnd(digits, '0') || '0');
}
