import { describe, expect, it } from 'vitest';
import { applyRate, CURRENCIES, divideRounded, formatMoney, parseMoney } from './money.ts';
import { discountFor, discountOn, discountProblem, DEFAULT_TIER_DISCOUNTS } from './discounts.ts';
import { taxOn, taxRuleFor } from './tax.ts';
import { orderTotals } from './order-totals.ts';

describe('divideRounded', () => {
  it('rounds halves away from zero and everything else to the nearest', () => {
    expect(divideRounded(5, 10)).toBe(1);
    expect(divideRounded(4, 10)).toBe(0);
    expect(divideRounded(15, 10)).toBe(2);
    expect(divideRounded(25, 10)).toBe(3);
    expect(divideRounded(-5, 10)).toBe(-1);
    expect(divideRounded(-4, 10)).toBe(0);
    expect(divideRounded(-25, 10)).toBe(-3);
    expect(divideRounded(0, 7)).toBe(0);
  });

  it('matches exact rational rounding for every numerator against every small denominator', () => {
    for (let denominator = 1; denominator <= 40; denominator += 1) {
      for (let numerator = -400; numerator <= 400; numerator += 1) {
        const exact = Math.abs(numerator) / denominator;
        const expected = Math.sign(numerator) * Math.floor(exact + 0.5);
        expect(divideRounded(numerator, denominator)).toBe(expected === 0 ? 0 : expected);
      }
    }
  });

  it('refuses fractions and a denominator of zero', () => {
    expect(() => divideRounded(1.5, 2)).toThrow(RangeError);
    expect(() => divideRounded(1, 0)).toThrow(RangeError);
  });
});

describe('rates, tax and discounts', () => {
  it('takes a rate of every cent amount up to 100.00 with one rounding, never a float error', () => {
    for (let cents = 0; cents <= 10_000; cents += 1) {
      // 10 % GST: the half cent rounds up (0.05 → 1 cent at 5 cents of net).
      expect(applyRate(cents, 1000)).toBe(Math.floor(cents / 10 + 0.5 + 1e-9));
      // 15 % VAT or GST.
      expect(applyRate(cents, 1500)).toBe(divideRounded(cents * 15, 100));
    }
    expect(applyRate(5, 1000)).toBe(1);
    expect(applyRate(4, 1000)).toBe(0);
    expect(applyRate(1005, 2000)).toBe(201);
    // 0.1 + 0.2 style traps: 9 % of 1.50 is 13.5 cents, rounded up to 14.
    expect(applyRate(150, 900)).toBe(14);
  });

  it('charges each market its own tax, shown as the market expects', () => {
    expect(taxRuleFor('AU')).toEqual({
      label: 'GST',
      rateBasisPoints: 1000,
      note: 'Prices exclude GST (10%).',
    });
    expect(taxRuleFor('NZ').rateBasisPoints).toBe(1500);
    expect(taxRuleFor('SG')).toMatchObject({ label: 'GST', rateBasisPoints: 900 });
    expect(taxRuleFor('UK')).toMatchObject({ label: 'VAT', rateBasisPoints: 2000 });
    expect(taxRuleFor('ZA')).toMatchObject({ label: 'VAT', rateBasisPoints: 1500 });
    expect(taxRuleFor('CA')).toMatchObject({ label: 'GST', rateBasisPoints: 500 });
    expect(taxRuleFor('CA', { canadianProvince: 'on' })).toMatchObject({
      label: 'HST',
      rateBasisPoints: 1300,
    });
    expect(taxRuleFor('CA', { canadianProvince: 'NS' }).rateBasisPoints).toBe(1400);
    expect(taxRuleFor('US')).toEqual({
      label: 'Sales tax',
      rateBasisPoints: undefined,
      note: 'Plus applicable sales tax.',
    });
    expect(taxRuleFor('US', { usSalesTaxBasisPoints: 725 }).note).toBe(
      'Prices exclude Sales tax (7.25%).',
    );
    expect(taxOn(10_000, taxRuleFor('US'))).toBe(0);
    expect(taxOn(10_000, taxRuleFor('US', { usSalesTaxBasisPoints: 725 }))).toBe(725);
  });

  it('gives each ranked tier its discount and a practice with no tier none', () => {
    expect(discountFor('starter', DEFAULT_TIER_DISCOUNTS)).toBe(500);
    expect(discountFor('platinum', DEFAULT_TIER_DISCOUNTS)).toBe(2500);
    expect(discountFor('none', DEFAULT_TIER_DISCOUNTS)).toBe(0);
    expect(discountFor('GOLD', DEFAULT_TIER_DISCOUNTS)).toBe(0);
    expect(discountOn(3_300, 500)).toBe(165);
    expect(discountOn(3_310, 2500)).toBe(828);
    expect(discountProblem(2500)).toBeUndefined();
    expect(discountProblem(10_001)).toBeDefined();
    expect(discountProblem(-1)).toBeDefined();
    expect(discountProblem(12.5)).toBeDefined();
  });
});

describe('order totals', () => {
  it('discounts per line, taxes the total once, and the parts always add up', () => {
    const totals = orderTotals(
      'AUD',
      [{ unitPriceMinor: 3_300 }, { unitPriceMinor: 6_500 }, { unitPriceMinor: 3_300 }],
      1000,
      taxRuleFor('AU'),
    );
    expect(totals).toMatchObject({
      subtotalMinor: 13_100,
      discountMinor: 1_310,
      netMinor: 11_790,
      taxMinor: 1_179,
      totalMinor: 12_969,
      taxLabel: 'GST',
    });
    expect(totals.lines.map((line) => line.netMinor)).toEqual([2_970, 5_850, 2_970]);
  });

  it('keeps lines, subtotal, discount, tax and total consistent for every price and tier', () => {
    for (const [market, currency] of [
      ['AU', 'AUD'],
      ['UK', 'GBP'],
      ['SG', 'SGD'],
      ['US', 'USD'],
    ] as const) {
      for (const discount of Object.values(DEFAULT_TIER_DISCOUNTS)) {
        for (let price = 1; price <= 2_000; price += 7) {
          const lines = [{ unitPriceMinor: price }, { unitPriceMinor: price + 1 }];
          const totals = orderTotals(currency, lines, discount, taxRuleFor(market));
          const lineNet = totals.lines.reduce((sum, line) => sum + line.netMinor, 0);
          expect(lineNet).toBe(totals.netMinor);
          expect(totals.subtotalMinor - totals.discountMinor).toBe(totals.netMinor);
          expect(totals.netMinor + totals.taxMinor).toBe(totals.totalMinor);
          for (const value of [totals.discountMinor, totals.taxMinor, totals.totalMinor]) {
            expect(Number.isInteger(value)).toBe(true);
          }
        }
      }
    }
  });

  it('totals an empty order as nothing', () => {
    expect(orderTotals('NZD', [], 500, taxRuleFor('NZ')).totalMinor).toBe(0);
  });

  it('totals 200 clients exactly', () => {
    const lines = Array.from({ length: 200 }, () => ({ unitPriceMinor: 3_333 }));
    const totals = orderTotals('ZAR', lines, 1500, taxRuleFor('ZA'));
    // 3,333 less 15 % (499.95 → 500) is 2,833 a line; 566,600 net; VAT 84,990.
    expect(totals.netMinor).toBe(566_600);
    expect(totals.taxMinor).toBe(84_990);
    expect(totals.totalMinor).toBe(651_590);
  });
});

describe('formatting and parsing money', () => {
  it('writes each currency in its own locale with two decimals', () => {
    expect(formatMoney(123_456, 'AUD')).toBe('$1,234.56');
    expect(formatMoney(5, 'GBP')).toBe('£0.05');
    expect(formatMoney(-250, 'USD')).toBe('-$2.50');
    expect(formatMoney(100, 'ZAR')).toMatch(/^R\s?1[.,]00$/);
    for (const currency of CURRENCIES) expect(formatMoney(1, currency)).toMatch(/0[.,]01/);
  });

  it('reads typed amounts exactly and refuses anything else', () => {
    expect(parseMoney('33', 'AUD')).toBe(3_300);
    expect(parseMoney('33.5', 'AUD')).toBe(3_350);
    expect(parseMoney('1,234.56', 'GBP')).toBe(123_456);
    expect(parseMoney(' 0.07 ', 'USD')).toBe(7);
    expect(parseMoney('0.10', 'USD')).toBe(10);
    for (const bad of ['', '-1', '1.234', 'abc', '1e3', '.5', '10000000000']) {
      expect(parseMoney(bad, 'AUD')).toBeUndefined();
    }
  });
});
