import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/** The search page and header search box as a visitor finds them, by role and name. */

export const searchBox = (page: Page) => page.getByRole('combobox', { name: 'Search Ledgerleaf' });

export const resultCount = (page: Page) => page.getByRole('status').filter({ hasText: /result/ });

export const resultTitles = (page: Page) =>
  page.getByRole('list', { name: 'Search results' }).getByRole('heading', { level: 2 });

/** The number of results the page announces, once it announces one. */
export async function countOf(page: Page): Promise<number> {
  await expect.poll(() => resultCount(page).textContent()).toMatch(/^\d+ results?/);
  return Number(/^(\d+)/.exec((await resultCount(page).textContent()) ?? '')?.[1]);
}
