import { describe, expect, it } from 'vitest';
import {
  CATALOGUE_FORMAT,
  checkCatalogue,
  checkCertification,
  checkItem,
  isTimeZone,
  learningSearchType,
  localDate,
  nextClassDates,
  webhookRecordSchema,
} from './catalogue.ts';

const course = {
  id: 'C-1',
  type: 'course',
  title: 'A course',
  description: 'About things.',
  durationMinutes: 30,
};
const session = (id: string, region: string, startsAt: string, timeZone = 'UTC') => ({
  id,
  region,
  startsAt,
  timeZone,
});
const classroom = {
  ...course,
  id: 'R-1',
  type: 'classroom',
  sessions: [
    session('R-1-uk-late', 'UK', '2027-03-01T09:00:00Z', 'Europe/London'),
    session('R-1-uk', 'UK', '2027-02-01T09:00:00Z', 'Europe/London'),
    session('R-1-au', 'AU', '2027-01-31T23:00:00Z', 'Australia/Sydney'),
    session('R-1-past', 'US', '2026-01-01T09:00:00Z'),
  ],
};
const exportOf = (items: unknown[], certifications: unknown[] = []) => ({
  format: CATALOGUE_FORMAT,
  exportedAt: '2026-11-20T00:00:00Z',
  items,
  certifications,
});

describe('checkItem', () => {
  it('accepts a minimal course and fills the defaults', () => {
    const checked = checkItem(course);
    expect(checked).toEqual({
      ok: true,
      value: {
        ...course,
        audience: [],
        products: [],
        featured: false,
        onDemand: false,
        sessions: [],
      },
    });
  });

  it('normalises session times to UTC', () => {
    const checked = checkItem({
      ...classroom,
      sessions: [session('s', 'AU', '2027-02-09T09:00:00+11:00', 'Australia/Sydney')],
    });
    expect(checked.ok && checked.value.sessions[0]?.startsAt).toBe('2027-02-08T22:00:00.000Z');
  });

  it.each([
    ['a bad id', { id: 'has space' }, 'id'],
    ['an unknown type', { type: 'podcast' }, 'type'],
    ['an empty title', { title: '  ' }, 'title'],
    ['a negative duration', { durationMinutes: -5 }, 'durationMinutes'],
    ['a fractional duration', { durationMinutes: 1.5 }, 'durationMinutes'],
    [
      'sessions on a course',
      { sessions: [session('s', 'UK', '2027-01-01T00:00:00Z')] },
      'sessions',
    ],
    ['next class dates on a course', { nextClass: { UK: '2027-01-01' } }, 'nextClass'],
  ])('refuses %s, naming the field', (_name, change, field) => {
    const checked = checkItem({ ...course, ...change });
    expect(checked.ok).toBe(false);
    if (!checked.ok) expect(checked.problem.reason).toContain(field);
  });

  it('refuses an event without its delivery', () => {
    const checked = checkItem({ ...course, type: 'event' });
    expect(!checked.ok && checked.problem.reason).toContain('delivery');
  });

  it.each([
    ['an unknown region', session('s', 'XX', '2027-01-01T00:00:00Z'), 'region'],
    ['a time without an offset', session('s', 'UK', '2027-01-01T00:00:00'), 'startsAt'],
    ['an impossible date', session('s', 'UK', '2027-02-31T00:00:00Z'), 'startsAt'],
    ['an unknown time zone', session('s', 'UK', '2027-01-01T00:00:00Z', 'Mars/Base'), 'timeZone'],
  ])('refuses a session with %s', (_name, bad, field) => {
    const checked = checkItem({ ...classroom, sessions: [bad] });
    expect(!checked.ok && checked.problem.reason).toContain(field);
  });

  it('refuses a session listed twice in one item', () => {
    const twice = session('s', 'UK', '2027-01-01T00:00:00Z');
    const checked = checkItem({ ...classroom, sessions: [twice, twice] });
    expect(!checked.ok && checked.problem.reason).toContain('listed twice');
  });

  it('refuses an impossible next class date', () => {
    const checked = checkItem({ ...classroom, nextClass: { UK: '2027-02-30' } });
    expect(!checked.ok && checked.problem.reason).toContain('nextClass');
  });

  it('names a record without a readable id by its position', () => {
    const checked = checkItem({ type: 'course' }, 'items[4]');
    expect(!checked.ok && checked.problem.id).toBe('items[4]');
  });
});

describe('checkCertification', () => {
  const good = { id: 'X-1', userEmail: 'Ann@Example.com', name: 'Advisor', earnedOn: '2026-01-02' };

  it('lower-cases the email and defaults expiry and badge to none', () => {
    expect(checkCertification(good)).toEqual({
      ok: true,
      value: { ...good, userEmail: 'ann@example.com', expiresOn: null, badgeUrl: null },
    });
  });

  it.each([
    ['a bad email', { userEmail: 'nobody' }, 'userEmail'],
    ['a bad date', { earnedOn: '02/01/2026' }, 'earnedOn'],
    ['a non-http badge', { badgeUrl: 'javascript:alert(1)' }, 'badgeUrl'],
  ])('refuses %s', (_name, change, field) => {
    const checked = checkCertification({ ...good, ...change });
    expect(!checked.ok && checked.problem).toEqual({
      id: 'X-1',
      reason: expect.stringContaining(field),
    });
  });
});

describe('checkCatalogue', () => {
  it('keeps the good records and names every bad one', () => {
    const checked = checkCatalogue(
      exportOf([course, { ...course, id: 'C-2', durationMinutes: 0 }]),
    );
    expect(checked.items.map((item) => item.id)).toEqual(['C-1']);
    expect(checked.problems).toEqual([
      { id: 'C-2', reason: expect.stringContaining('durationMinutes') },
    ]);
  });

  it('refuses an item id listed twice', () => {
    expect(checkCatalogue(exportOf([course, course])).problems).toEqual([
      { id: 'C-1', reason: 'the item id is listed twice' },
    ]);
  });

  it('refuses a session id shared by two items', () => {
    const shared = session('S-1', 'UK', '2027-01-01T00:00:00Z');
    const checked = checkCatalogue(
      exportOf([
        { ...classroom, sessions: [shared] },
        { ...classroom, id: 'R-2', sessions: [shared] },
      ]),
    );
    expect(checked.problems).toEqual([
      { id: 'R-2', reason: 'session S-1 belongs to another item too' },
    ]);
  });

  it('refuses a certification id listed twice', () => {
    const certification = { id: 'X', userEmail: 'a@b.co', name: 'n', earnedOn: '2026-01-01' };
    expect(checkCatalogue(exportOf([], [certification, certification])).problems).toEqual([
      { id: 'X', reason: 'the certification id is listed twice' },
    ]);
  });

  it('refuses another format as a whole', () => {
    const checked = checkCatalogue({ ...exportOf([course]), format: 'other/2' });
    expect(checked.problems).toEqual([
      { id: 'export', reason: expect.stringContaining(CATALOGUE_FORMAT) },
    ]);
    expect(checked.items).toEqual([]);
  });
});

describe('webhookRecordSchema', () => {
  it('takes exactly one item or one certification', () => {
    expect(webhookRecordSchema.safeParse({ item: {} }).success).toBe(true);
    expect(webhookRecordSchema.safeParse({ certification: {} }).success).toBe(true);
    expect(webhookRecordSchema.safeParse({ item: {}, certification: {} }).success).toBe(false);
    expect(webhookRecordSchema.safeParse([]).success).toBe(false);
  });
});

describe('learningSearchType (spec 2.6 labels)', () => {
  it.each([
    ['course', undefined, 'Online course', 'LearningActivity'],
    ['classroom', undefined, 'Live classroom', 'LearningActivity'],
    ['webinar', undefined, 'Live webinar', 'LearningActivity'],
    ['event', 'online', 'Live webinar', 'LearningActivity'],
    ['event', 'in-person', 'Live classroom', 'LearningActivity'],
    ['learning_plan', undefined, 'Learning plan', 'LearningPlan'],
    ['learning_track', undefined, 'Learning track', 'LearningTrack'],
  ] as const)('indexes a %s (%s) as %s', (type, delivery, contentType, objecttype) => {
    expect(learningSearchType({ type, delivery })).toMatchObject({ contentType, objecttype });
  });
});

describe('nextClassDates', () => {
  it("takes each region's earliest coming session, on its local day", () => {
    const checked = checkItem(classroom);
    if (!checked.ok) throw new Error(checked.problem.reason);
    expect(nextClassDates(checked.value, '2026-11-20T00:00:00.000Z')).toEqual({
      UK: '2027-02-01',
      // 23:00 UTC on 31 January is 10:00 on 1 February in Sydney.
      AU: '2027-02-01',
    });
  });

  it("prefers the platform's own dates", () => {
    const checked = checkItem({ ...classroom, nextClass: { UK: '2027-05-05', ROW: '2027-06-01' } });
    if (!checked.ok) throw new Error(checked.problem.reason);
    expect(nextClassDates(checked.value, '2026-11-20T00:00:00.000Z')).toEqual({
      UK: '2027-05-05',
      AU: '2027-02-01',
      ROW: '2027-06-01',
    });
  });

  it('has none for other kinds', () => {
    expect(
      nextClassDates({ type: 'webinar', sessions: [], nextClass: undefined }, '2026-01-01'),
    ).toEqual({});
  });
});

describe('time zones', () => {
  it('knows IANA zones and refuses others', () => {
    expect(isTimeZone('Europe/London')).toBe(true);
    expect(isTimeZone('Nowhere/Town')).toBe(false);
  });

  it('gives the local calendar day of an instant', () => {
    expect(localDate('2027-01-31T23:00:00.000Z', 'Australia/Sydney')).toBe('2027-02-01');
    expect(localDate('2027-01-31T23:00:00.000Z', 'America/New_York')).toBe('2027-01-31');
  });
});
