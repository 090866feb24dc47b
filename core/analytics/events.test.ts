import { describe, expect, it } from 'vitest';
import { ANALYTICS_EVENT_CONSENT } from './consent.ts';
import {
  ANALYTICS_EVENT_FIELD_RULES,
  ANALYTICS_EVENT_NAMES,
  eventFieldsProblem,
  isAnalyticsEventName,
  MAX_EVENTS_PER_BATCH,
  type AnalyticsEventName,
} from './events.ts';
import { SAMPLE_EVENT_FIELDS, SPEC_EVENT_TABLE } from './events.fixture.ts';

/** Fields an event can be sent without. */
const OPTIONAL_FIELDS: Record<AnalyticsEventName, string[]> = {
  'content viewed': ['contentNamePersonal', 'contentId', 'contentTeam'],
  'case submitted': ['orgId'],
  'link clicked': ['subScreenName'],
  'button clicked': ['subScreenName'],
  'banner hidden': [],
  'accordion toggled': [],
  'component displayed': [],
  'screen viewed': ['subScreenName'],
};

const without = (fields: Record<string, unknown>, field: string) =>
  Object.fromEntries(Object.entries(fields).filter(([key]) => key !== field));

describe('the analytics events of spec 3', () => {
  it('are exactly the eight events of the table', () => {
    expect([...ANALYTICS_EVENT_NAMES].sort()).toEqual(Object.keys(SPEC_EVENT_TABLE).sort());
  });

  it.each(Object.entries(SPEC_EVENT_TABLE))('%s has the fields of the table', (name, fields) => {
    const rules = ANALYTICS_EVENT_FIELD_RULES[name as AnalyticsEventName];
    expect(Object.keys(rules).sort()).toEqual([...fields].sort());
  });

  it('wait for statistics consent and travel at most 50 to a batch', () => {
    expect(ANALYTICS_EVENT_CONSENT).toBe('statistics');
    expect(MAX_EVENTS_PER_BATCH).toBe(50);
  });

  it('are recognised by name, and nothing else is', () => {
    for (const name of ANALYTICS_EVENT_NAMES) expect(isAnalyticsEventName(name)).toBe(true);
    for (const value of ['pageView', 'Content viewed', 'toString', '', 3, null]) {
      expect(isAnalyticsEventName(value)).toBe(false);
    }
  });
});

describe.each(ANALYTICS_EVENT_NAMES)('the fields of %s', (name) => {
  const sample = SAMPLE_EVENT_FIELDS[name];
  const problem = (fields: unknown) => eventFieldsProblem(name, fields);

  it('pass complete', () => {
    expect(problem(sample)).toBeUndefined();
  });

  it.each(SPEC_EVENT_TABLE[name])('need %s unless it is optional', (field) => {
    const result = problem(without(sample, field));
    if (OPTIONAL_FIELDS[name].includes(field)) expect(result).toBeUndefined();
    else expect(result?.field).toBe(field);
  });

  it('refuse a field the table does not list', () => {
    expect(problem({ ...sample, email: 'a@b.c' })).toEqual({
      field: 'email',
      message: `is not a field of '${name}'`,
    });
    expect(problem({ ...sample, toString: 'x' })?.field).toBe('toString');
  });

  it.each(SPEC_EVENT_TABLE[name])('refuse %s of the wrong type', (field) => {
    const isFlag = typeof sample[field] === 'boolean';
    expect(problem({ ...sample, [field]: isFlag ? 'yes' : 42 })).toEqual({
      field,
      message: isFlag ? 'must be true or false' : 'must be text',
    });
    if (!isFlag) expect(problem({ ...sample, [field]: null })?.field).toBe(field);
  });

  it('refuse an empty required text and accept an empty optional one', () => {
    for (const field of SPEC_EVENT_TABLE[name]) {
      if (typeof sample[field] !== 'string') continue;
      const optional = OPTIONAL_FIELDS[name].includes(field);
      const result = problem({ ...sample, [field]: '  ' });
      if (optional) expect(result).toBeUndefined();
      else expect(result).toEqual({ field, message: 'must not be empty' });
    }
  });

  it('refuse text longer than 500 characters', () => {
    for (const field of SPEC_EVENT_TABLE[name]) {
      if (typeof sample[field] !== 'string') continue;
      expect(problem({ ...sample, [field]: 'x'.repeat(500) })).toBeUndefined();
      expect(problem({ ...sample, [field]: 'x'.repeat(501) })).toEqual({
        field,
        message: 'must be at most 500 characters',
      });
    }
  });

  it('refuse fields that are not an object', () => {
    for (const fields of [null, undefined, 'text', [sample]]) {
      expect(problem(fields)).toEqual({ field: '', message: 'fields must be an object' });
    }
  });
});
