import { describe, expect, it } from 'vitest';
import { cartFingerprint, cartRowsFromFields } from './cart-form.ts';

describe('the cart as the page posts it', () => {
  it('pairs the columns row by row and leaves out rows typed nothing into', () => {
    expect(
      cartRowsFromFields({
        businessName: ['Bean There', '', ' ', 'No Plan Yet'],
        email: ['bean@example.com', '', '', ''],
        plan: ['standard', '', '', ''],
        startDate: ['2026-12-01', '', '', ''],
      }),
    ).toEqual([
      {
        businessName: 'Bean There',
        email: 'bean@example.com',
        plan: 'standard',
        startDate: '2026-12-01',
      },
      { businessName: 'No Plan Yet', email: '', plan: '', startDate: '' },
    ]);
  });

  it('keeps a row whose only value is in a later column, with the columns it lacks blank', () => {
    expect(
      cartRowsFromFields({ businessName: [], email: [], plan: [], startDate: ['2026-12-01'] }),
    ).toEqual([{ businessName: '', email: '', plan: '', startDate: '2026-12-01' }]);
  });

  it('tells a changed cart from the reviewed one, but not for spaces around a value', () => {
    const reviewed = [
      {
        businessName: 'Bean There',
        email: 'bean@example.com',
        plan: 'standard',
        startDate: '2026-12-01',
      },
    ];
    expect(cartFingerprint([{ ...reviewed[0]!, businessName: ' Bean There ' }])).toBe(
      cartFingerprint(reviewed),
    );
    expect(cartFingerprint([{ ...reviewed[0]!, plan: 'premium' }])).not.toBe(
      cartFingerprint(reviewed),
    );
    expect(cartFingerprint([...reviewed, ...reviewed])).not.toBe(cartFingerprint(reviewed));
  });
});
