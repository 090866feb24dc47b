import { describe, expect, it } from 'vitest';
import { isSuppressedError } from './error-reports.ts';

describe("isSuppressedError (spec 8: reading property 'lc' of undefined)", () => {
  it.each([
    "Cannot read properties of undefined (reading 'lc')",
    "TypeError: Cannot read properties of undefined (reading 'lc')",
    "Cannot read property 'lc' of undefined",
    "undefined is not an object (evaluating 'e.lc')",
    "undefined is not an object (evaluating 'window.$A.lc')",
  ])('suppresses %j', (message) => {
    expect(isSuppressedError(message)).toBe(true);
  });

  it.each([
    "Cannot read properties of undefined (reading 'lcd')",
    "Cannot read properties of null (reading 'lc')",
    "Cannot read properties of undefined (reading 'id')",
    "Cannot read property 'lc' of null",
    'lc is not defined',
    'getUserData failed',
    '',
  ])('reports %j', (message) => {
    expect(isSuppressedError(message)).toBe(false);
  });
});
