import { describe, expect, it } from 'vitest';
import { certificationState, expiryLabel } from './certifications.ts';

describe('certificationState', () => {
  it('is current up to and on its expiry date, expired the day after', () => {
    expect(certificationState('2026-11-21', '2026-11-21')).toBe('current');
    expect(certificationState('2026-11-20', '2026-11-21')).toBe('expired');
  });

  it('never expires without an expiry date', () => {
    expect(certificationState(null, '2026-11-21')).toBe('no-expiry');
  });
});

describe('expiryLabel', () => {
  it('says when it expires or expired', () => {
    expect(expiryLabel('2027-03-14', '2026-11-21')).toBe('Expires Mar 14, 2027');
    expect(expiryLabel('2026-08-02', '2026-11-21')).toBe('Expired Aug 02, 2026');
    expect(expiryLabel(null, '2026-11-21')).toBe('Does not expire');
  });
});
