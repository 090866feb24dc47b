import { describe, expect, it } from 'vitest';
import {
  accountAnswers,
  answersNote,
  codeExpiry,
  codeOf,
  codePurgeCutoffs,
  codeUsable,
  CODE_TRIES,
  guestAddress,
  guestProblem,
  GUEST_CASE_FILING,
  isHoneypotFilled,
  proofUsable,
  selfHelpOf,
  typedCode,
} from './index.ts';

const NOW = new Date('2026-11-26T10:00:00.000Z');
const later = (minutes: number) => new Date(NOW.getTime() + minutes * 60_000);

describe('proving an address by code', () => {
  it('takes an address by the spec rule, compared lower-cased and trimmed', () => {
    expect(guestAddress('  Ana@Example.COM ')).toBe('ana@example.com');
    expect(guestAddress('ana@[10.0.0.1]')).toBe('ana@[10.0.0.1]');
    expect(guestAddress('ana\u200b@example.com')).toBe('ana@example.com');
    for (const bad of [
      '',
      'ana',
      'ana@example',
      'ana@example.c',
      '@example.com',
      'a b@example.com',
    ])
      expect(guestAddress(bad)).toBeUndefined();
  });

  it('reads a code of 6 digits, with spaces or a dash between them', () => {
    expect(typedCode('123456')).toBe('123456');
    expect(typedCode(' 123 456 ')).toBe('123456');
    expect(typedCode('123-456')).toBe('123456');
    for (const bad of ['12345', '1234567', 'abcdef', '12345a', ''])
      expect(typedCode(bad)).toBeUndefined();
  });

  it('writes a drawn number as 6 digits, zeros first', () => {
    expect(codeOf(7)).toBe('000007');
    expect(codeOf(999_999)).toBe('999999');
    expect(codeOf(1_000_000)).toBe('000000');
  });

  it('takes a code for 10 minutes and 5 tries, once', () => {
    const code = { expiresAt: codeExpiry(NOW).toISOString(), tries: 0, verifiedAt: null };
    expect(codeUsable(code, later(9.99))).toBe(true);
    expect(codeUsable(code, later(10))).toBe(false);
    expect(codeUsable({ ...code, tries: CODE_TRIES - 1 }, NOW)).toBe(true);
    expect(codeUsable({ ...code, tries: CODE_TRIES }, NOW)).toBe(false);
    expect(codeUsable({ ...code, verifiedAt: NOW.toISOString() }, NOW)).toBe(false);
  });

  it('carries the visitor on with the proof for 30 minutes', () => {
    expect(proofUsable(null, NOW)).toBe(false);
    expect(proofUsable(NOW.toISOString(), later(29))).toBe(true);
    expect(proofUsable(NOW.toISOString(), later(30))).toBe(false);
  });
});

describe("the guest flows' problem and questions", () => {
  const typed = {
    topic: '',
    subject: 'Locked out',
    description: 'I type my password and see an error.',
  };

  it('takes a topic of the flow, a subject and a description, trimmed', () => {
    expect(
      guestProblem('sign-in-help', { ...typed, topic: 'locked-account', subject: ' Locked out ' }),
    ).toMatchObject({
      ok: true,
      subject: 'Locked out',
      topic: { key: 'locked-account' },
    });
    expect(guestProblem('sign-in-help', typed)).toMatchObject({ ok: true, topic: undefined });
  });

  it('names the field that is not right', () => {
    expect(guestProblem('sign-in-help', { ...typed, topic: 'lost-device' })).toMatchObject({
      ok: false,
      field: 'topic',
    });
    expect(guestProblem('mfa-help', { ...typed, subject: 'Hi' })).toMatchObject({
      ok: false,
      field: 'subject',
    });
    expect(guestProblem('mfa-help', { ...typed, description: 'Help' })).toMatchObject({
      ok: false,
      field: 'description',
    });
    expect(guestProblem('mfa-help', { ...typed, description: 'x'.repeat(5001) })).toMatchObject({
      ok: false,
      field: 'description',
    });
  });

  it('needs every account question answered, and notes them for the agents', () => {
    const questions = [
      { id: 'organisation', label: 'Your business' },
      { id: 'started', label: 'When you started' },
    ];
    const answers: Record<string, string> = { organisation: 'Kiwi Books Ltd', started: ' ' };
    expect(accountAnswers(questions, (id) => answers[id] ?? '')).toMatchObject({
      ok: false,
      field: 'started',
    });
    answers.started = 'March 2021';
    const check = accountAnswers(questions, (id) => answers[id] ?? '');
    expect(check).toEqual({
      ok: true,
      answers: [
        { question: 'Your business', answer: 'Kiwi Books Ltd' },
        { question: 'When you started', answer: 'March 2021' },
      ],
    });
    if (check.ok) expect(answersNote(check.answers)).toContain('When you started\n→ March 2021');
  });

  it('files MFA cases in the identity queue at the highest priority, sign-in cases with customers', () => {
    expect(GUEST_CASE_FILING['mfa-help']).toMatchObject({
      queue: 'identity',
      impact: 'whole-business',
    });
    expect(GUEST_CASE_FILING['sign-in-help']).toMatchObject({ queue: 'customer' });
    expect(selfHelpOf('sign-in-help').map((topic) => topic.key)).toEqual([
      'forgotten-password',
      'locked-account',
      'changed-address',
      'single-sign-on',
    ]);
    expect(selfHelpOf('mfa-help').map((topic) => topic.key)).toEqual([
      'lost-device',
      'new-phone',
      'recovery-codes',
    ]);
  });

  it('files a guest chat with customers, with no self-help topics of its own', () => {
    expect(GUEST_CASE_FILING.chat).toMatchObject({ queue: 'customer', impact: 'just-me' });
    expect(selfHelpOf('chat')).toEqual([]);
  });

  it('drops a form whose honeypot is filled', () => {
    expect(isHoneypotFilled('http://spam.example')).toBe(true);
    expect(isHoneypotFilled('')).toBe(false);
    expect(isHoneypotFilled('  ')).toBe(false);
    expect(isHoneypotFilled(null)).toBe(false);
  });
});

describe('purging spent codes', () => {
  it('deletes only what can no longer be typed nor carry a proof', () => {
    const now = new Date('2026-11-26T10:00:00.000Z');
    const cutoffs = codePurgeCutoffs(now);
    const purged = (row: { expiresAt: string; verifiedAt: string | null }) =>
      row.expiresAt <= cutoffs.expiredBy &&
      (row.verifiedAt === null || row.verifiedAt <= cutoffs.verifiedBefore);
    const minutesAgo = (minutes: number) =>
      new Date(now.getTime() - minutes * 60_000).toISOString();
    for (const row of [
      { expiresAt: minutesAgo(-1), verifiedAt: null },
      { expiresAt: minutesAgo(0), verifiedAt: null },
      { expiresAt: minutesAgo(20), verifiedAt: minutesAgo(29) },
      { expiresAt: minutesAgo(20), verifiedAt: minutesAgo(30) },
      { expiresAt: minutesAgo(60), verifiedAt: minutesAgo(31) },
    ]) {
      const stillOfUse = codeUsable({ ...row, tries: 0 }, now) || proofUsable(row.verifiedAt, now);
      expect(purged(row)).toBe(!stillOfUse);
    }
  });
});
