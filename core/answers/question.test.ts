import { describe, expect, it } from 'vitest';
import { normaliseQuestion } from './question.ts';

describe('normaliseQuestion', () => {
  it('gives one key for the same question written differently', () => {
    const key = normaliseQuestion('How do I reset my password?');
    expect(key).toBe('how do i reset my password');
    expect(normaliseQuestion('  how do i RESET my   password ')).toBe(key);
    expect(normaliseQuestion('How do I reset my password!!')).toBe(key);
  });

  it('removes accents', () => {
    expect(normaliseQuestion('Réconcile café')).toBe('reconcile cafe');
  });

  it('keeps different words apart', () => {
    expect(normaliseQuestion('reset password')).not.toBe(normaliseQuestion('reset passwords'));
  });

  it('is empty for punctuation only', () => {
    expect(normaliseQuestion('?!')).toBe('');
  });
});
