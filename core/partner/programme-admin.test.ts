import { describe, expect, it } from 'vitest';
import {
  checkAdjustmentForm,
  checkEarningRuleForm,
  checkRewardForm,
  checkServiceJobOffer,
  wholeNumber,
} from './programme-admin.ts';

describe('programme admin forms', () => {
  it('reads whole numbers with thousands separators, within bounds', () => {
    expect(wholeNumber(' 1,250 ', 0, 2000)).toBe(1250);
    expect(wholeNumber('-40', -100, 100)).toBe(-40);
    expect(wholeNumber('1.5', 0, 10)).toBeUndefined();
    expect(wholeNumber('11', 0, 10)).toBeUndefined();
    expect(wholeNumber('', 0, 10)).toBeUndefined();
  });

  it('takes a reward with no stock limit when stock is left empty', () => {
    expect(
      checkRewardForm({ name: ' Mug ', description: 'A mug', pointsCost: '150', stock: '' }),
    ).toEqual({
      ok: true,
      value: { name: 'Mug', description: 'A mug', pointsCost: 150, stock: null },
    });
    expect(
      checkRewardForm({ name: 'Mug', description: 'A mug', pointsCost: '0', stock: '' }),
    ).toMatchObject({ ok: false, field: 'pointsCost' });
    expect(
      checkRewardForm({ name: 'Mug', description: 'A mug', pointsCost: '5', stock: '-1' }),
    ).toMatchObject({ ok: false, field: 'stock' });
    expect(
      checkRewardForm({ name: '', description: 'A mug', pointsCost: '5', stock: '' }),
    ).toMatchObject({ ok: false, field: 'name' });
  });

  it('lets earning rules give points for good or for a number of days', () => {
    expect(checkEarningRuleForm({ points: '200', validDays: '' })).toEqual({
      ok: true,
      value: { points: 200, validDays: null },
    });
    expect(checkEarningRuleForm({ points: '200', validDays: '0' })).toMatchObject({
      ok: false,
      field: 'validDays',
    });
  });

  it('needs an address, points other than nothing, and a reason the partner will read', () => {
    expect(
      checkAdjustmentForm({ email: 'Pat@Example.com', points: '-25', reason: 'Duplicate credit' }),
    ).toEqual({
      ok: true,
      value: { email: 'pat@example.com', points: -25, reason: 'Adjusted: Duplicate credit' },
    });
    expect(checkAdjustmentForm({ email: 'pat', points: '5', reason: 'Fine' })).toMatchObject({
      field: 'email',
    });
    expect(
      checkAdjustmentForm({ email: 'pat@example.com', points: '0', reason: 'Fine' }),
    ).toMatchObject({ field: 'points' });
    expect(
      checkAdjustmentForm({ email: 'pat@example.com', points: '5', reason: '' }),
    ).toMatchObject({ field: 'reason' });
  });

  it('offers a job of a known kind to a client with an address', () => {
    const offer = {
      title: 'Move from spreadsheets',
      kind: 'migration',
      description: 'Three years of books',
      clientName: 'Harbour Café',
      clientEmail: 'Owner@Harbour.example',
    };
    expect(checkServiceJobOffer(offer)).toEqual({
      ok: true,
      value: { ...offer, clientEmail: 'owner@harbour.example' },
    });
    expect(checkServiceJobOffer({ ...offer, kind: 'painting' })).toMatchObject({ field: 'kind' });
    expect(checkServiceJobOffer({ ...offer, clientEmail: 'x' })).toMatchObject({
      field: 'clientEmail',
    });
  });
});
