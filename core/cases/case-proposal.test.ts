import { describe, expect, it } from 'vitest';
import {
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
});
