import { describe, expect, it } from 'vitest';
import { jobFilterFrom, jobTime } from './job-list.ts';

describe('the jobs page filters', () => {
  const kinds = ['mail.deliver', 'site.housekeeping'];
  it('reads a known state and job kind from the URL', () => {
    expect(jobFilterFrom(new URLSearchParams('state=failed&name=mail.deliver'), kinds)).toEqual({
      state: 'failed',
      name: 'mail.deliver',
    });
  });

  it('ignores states and kinds it does not know', () => {
    expect(jobFilterFrom(new URLSearchParams('state=toString&name=<script>'), kinds)).toEqual({});
    expect(jobFilterFrom(new URLSearchParams(''), kinds)).toEqual({});
  });

  it('writes times in UTC to the second', () => {
    expect(jobTime('2026-11-26T05:40:12.345Z')).toBe('2026-11-26 05:40:12 UTC');
    expect(jobTime('')).toBe('');
  });
});
