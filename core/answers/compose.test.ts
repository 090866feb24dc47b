import { describe, expect, it } from 'vitest';
import {
  composeAnswer,
  isUsableSentence,
  MAX_SENTENCES,
  primarySentences,
  type ComposablePassage,
} from './compose.ts';
import { checkCitations } from './citations.ts';
import { textTerms } from './terms.ts';

const weight = () => 1;

function entry(citationKey: string, text: string, score: number) {
  return { passage: { citationKey, text } satisfies ComposablePassage, score };
}

describe('isUsableSentence', () => {
  it('takes full sentences, not fragments, lead-ins or questions', () => {
    expect(isUsableSentence('Go to Sales and select New invoice.')).toBe(true);
    expect(isUsableSentence('Select Send.')).toBe(false);
    expect(isUsableSentence('Ledgerleaf adds these tax rates:')).toBe(false);
    expect(isUsableSentence('Prefer to send it yourself?')).toBe(false);
  });
});

describe('primarySentences', () => {
  const question = new Set(textTerms('void an invoice'));
  it('starts at the beginning when the relevant sentence is among the first', () => {
    const sentences = [
      'Open the invoice in Sales.',
      'Select Void invoice here.',
      'Confirm it now.',
    ];
    expect(primarySentences(sentences, question, weight)).toEqual(sentences);
  });

  it('starts at the most relevant sentence when it lies further in', () => {
    const sentences = [
      'Some words about setup.',
      'Other words about setup.',
      'More about the settings.',
      'Open the invoice and void it.',
      'Then confirm the change.',
    ];
    expect(primarySentences(sentences, question, weight)).toEqual([
      'Open the invoice and void it.',
      'Then confirm the change.',
    ]);
  });

  it('gives nothing for no sentences', () => {
    expect(primarySentences([], question, weight)).toEqual([]);
  });
});

describe('composeAnswer', () => {
  const terms = textTerms('How do I send an invoice?');

  it('cites every sentence, numbering passages in the order they are cited', () => {
    const answer = composeAnswer(
      [
        entry('a', 'Go to Sales and open the invoice.\nSelect Approve and email to send it.', 10),
        entry('b', 'Customers can pay an invoice you send online.', 8),
        entry('c', 'An unrelated sentence about payroll runs.', 9),
      ],
      terms,
      weight,
    );
    expect(answer?.sentences).toEqual([
      'Go to Sales and open the invoice [1].',
      'Select Approve and email to send it [1].',
      'Customers can pay an invoice you send online [2].',
    ]);
    expect(answer?.citations.map((passage) => passage.citationKey)).toEqual(['a', 'b']);
    expect(checkCitations(answer?.sentences.join(' ') ?? '', 2).ok).toBe(true);
  });

  it('gives passages of one document one number', () => {
    const answer = composeAnswer(
      [
        entry('a', 'Open the invoice you want to send.', 10),
        entry('a', 'Send the invoice by email today.', 9),
      ],
      terms,
      weight,
    );
    expect(answer?.sentences).toEqual([
      'Open the invoice you want to send [1].',
      'Send the invoice by email today [1].',
    ]);
    expect(answer?.citations).toHaveLength(1);
  });

  it('leaves out passages scoring well below the best', () => {
    const answer = composeAnswer(
      [
        entry('a', 'Open the invoice you want to send.\nSelect Send on the invoice now.', 10),
        entry('b', 'Send an invoice from the mobile app.', 5),
      ],
      terms,
      weight,
    );
    expect(answer?.citations.map((passage) => passage.citationKey)).toEqual(['a']);
  });

  it('writes at most five sentences', () => {
    const long = Array.from({ length: 8 }, (_, i) => `Send invoice step number ${i + 1} now.`);
    const answer = composeAnswer(
      [
        entry('a', long.join('\n'), 10),
        entry('b', 'Send the invoice by email today.', 10),
        entry('c', 'Send each invoice when the work is done.', 10),
        entry('d', 'Send an invoice with a Pay now button.', 10),
        entry('e', 'Send invoices in a batch from the list.', 10),
      ],
      terms,
      weight,
    );
    expect(answer?.sentences).toHaveLength(MAX_SENTENCES);
    expect(answer?.citations.length).toBeLessThanOrEqual(3);
  });

  it('declines to compose from fewer than two usable sentences', () => {
    expect(composeAnswer([entry('a', 'Send the invoice today.', 10)], terms, weight)).toBe(
      undefined,
    );
    expect(composeAnswer([], terms, weight)).toBe(undefined);
  });

  it('skips supporting passages with no relevant sentence', () => {
    const answer = composeAnswer(
      [
        entry('a', 'Open the invoice you want to send.\nSelect Send on the invoice now.', 10),
        entry('b', 'Payroll runs every fortnight for staff.', 9),
      ],
      terms,
      weight,
    );
    expect(answer?.citations.map((passage) => passage.citationKey)).toEqual(['a']);
  });
});
