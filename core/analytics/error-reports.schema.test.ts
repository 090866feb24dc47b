import { describe, expect, it } from 'vitest';
import { ERROR_REPORT_LIMITS } from './error-reports.ts';
import { errorReportSchema } from './error-reports.schema.ts';

const report = {
  csrfToken: 'token',
  message: 'getUserData failed',
  pagePath: '/0/',
  occurredAt: '2026-11-21T10:00:00.000Z',
};

describe('errorReportSchema', () => {
  it('accepts a minimal report', () => {
    expect(errorReportSchema.parse(report)).toEqual(report);
  });

  it('accepts the optional parts', () => {
    const full = {
      ...report,
      errorName: 'TypeError',
      stack: 'at x',
      source: 'UserDataUtility.getUserData',
      context: { status: 500, cached: false, code: 'INTERNAL', missing: null },
    };
    expect(errorReportSchema.parse(full)).toEqual(full);
  });

  it('cuts long texts to their limits instead of refusing them', () => {
    const parsed = errorReportSchema.parse({
      ...report,
      message: 'm'.repeat(5000),
      stack: 's'.repeat(20_000),
      errorName: 'n'.repeat(300),
      source: 'c'.repeat(300),
      pagePath: `/${'p'.repeat(3000)}`,
      context: { detail: 'd'.repeat(900) },
    });
    expect(parsed.message).toHaveLength(ERROR_REPORT_LIMITS.message);
    expect(parsed.stack).toHaveLength(ERROR_REPORT_LIMITS.stack);
    expect(parsed.errorName).toHaveLength(ERROR_REPORT_LIMITS.errorName);
    expect(parsed.source).toHaveLength(ERROR_REPORT_LIMITS.source);
    expect(parsed.pagePath).toHaveLength(ERROR_REPORT_LIMITS.pagePath);
    expect(parsed.context?.detail).toHaveLength(ERROR_REPORT_LIMITS.contextValue);
  });

  it('refuses a report without a message', () => {
    expect(errorReportSchema.safeParse({ ...report, message: '   ' }).success).toBe(false);
    expect(errorReportSchema.safeParse({ ...report, message: undefined }).success).toBe(false);
  });

  it("takes a guest's report without a token, and refuses an empty one", () => {
    expect(errorReportSchema.safeParse({ ...report, csrfToken: undefined }).success).toBe(true);
    expect(errorReportSchema.safeParse({ ...report, csrfToken: '' }).success).toBe(false);
  });

  it('refuses a page that is not a path and a time that is not ISO-8601', () => {
    expect(errorReportSchema.safeParse({ ...report, pagePath: 'http://x/' }).success).toBe(false);
    expect(errorReportSchema.safeParse({ ...report, occurredAt: 'now' }).success).toBe(false);
  });

  it('refuses nested or oversized context', () => {
    expect(errorReportSchema.safeParse({ ...report, context: { a: { b: 1 } } }).success).toBe(
      false,
    );
    const many = Object.fromEntries(Array.from({ length: 21 }, (_, i) => [`k${i}`, i]));
    expect(errorReportSchema.safeParse({ ...report, context: many }).success).toBe(false);
  });

  it('refuses unknown keys', () => {
    expect(errorReportSchema.safeParse({ ...report, userId: '005' }).success).toBe(false);
  });
});
