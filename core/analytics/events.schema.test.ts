import { describe, expect, it } from 'vitest';
import { ANALYTICS_EVENT_NAMES, type AnalyticsEventName } from './events.ts';
import { SAMPLE_EVENT_FIELDS } from './events.fixture.ts';
import { analyticsBatchSchema, analyticsEventSchema, describeIssue } from './events.schema.ts';

function event(
  name: AnalyticsEventName,
  fields: Record<string, unknown> = SAMPLE_EVENT_FIELDS[name],
) {
  return { name, fields, occurredAt: '2026-11-21T10:00:00.000Z', pagePath: '/0/' };
}

function issue(value: unknown, schema: typeof analyticsEventSchema = analyticsEventSchema) {
  const result = schema.safeParse(value);
  return result.success ? undefined : describeIssue(result.error);
}

describe('the event schema', () => {
  it.each(ANALYTICS_EVENT_NAMES)('accepts a complete %s event unchanged', (name) => {
    expect(analyticsEventSchema.parse(event(name))).toEqual(event(name));
  });

  it('checks the fields with the rules of the event, naming the field', () => {
    expect(issue(event('link clicked', { linkName: 'x' }))).toBe(
      'fields.linkDestination: must be text',
    );
    expect(issue(event('screen viewed', { screenName: ' ' }))).toBe(
      'fields.screenName: must not be empty',
    );
    expect(issue(event('screen viewed', { screenName: 'a', email: 'e' }))).toBe(
      "fields.email: is not a field of 'screen viewed'",
    );
    expect(issue(event('screen viewed', SAMPLE_EVENT_FIELDS['banner hidden']))).toMatch(
      /^fields\.bannerName: is not a field/,
    );
  });

  it('refuses an unknown event name, naming the known ones', () => {
    expect(issue({ ...event('screen viewed'), name: 'clicked' })).toBe(
      `name: name must be one of: ${ANALYTICS_EVENT_NAMES.join(', ')}`,
    );
  });

  it.each([
    ['a date without time', '2026-11-21'],
    ['not a date', 'yesterday'],
    ['a number', 1763700000000],
  ])('refuses occurredAt as %s', (_label, occurredAt) => {
    expect(issue({ ...event('screen viewed'), occurredAt })).toMatch(/^occurredAt: /);
  });

  it.each(['https://elsewhere.example/', '//elsewhere.example/', 'search', ''])(
    'refuses pagePath %j, which is not a path on this site',
    (pagePath) => {
      expect(issue({ ...event('screen viewed'), pagePath })).toMatch(/^pagePath: /);
    },
  );

  it('accepts a path with a query and refuses one over 2000 characters', () => {
    expect(issue({ ...event('screen viewed'), pagePath: '/0/search?q=bank#q=bank' })).toBe(
      undefined,
    );
    expect(issue({ ...event('screen viewed'), pagePath: `/${'p'.repeat(2000)}` })).toMatch(
      /^pagePath: /,
    );
  });

  it('refuses extra envelope keys', () => {
    expect(issue({ ...event('screen viewed'), userId: 'x' })).toBeDefined();
  });
});

describe('the batch schema', () => {
  const events = (count: number) => Array.from({ length: count }, () => event('screen viewed'));
  const batchIssue = (value: unknown) => {
    const result = analyticsBatchSchema.safeParse(value);
    return result.success ? undefined : describeIssue(result.error);
  };

  it('holds 1 to 50 events', () => {
    expect(batchIssue({ csrfToken: 't', events: events(1) })).toBeUndefined();
    expect(batchIssue({ csrfToken: 't', events: events(50) })).toBeUndefined();
    expect(batchIssue({ csrfToken: 't', events: [] })).toBe(
      'events: events must hold at least one event',
    );
    expect(batchIssue({ csrfToken: 't', events: events(51) })).toBe(
      'events: events must hold at most 50 events',
    );
  });

  it("takes a guest's batch without a token (the server checks the browser's headers instead)", () => {
    expect(batchIssue({ events: events(1) })).toBeUndefined();
    expect(batchIssue({ csrfToken: '', events: events(1) })).toBe(
      'csrfToken: csrfToken must not be empty',
    );
  });

  it('names the failing event and field', () => {
    const bad = [event('screen viewed'), event('link clicked', { linkName: 'x' })];
    expect(batchIssue({ csrfToken: 't', events: bad })).toMatch(/^events\.1\.fields\./);
  });
});
