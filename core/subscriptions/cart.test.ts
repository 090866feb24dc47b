import { describe, expect, it } from 'vitest';
import {
  cartIsReady,
  cartRowsFromCsv,
  checkCart,
  checkCartRow,
  MAX_CART_ROWS,
  parseCsv,
} from './cart.ts';

const PLANS = new Set(['starter', 'standard']);
const TODAY = '2026-11-26';
const row = (fields: Partial<Record<string, string>> = {}) => ({
  businessName: 'Bean There Café',
  email: 'owner@beanthere.example',
  plan: 'standard',
  startDate: '2026-12-01',
  ...fields,
});

describe('cart rows', () => {
  it('accepts a complete row', () => {
    expect(checkCartRow(row(), PLANS, TODAY).problems).toEqual({});
    expect(checkCartRow(row({ startDate: TODAY }), PLANS, TODAY).problems).toEqual({});
  });

  it('names each wrong field and keeps what was typed', () => {
    const typed = row({ businessName: ' ', email: 'owner@', plan: 'gold', startDate: '1/12/2026' });
    const checked = checkCartRow(typed, PLANS, TODAY);
    expect(checked.row).toBe(typed);
    expect(checked.problems).toEqual({
      businessName: 'Enter the business name.',
      email: 'Enter the contact e-mail address, like name@example.com.',
      plan: 'Choose one of the plans sold here.',
      startDate: 'Enter the start date as YYYY-MM-DD.',
    });
  });

  it('follows the spec e-mail rule', () => {
    for (const good of ['a@b.co', 'first.last+tag@example.com.au', 'x@[10.0.0.1]']) {
      expect(checkCartRow(row({ email: good }), PLANS, TODAY).problems.email).toBeUndefined();
    }
    for (const bad of ['a@b', 'a@b.c', '.a@b.com', 'a..b@c.com', 'a@[300.1.1.1]', 'ab.com']) {
      expect(checkCartRow(row({ email: bad }), PLANS, TODAY).problems.email).toBeDefined();
    }
  });

  it('takes start dates from today to 90 days ahead', () => {
    const problem = (startDate: string) =>
      checkCartRow(row({ startDate }), PLANS, TODAY).problems.startDate;
    expect(problem('2026-11-25')).toBe('The start date cannot be in the past.');
    expect(problem('2027-02-24')).toBeUndefined();
    expect(problem('2027-02-25')).toBe('The start date must be within 90 days.');
    expect(problem('2026-02-30')).toBe('Enter the start date as YYYY-MM-DD.');
  });

  it('finds the same client twice in one cart, whatever the case of the address', () => {
    const checked = checkCart([row(), row({ email: 'OWNER@beanthere.example' })], PLANS, TODAY);
    expect(checked[0]!.problems).toEqual({});
    expect(checked[1]!.problems.email).toBe('This e-mail address is already in the cart.');
    expect(cartIsReady(checked)).toBe(false);
    expect(cartIsReady(checkCart([row()], PLANS, TODAY))).toBe(true);
    expect(cartIsReady([])).toBe(false);
  });
});

describe('CSV import', () => {
  it('reads quoted fields, doubled quotes, CRLF and a byte-order mark', () => {
    expect(parseCsv('\uFEFFa,"b, c","say ""hi"""\r\n1,2,3\n\n')).toEqual([
      ['a', 'b, c', 'say "hi"'],
      ['1', '2', '3'],
    ]);
    expect(parseCsv('"line\nbreak",x')).toEqual([['line\nbreak', 'x']]);
  });

  it('skips the header and keeps each row as typed for checking', () => {
    const imported = cartRowsFromCsv(
      'business name,contact email,plan,start date\n' +
        '"Smith & Co, Builders", jo@smith.example ,standard,2026-12-01\n' +
        'Nope,not-an-email,standard,2026-12-01\n',
    );
    expect(imported.fileProblem).toBeUndefined();
    expect(imported.rows).toEqual([
      {
        businessName: 'Smith & Co, Builders',
        email: 'jo@smith.example',
        plan: 'standard',
        startDate: '2026-12-01',
      },
      { businessName: 'Nope', email: 'not-an-email', plan: 'standard', startDate: '2026-12-01' },
    ]);
    const checked = checkCart(imported.rows, PLANS, TODAY);
    expect(checked[0]!.problems).toEqual({});
    expect(Object.keys(checked[1]!.problems)).toEqual(['email']);
  });

  it('refuses an empty file, too many rows and the wrong number of columns', () => {
    expect(cartRowsFromCsv('business name,contact email,plan,start date\n').fileProblem).toBe(
      'The file has no clients in it.',
    );
    const many = Array.from(
      { length: MAX_CART_ROWS + 1 },
      (_, i) => `B${i},b${i}@x.com,standard,2026-12-01`,
    );
    expect(cartRowsFromCsv(many.join('\n')).fileProblem).toBe('A cart holds at most 200 clients.');
    expect(cartRowsFromCsv('a,b,c\n').fileProblem).toMatch(/four columns/);
  });
});
