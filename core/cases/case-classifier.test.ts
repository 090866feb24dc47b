import { describe, expect, it } from 'vitest';
import {
  accuracy,
  classify,
  heldOutSplit,
  proposal,
  trainClassifier,
  typedWords,
  MIN_TRAINING_EXAMPLES,
} from './case-classifier.ts';

const BANKING = [
  'Bank feed stopped importing transactions from my bank account',
  'The bank feed shows duplicate transactions after reconnecting',
  'Cannot reconcile the bank statement, the feed is missing lines',
  'My bank connection expired and transactions no longer import',
  'Bank reconciliation shows the wrong closing balance',
  'Transactions from the credit card feed are not coming in',
];
const PAYROLL = [
  'Pay run failed for two employees this week',
  'Employee leave balance is wrong on the payslip',
  'How do I file the payroll to the tax office after a pay run',
  'Payslips were not emailed to employees',
  'Superannuation missing from the pay run',
  'New employee cannot be added to the payroll calendar',
];
const examples = [
  ...BANKING.map((text) => ({ text, label: 'banking' })),
  ...PAYROLL.map((text) => ({ text, label: 'payroll' })),
];

describe('the case classifier', () => {
  const model = trainClassifier(examples);

  it('learns each label’s words and proposes the likely one, with the words why', () => {
    const [first, second] = classify(model, 'The feed from my bank stopped on Monday');
    expect(first?.label).toBe('banking');
    expect(first?.probability).toBeGreaterThan(0.9);
    expect(first?.because).toContain('feed');
    expect(second?.label).toBe('payroll');
    expect((first?.probability ?? 0) + (second?.probability ?? 0)).toBeCloseTo(1, 10);
    expect(classify(model, 'Payslips for my employees')[0]?.label).toBe('payroll');
  });

  it('leans on how common a label is when no word is known', () => {
    const lopsided = trainClassifier([...examples, { text: 'Bank feed again', label: 'banking' }]);
    const [first] = classify(lopsided, 'zzz qqq');
    expect(first?.label).toBe('banking');
    expect(first?.because).toEqual([]);
  });

  it('proposes nothing until trained on enough cases, or when unsure', () => {
    expect(examples.length).toBeGreaterThanOrEqual(MIN_TRAINING_EXAMPLES);
    expect(proposal(model, 'bank feed stopped')?.label).toBe('banking');
    expect(proposal(model, 'hello there')).toBeUndefined();
    const small = trainClassifier(examples.slice(0, MIN_TRAINING_EXAMPLES - 1));
    expect(proposal(small, 'bank feed stopped')).toBeUndefined();
    expect(classify(trainClassifier([]), 'anything')).toEqual([]);
  });

  it('survives a trip through JSON, as it is stored', () => {
    const stored = JSON.parse(JSON.stringify(model)) as typeof model;
    expect(classify(stored, 'pay run failed')).toEqual(classify(model, 'pay run failed'));
  });

  it('holds out every fifth example, and measures against the most common label', () => {
    const { training, testing } = heldOutSplit(examples);
    expect(testing).toHaveLength(2);
    expect(training).toHaveLength(10);
    expect(new Set([...training, ...testing]).size).toBe(examples.length);
    const result = accuracy(trainClassifier(training), testing);
    expect(result.accuracy).toBe(1);
    expect(result.baseline).toBe(0.5);
    expect(accuracy(model, [])).toEqual({ accuracy: 0, baseline: 0 });
  });

  it('names the words that counted as the customer typed them, not as stems', () => {
    const text = 'Payslips for our Employees: two employees got no payslip';
    const [first] = classify(model, text);
    expect(first?.because.length).toBeGreaterThan(0);
    expect(typedWords(text, ['employe', 'payslip'])).toEqual(['employees', 'payslips']);
    // A term no word of the text makes (the text changed since) is shown as it is.
    expect(typedWords('nothing here', ['employe'])).toEqual(['employe']);
    expect(typedWords(text, [])).toEqual([]);
  });
});
