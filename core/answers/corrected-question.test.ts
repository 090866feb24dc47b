import { describe, expect, it } from 'vitest';
import { correctedQuestion } from './corrected-question.ts';

describe('correctedQuestion', () => {
  it('follows a correction of one letter a word', () => {
    expect(correctedQuestion('How do I reset my pasword?', 'how do i reset my password')).toBe(
      'how do i reset my password',
    );
    expect(correctedQuestion('reconcle bank', 'reconcile bank')).toBe('reconcile bank');
  });

  it('keeps the question when a word changed by two letters', () => {
    expect(correctedQuestion('How do I renew my passport?', 'how do i renew my password')).toBe(
      undefined,
    );
  });

  it('keeps the question when a changed word is shorter than five letters', () => {
    expect(
      correctedQuestion('What is the capital of Peru?', 'what is the capital of per'),
    ).toBeUndefined();
    expect(correctedQuestion('invoce', 'invoice')).toBe('invoice');
    expect(correctedQuestion('bnak feed', 'bank feed')).toBeUndefined();
  });

  it('keeps the question when the correction has other words', () => {
    expect(correctedQuestion('bank feed', 'bank feeds setup')).toBeUndefined();
    expect(correctedQuestion('', 'bank')).toBeUndefined();
  });
});
