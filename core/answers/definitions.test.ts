import { describe, expect, it } from 'vitest';
import { opensWithDefinitionOf } from './definitions.ts';

describe('opensWithDefinitionOf', () => {
  it.each([
    ['A Trial Balance is an accounting report which lists balances.', 'Trial Balance', true],
    ['The trial balance is a report.', 'Trial Balance', true],
    ['Payroll means paying your employees.', 'Payroll', true],
    ['GST (goods and services tax) is a tax on sales.', 'GST', true],
    ['Balance sheets are reports of what you own.', 'Balance sheets', true],
    ['Lock dates refers to dates before which nothing changes.', 'Lock dates', true],
    ['The **Quick Search** is a way to navigate.', 'Quick Search', true],
    ['The Trial Balance report has filters.', 'Trial Balance', false],
    ['Trial Balance: Filters is not a definition.', 'Trial Balance', false],
    ['To reconcile a bank account, open it.', 'Reconcile a bank account', false],
    ['Anything is possible.', '', false],
  ])('%s / %s → %s', (text, subject, expected) => {
    expect(opensWithDefinitionOf(text, subject)).toBe(expected);
  });
});
