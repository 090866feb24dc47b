import { describe, expect, it } from 'vitest';
import {
  additionSummary,
  configurationSubjectLabel,
  editSummary,
  moveSummary,
  parseConfigurationSubject,
  shownValue,
} from './configuration-changes.ts';

const LABELS = { points: 'Points', validDays: 'Days valid' } as const;

describe('the configuration record’s summaries', () => {
  it('names each changed field old → new, in the labels’ order, and nothing else', () => {
    expect(
      editSummary(
        LABELS,
        { points: '100', validDays: 'for good' },
        { points: '150', validDays: '365' },
      ),
    ).toBe('Points: 100 → 150; Days valid: for good → 365');
    expect(
      editSummary(LABELS, { points: '100', validDays: '30' }, { points: '100', validDays: '60' }),
    ).toBe('Days valid: 30 → 60');
  });

  it('is empty for an edit that changes nothing', () => {
    const same = { points: '100', validDays: '30' };
    expect(editSummary(LABELS, same, { ...same })).toBe('');
  });

  it('keeps values short and on one line', () => {
    expect(shownValue('  two\nlines ')).toBe('two lines');
    expect(shownValue('')).toBe('(empty)');
    const long = shownValue('x'.repeat(200));
    expect(long).toHaveLength(60);
    expect(long.endsWith('…')).toBe(true);
  });

  it('lists what a record was added with, and says which way a move went', () => {
    expect(additionSummary(LABELS, { points: '150', validDays: 'for good' })).toBe(
      'Added: Points 150; Days valid for good',
    );
    expect(moveSummary(3, 2)).toBe('Moved up: place 3 → 2');
    expect(moveSummary(1, 2)).toBe('Moved down: place 1 → 2');
  });

  it('reads a filter’s kind, and nothing it does not know', () => {
    expect(parseConfigurationSubject('reward')).toBe('reward');
    expect(parseConfigurationSubject('service-job')).toBeUndefined();
    expect(parseConfigurationSubject(null)).toBeUndefined();
    expect(configurationSubjectLabel('step-rule')).toBe('Suggested step');
  });
});
