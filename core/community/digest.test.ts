import { describe, expect, it } from 'vitest';
import { digestMessage, digestWeek, digestWorthSending, type CommunityDigest } from './digest.ts';

const digest: CommunityDigest = {
  popular: [{ title: 'VAT <return> stuck', url: 'https://p.example/0/question/1', answers: 3 }],
  unanswered: [{ title: 'Payroll & pensions', url: 'https://p.example/0/question/2', answers: 0 }],
};

describe('the digest week', () => {
  it('starts on the Monday (UTC) of the week, whatever the day and hour', () => {
    expect(digestWeek(new Date('2026-11-23T00:00:00.000Z'))).toBe('2026-11-23'); // Monday
    expect(digestWeek(new Date('2026-11-26T15:30:00.000Z'))).toBe('2026-11-23'); // Thursday
    expect(digestWeek(new Date('2026-11-29T23:59:59.999Z'))).toBe('2026-11-23'); // Sunday
    expect(digestWeek(new Date('2026-11-30T00:00:00.000Z'))).toBe('2026-11-30');
    expect(digestWeek(new Date('2027-01-01T10:00:00.000Z'))).toBe('2026-12-28');
  });
});

describe('whether a digest goes out', () => {
  it('needs at least one discussion in either section', () => {
    expect(digestWorthSending({ popular: [], unanswered: [] })).toBe(false);
    expect(digestWorthSending({ popular: digest.popular, unanswered: [] })).toBe(true);
    expect(digestWorthSending({ popular: [], unanswered: digest.unanswered })).toBe(true);
  });
});

describe('the digest e-mail', () => {
  const message = digestMessage(digest, {
    brand: 'Ledgerly',
    week: '2026-11-23',
    managePreferencesUrl: 'https://p.example/prefs?token=t',
  });

  it('names the brand and the week', () => {
    expect(message.subject).toBe('Ledgerly community digest, week of 2026-11-23');
  });

  it('lists both sections with answer counts and links, and the preferences link', () => {
    expect(message.text).toContain('Popular this week');
    expect(message.text).toContain(
      '- VAT <return> stuck (3 answers): https://p.example/0/question/1',
    );
    expect(message.text).toContain('Waiting for an answer');
    expect(message.text).toContain('- Payroll & pensions (no answers yet)');
    expect(message.text).toContain('https://p.example/prefs?token=t');
  });

  it('escapes titles in HTML and leaves out an empty section', () => {
    expect(message.html).toContain('VAT &lt;return&gt; stuck');
    expect(message.html).toContain('Payroll &amp; pensions');
    const onlyPopular = digestMessage(
      { popular: digest.popular, unanswered: [] },
      { brand: 'B', week: 'w', managePreferencesUrl: 'u' },
    );
    expect(onlyPopular.text).not.toContain('Waiting for an answer');
    expect(onlyPopular.html).not.toContain('Waiting for an answer');
  });

  it('says one answer in the singular', () => {
    const one = digestMessage(
      { popular: [{ title: 'T', url: 'u', answers: 1 }], unanswered: [] },
      { brand: 'B', week: 'w', managePreferencesUrl: 'u' },
    );
    expect(one.text).toContain('(1 answer)');
  });
});
