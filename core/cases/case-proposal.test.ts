import { describe, expect, it } from 'vitest';
import {
  chosenClassification,
  PROPOSAL_MIN_WORDS,
  proposalText,
  proposedChoice,
  takesNewProposal,
  worthProposing,
} from './case-proposal.ts';

describe('the proposal while typing', () => {
  it('reads subject and description as one text, spacing evened out', () => {
    expect(proposalText('  Bank   feed ', 'Nothing\n\ncame  in\t')).toBe(
      'Bank feed\nNothing came in',
    );
    // Spacing typed after the last word is the same text: the page does not ask again.
    expect(proposalText('Bank feed', 'Nothing came in ')).toBe(
      proposalText('Bank feed', 'Nothing came in'),
    );
    expect(proposalText('', '')).toBe('\n');
  });

  it(`asks only once there are ${PROPOSAL_MIN_WORDS} words of two or more letters or digits`, () => {
    expect(worthProposing(proposalText('', ''))).toBe(false);
    expect(worthProposing(proposalText('Bank feed', ''))).toBe(false);
    expect(worthProposing(proposalText('Bank feed', 'a b c d'))).toBe(false);
    expect(worthProposing(proposalText('Bank feed', '!!! ... ???'))).toBe(false);
    expect(worthProposing(proposalText('Bank feed', 'stopped'))).toBe(true);
    expect(worthProposing(proposalText('', 'VAT 2024 return'))).toBe(true);
    // Words of any script count, not only Latin letters.
    expect(worthProposing('Банковская лента остановилась')).toBe(true);
    expect(worthProposing('銀行 明細 取込')).toBe(true);
  });

  it('takes a newer proposal unless the customer chose the category', () => {
    const proposed = proposedChoice('banking', 'feeds');
    expect(proposed).toBe('banking/feeds');
    expect(takesNewProposal({ categoryId: '', topicId: '' }, '')).toBe(true);
    expect(takesNewProposal({ categoryId: '', topicId: '' }, proposed)).toBe(true);
    expect(takesNewProposal({ categoryId: 'banking', topicId: 'feeds' }, proposed)).toBe(true);
    // Another topic, another category, or a choice with nothing proposed before: the customer's.
    expect(takesNewProposal({ categoryId: 'banking', topicId: '' }, proposed)).toBe(false);
    expect(takesNewProposal({ categoryId: 'payroll', topicId: 'feeds' }, proposed)).toBe(false);
    expect(takesNewProposal({ categoryId: 'banking', topicId: 'feeds' }, '')).toBe(false);
  });

  it('drops the proposed topic when the customer chose another category, and keeps a chosen one', () => {
    const proposed = proposedChoice('banking', 'feeds');
    // The proposal's topic left under another category goes with the proposal.
    expect(chosenClassification({ categoryId: 'payroll', topicId: 'feeds' }, proposed)).toEqual({
      categoryId: 'payroll',
      topicId: '',
    });
    // The proposal as it was, or only its category kept: nothing to drop.
    expect(chosenClassification({ categoryId: 'banking', topicId: 'feeds' }, proposed)).toEqual({
      categoryId: 'banking',
      topicId: 'feeds',
    });
    expect(chosenClassification({ categoryId: 'banking', topicId: '' }, proposed)).toEqual({
      categoryId: 'banking',
      topicId: '',
    });
    // A topic the customer chose, or a choice with nothing proposed: theirs, checked later.
    expect(chosenClassification({ categoryId: 'payroll', topicId: 'pay-runs' }, proposed)).toEqual({
      categoryId: 'payroll',
      topicId: 'pay-runs',
    });
    expect(chosenClassification({ categoryId: 'payroll', topicId: 'feeds' }, '')).toEqual({
      categoryId: 'payroll',
      topicId: 'feeds',
    });
    // A proposal of a category without a topic leaves nothing behind.
    expect(
      chosenClassification(
        { categoryId: 'payroll', topicId: 'feeds' },
        proposedChoice('banking', ''),
      ),
    ).toEqual({ categoryId: 'payroll', topicId: 'feeds' });
  });
});
