import { describe, expect, it } from 'vitest';
import { checkFlowScreen, splitChoices, type FlowField } from './flow-fields.ts';
import {
  mayOpenPersonaliseStep,
  mayOpenUpdateAccountScreen,
  PERSONALISE_STEPS,
  personaliseResumeStep,
  UPDATE_ACCOUNT_SCREENS,
  updateAccountResumeScreen,
  updateAccountScreenAfterSaving,
} from './partner-flows.ts';

const FIELDS: readonly FlowField[] = [
  { kind: 'text', name: 'name', label: 'Practice name', required: true, maxLength: 5 },
  { kind: 'email', name: 'email', label: 'Business e-mail', required: false },
  { kind: 'phone', name: 'phone', label: 'Phone', required: false },
  { kind: 'url', name: 'site', label: 'Website', required: false },
  {
    kind: 'choice',
    name: 'size',
    label: 'Size',
    required: false,
    options: [
      { value: 'a', label: 'A' },
      { value: 'b', label: 'B' },
    ],
  },
  {
    kind: 'choices',
    name: 'many',
    label: 'Products',
    required: false,
    options: [
      { value: 'x', label: 'X' },
      { value: 'y', label: 'Y' },
    ],
  },
];

describe('checking a flow screen', () => {
  it('keeps trimmed answers and leaves optional ones empty', () => {
    expect(checkFlowScreen(FIELDS, { name: ['  Acme '] })).toEqual({
      ok: true,
      values: { name: 'Acme', email: '', phone: '', site: '', size: '', many: '' },
    });
  });

  it('asks for a required answer by its label', () => {
    expect(checkFlowScreen(FIELDS, { name: ['  '] })).toEqual({
      ok: false,
      errors: { name: 'Enter practice name.' },
    });
  });

  it('refuses every bad answer at once, each at its field', () => {
    const result = checkFlowScreen(FIELDS, {
      name: ['Too long'],
      email: ['not-an-address'],
      phone: ['call me'],
      site: ['javascript:alert(1)'],
      size: ['c'],
      many: ['x', 'z'],
    });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(Object.keys(result.errors).sort()).toEqual([
      'email',
      'many',
      'name',
      'phone',
      'site',
      'size',
    ]);
    expect(result.errors.name).toBe('Use at most 5 characters.');
  });

  it('accepts good answers of every kind', () => {
    const result = checkFlowScreen(FIELDS, {
      name: ['Acme'],
      email: ['office@acme.example'],
      phone: ['+44 (20) 7946-0000'],
      site: ['https://acme.example'],
      size: ['b'],
      many: ['y', 'x', 'y'],
    });
    expect(result).toEqual({
      ok: true,
      values: {
        name: 'Acme',
        email: 'office@acme.example',
        phone: '+44 (20) 7946-0000',
        site: 'https://acme.example',
        size: 'b',
        // In the options' order, once each.
        many: 'x;y',
      },
    });
  });

  it('asks for at least one choice when the choices are required', () => {
    const [step] = PERSONALISE_STEPS;
    expect(checkFlowScreen(step!.fields, {})).toEqual({
      ok: false,
      errors: { PartnerProductInterestClient: 'Choose at least one: what your clients use.' },
    });
  });

  it('reads kept choices back', () => {
    expect(splitChoices('Payroll; Inventory;')).toEqual(['Payroll', 'Inventory']);
    expect(splitChoices(null)).toEqual([]);
  });
});

describe('the personalise flow', () => {
  it('resumes at the first unanswered step, and is done once both are answered', () => {
    expect(personaliseResumeStep({ client: null, practice: null })).toBe(1);
    expect(personaliseResumeStep({ client: 'Payroll', practice: ' ' })).toBe(2);
    expect(personaliseResumeStep({ client: 'Payroll', practice: 'Advisory' })).toBeNull();
  });

  it('opens step 2 only after step 1', () => {
    expect(mayOpenPersonaliseStep(null, 1)).toBe(true);
    expect(mayOpenPersonaliseStep(null, 2)).toBe(false);
    expect(mayOpenPersonaliseStep('Payroll', 2)).toBe(true);
    expect(mayOpenPersonaliseStep('Payroll', 3)).toBe(false);
  });

  it('keeps the demo partner’s interests among its options', () => {
    const options = PERSONALISE_STEPS.flatMap((step) =>
      step.fields.flatMap((field) => ('options' in field ? field.options.map((o) => o.value) : [])),
    );
    expect(options).toEqual(expect.arrayContaining(['Payroll', 'Inventory', 'Advisory']));
  });
});

describe('the update-account flow', () => {
  it('has four screens', () => {
    expect(UPDATE_ACCOUNT_SCREENS.map((screen) => screen.number)).toEqual([1, 2, 3, 4]);
  });

  it('resumes after the last saved screen, and is done at Screen 4', () => {
    expect(updateAccountResumeScreen(null)).toBe(1);
    expect(updateAccountResumeScreen('Screen 2')).toBe(3);
    expect(updateAccountResumeScreen('Screen 4')).toBeNull();
  });

  it('records the furthest screen reached, never going back', () => {
    expect(updateAccountScreenAfterSaving(null, 1)).toBe('Screen 1');
    expect(updateAccountScreenAfterSaving('Screen 1', 2)).toBe('Screen 2');
    expect(updateAccountScreenAfterSaving('Screen 4', 2)).toBe('Screen 4');
  });

  it('opens a screen only once every earlier one is saved', () => {
    expect(mayOpenUpdateAccountScreen(null, 1)).toBe(true);
    expect(mayOpenUpdateAccountScreen(null, 4)).toBe(false);
    expect(mayOpenUpdateAccountScreen('Screen 3', 4)).toBe(true);
    expect(mayOpenUpdateAccountScreen('Screen 4', 2)).toBe(true);
    expect(mayOpenUpdateAccountScreen('Screen 4', 5)).toBe(false);
    expect(mayOpenUpdateAccountScreen('Screen 4', 0)).toBe(false);
  });
});
