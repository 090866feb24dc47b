import { describe, expect, it } from 'vitest';
import { isPartnerAccessDenial } from './remote-methods.ts';

describe('the partner access denial (spec 8)', () => {
  const denial = "You do not have access to the Apex class named 'LL_PartnerController'.";

  it('is recognised word for word', () => {
    expect(isPartnerAccessDenial(denial, 'LL')).toBe(true);
  });

  it('matches only that message for that prefix', () => {
    expect(isPartnerAccessDenial(denial, 'XX')).toBe(false);
    expect(isPartnerAccessDenial(denial.replace('LL_', 'XX_'), 'XX')).toBe(true);
    expect(
      isPartnerAccessDenial("You do not have access to the Apex class named 'LL_Tracking'.", 'LL'),
    ).toBe(false);
    expect(isPartnerAccessDenial(denial.slice(0, -1), 'LL')).toBe(false);
    expect(isPartnerAccessDenial('Something went wrong on our side.', 'LL')).toBe(false);
  });
});
