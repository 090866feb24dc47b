import { describe, expect, it } from 'vitest';
import {
  checkNewStepRuleForm,
  checkOnboardingStepForm,
  checkStepRuleForm,
  parseMoveDirection,
  stepLink,
  swapPartner,
} from './programme-admin-steps.ts';

describe('checkOnboardingStepForm', () => {
  it('keeps a trimmed label of up to 80 characters', () => {
    expect(checkOnboardingStepForm({ name: ' Join a webinar ' })).toEqual({
      ok: true,
      value: { name: 'Join a webinar' },
    });
    expect(checkOnboardingStepForm({ name: 'x'.repeat(80) }).ok).toBe(true);
    for (const name of ['', '   ', 'x'.repeat(81)])
      expect(checkOnboardingStepForm({ name })).toMatchObject({ ok: false, field: 'name' });
  });
});

describe('checkStepRuleForm', () => {
  it('takes a link text and points from 0', () => {
    expect(checkStepRuleForm({ description: ' Read the guide ', points: '0' })).toEqual({
      ok: true,
      value: { description: 'Read the guide', points: 0 },
    });
    expect(checkStepRuleForm({ description: 'x', points: '1,000' })).toMatchObject({
      value: { points: 1000 },
    });
  });
  it('refuses each field at its own name', () => {
    expect(checkStepRuleForm({ description: '', points: '5' })).toMatchObject({
      field: 'description',
    });
    expect(checkStepRuleForm({ description: 'x'.repeat(201), points: '5' })).toMatchObject({
      field: 'description',
    });
    for (const points of ['-1', '100001', 'ten', ''])
      expect(checkStepRuleForm({ description: 'x', points }), points).toMatchObject({
        field: 'points',
      });
  });
});

describe('moving a step', () => {
  it('reads only up and down', () => {
    expect(parseMoveDirection('up')).toBe('up');
    expect(parseMoveDirection('down')).toBe('down');
    expect(parseMoveDirection('UP')).toBeUndefined();
  });
  it('swaps with the neighbour in force, stepping over gaps', () => {
    const inForce = [5, 1, 2];
    expect(swapPartner(inForce, 2, 'up')).toBe(1);
    expect(swapPartner(inForce, 2, 'down')).toBe(5);
    expect(swapPartner(inForce, 5, 'up')).toBe(2);
  });
  it('goes nowhere at either end or for a step not in force', () => {
    expect(swapPartner([1, 2, 3], 1, 'up')).toBeUndefined();
    expect(swapPartner([1, 2, 3], 3, 'down')).toBeUndefined();
    expect(swapPartner([1, 3], 2, 'up')).toBeUndefined();
  });
});

describe('checkNewStepRuleForm', () => {
  const form = {
    name: ' Run a payroll webinar ',
    description: 'Book a webinar',
    mandatory: 'mandatory',
    dueDays: '30',
    redirectUrl: '/0/learning/webinars-events',
    points: '75',
    completedBy: 'certification-passed',
    fromTier: 'silver',
  };

  it('makes the recommendation record’s fields from the form', () => {
    expect(checkNewStepRuleForm(form)).toEqual({
      ok: true,
      value: {
        name: 'Run a payroll webinar',
        description: 'Book a webinar',
        mandatory: true,
        dueDays: 30,
        redirectUrl: '/0/learning/webinars-events',
        points: 75,
        completedBy: 'certification-passed',
        fromTier: 'silver',
      },
    });
    expect(
      checkNewStepRuleForm({ ...form, mandatory: 'optional', dueDays: ' ', fromTier: 'every' }),
    ).toMatchObject({ value: { mandatory: false, dueDays: null, fromTier: null } });
  });

  it('refuses each field at its own name', () => {
    const refused: Array<[Partial<typeof form>, string]> = [
      [{ name: 'x'.repeat(81) }, 'name'],
      [{ description: '' }, 'description'],
      [{ points: '-5' }, 'points'],
      [{ completedBy: 'programme-joined' }, 'completedBy'],
      [{ fromTier: 'none' }, 'fromTier'],
      [{ fromTier: '' }, 'fromTier'],
      [{ mandatory: 'yes' }, 'mandatory'],
      [{ dueDays: '0' }, 'dueDays'],
      [{ dueDays: '366' }, 'dueDays'],
      [{ redirectUrl: '//evil.example/x' }, 'redirectUrl'],
      [{ redirectUrl: 'javascript:alert(1)' }, 'redirectUrl'],
      [{ redirectUrl: 'http://example.com' }, 'redirectUrl'],
      [{ redirectUrl: '' }, 'redirectUrl'],
    ];
    for (const [change, field] of refused)
      expect(checkNewStepRuleForm({ ...form, ...change }), field).toMatchObject({
        ok: false,
        field,
      });
  });

  it('takes a portal path or an https address as the link', () => {
    expect(stepLink(' /0/partners/resources#new ')).toBe('/0/partners/resources#new');
    expect(stepLink('https://example.com/guide')).toBe('https://example.com/guide');
    expect(stepLink('/\\evil.example')).toBeUndefined();
  });
});
