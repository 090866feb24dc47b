import { describe, expect, it } from 'vitest';
import { SESSION_WARNING_MS, warningDelayMs } from './session-timeout.ts';

describe('session timeout warning timing (spec 4 "Session", spec 9 "Session warning 30 seconds")', () => {
  it('warns 30 seconds before the session ends', () => {
    expect(SESSION_WARNING_MS).toBe(30_000);
    expect(warningDelayMs(1_800_000)).toBe(1_770_000);
    expect(warningDelayMs(40_000)).toBe(10_000);
  });

  it('warns at once when less than the warning time is left', () => {
    expect(warningDelayMs(30_000)).toBe(0);
    expect(warningDelayMs(12_000)).toBe(0);
    expect(warningDelayMs(-5_000)).toBe(0);
  });

  it('takes another warning time', () => {
    expect(warningDelayMs(60_000, 10_000)).toBe(50_000);
  });
});
