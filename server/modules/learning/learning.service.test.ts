import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { checkCatalogue } from '~core/learning';
import { describeEachDialect } from '~tests/support/dialects.ts';
import { findSearchDocument, listSearchDocuments } from '~server/modules/search';
import { LEARNING_ORIGIN } from './learning-documents.ts';
import {
  certificationsOf,
  learningHome,
  sessionCalendarFile,
  UPCOMING_PER_REGION,
  webinarsEvents,
} from './learning-pages.service.ts';
import {
  applyWebhookRecord,
  countLearningRows,
  learningIds,
  syncCatalogue,
} from './learning.service.ts';

const settings = { learningBaseUrl: 'https://learn.example.test' };
const NOW = new Date('2026-11-21T00:00:00Z');

async function demoExport(): Promise<
  Record<string, unknown> & { items: Record<string, unknown>[] }
> {
  return JSON.parse(await readFile('content/learning/catalogue.json', 'utf8'));
}

describe('the demo catalogue', () => {
  it('is valid and has at least 30 items of every kind', async () => {
    const checked = checkCatalogue(await demoExport());
    expect(checked.problems).toEqual([]);
    expect(checked.items.length).toBeGreaterThanOrEqual(30);
    expect(new Set(checked.items.map((item) => item.type))).toEqual(
      new Set(['course', 'learning_plan', 'learning_track', 'webinar', 'event', 'classroom']),
    );
  });
});

describeEachDialect('learning service', (database) => {
  it('syncs the demo catalogue, and a second sync gives the same counts and changes nothing', async () => {
    const catalogue = checkCatalogue(await demoExport());
    const first = await syncCatalogue(database().db, catalogue, settings, { now: NOW });
    expect(first.ok).toBe(true);
    expect(first.items.created).toBe(catalogue.items.length);
    const second = await syncCatalogue(database().db, catalogue, settings, { now: NOW });
    expect(second.stored).toEqual(first.stored);
    expect(second.items).toEqual({
      created: 0,
      updated: 0,
      unchanged: catalogue.items.length,
      removed: 0,
    });
    expect(second.certifications.unchanged).toBe(catalogue.certifications.length);
    expect((await listSearchDocuments(database().db, LEARNING_ORIGIN)).length).toBe(
      catalogue.items.length,
    );
  });

  it('indexes a classroom with the spec 3 learning fields and its next class date per region', async () => {
    const document = await findSearchDocument(database().db, learningIds.item('LL-R-601'));
    expect(document).toMatchObject({
      common_contenttype: 'Live classroom',
      sflearning_format__c: 'Live classroom',
      sfintellumapp__id__c: 'LL-R-601',
      click_uri: 'https://learn.example.test/student/activity/LL-R-601',
      sfnext_class_australia__c: '2027-02-09',
      sfnext_class_united_kingdom__c: '2027-02-16',
      sfnext_class_hong_kong__c: null,
    });
    const plan = await findSearchDocument(database().db, learningIds.item('LL-P-202'));
    expect(plan).toMatchObject({
      objecttype: 'LearningPlan',
      sfredwingtrainingplancid: 'LL-P-202',
      sfredwingtrainingtrackcid: null,
    });
    const track = await findSearchDocument(database().db, learningIds.item('LL-T-301'));
    expect(track?.sfredwingtrainingtrackcid).toBe('LL-T-301');
    const classroom = await findSearchDocument(database().db, learningIds.item('LL-R-604'));
    expect(classroom?.sfnext_class_rest_of_world__c).toBe('2027-06-01');
  });

  it('changes nothing when one record is bad, and names it', async () => {
    const before = await countLearningRows(database().db);
    const broken = await demoExport();
    broken.items = broken.items.filter((item) => item.id !== 'LL-C-101');
    broken.items.push({ ...broken.items[0], id: 'LL-BAD-1', durationMinutes: -5 });
    const report = await syncCatalogue(database().db, checkCatalogue(broken), settings, {
      now: NOW,
    });
    expect(report.ok).toBe(false);
    expect(report.problems).toEqual([
      { id: 'LL-BAD-1', reason: expect.stringContaining('durationMinutes') },
    ]);
    expect(await countLearningRows(database().db)).toEqual(before);
    expect(await findSearchDocument(database().db, learningIds.item('LL-C-101'))).toBeDefined();
  });

  it('removes items a later export no longer lists, with their search documents', async () => {
    const smaller = await demoExport();
    smaller.items = smaller.items.filter((item) => item.id !== 'LL-C-113');
    const report = await syncCatalogue(database().db, checkCatalogue(smaller), settings, {
      now: NOW,
    });
    expect(report.items.removed).toBe(1);
    expect(await findSearchDocument(database().db, learningIds.item('LL-C-113'))).toBeUndefined();
    await syncCatalogue(database().db, checkCatalogue(await demoExport()), settings, { now: NOW });
  });

  it('applies one webhook item, then reports it unchanged', async () => {
    const record = {
      item: {
        id: 'LL-W-900',
        type: 'webinar',
        title: 'Webhook webinar',
        description: 'Arrived by webhook.',
        durationMinutes: 30,
        sessions: [
          {
            id: 'LL-W-900-UK',
            startsAt: '2027-01-05T10:00:00Z',
            timeZone: 'Europe/London',
            region: 'UK',
          },
        ],
      },
    };
    expect(await applyWebhookRecord(database().db, record, settings, NOW)).toMatchObject({
      ok: true,
      change: 'created',
    });
    expect(await applyWebhookRecord(database().db, record, settings, NOW)).toMatchObject({
      ok: true,
      change: 'unchanged',
    });
    const document = await findSearchDocument(database().db, learningIds.item('LL-W-900'));
    expect(document?.common_contenttype).toBe('Live webinar');
    const bad = await applyWebhookRecord(
      database().db,
      { certification: { id: 'C-1', userEmail: 'nobody', name: 'x', earnedOn: '2026-01-01' } },
      settings,
      NOW,
    );
    expect(bad).toMatchObject({ ok: false, problem: { id: 'C-1' } });
  });

  it('gives the learning page featured items, upcoming sessions and paths per audience', async () => {
    const home = await learningHome(database().db, { ...settings, now: NOW });
    expect(home.featured.map((result) => result.raw?.sfintellumapp__id__c)).toContain('LL-R-601');
    expect(home.upcoming.length).toBeGreaterThan(10);
    const perRegion = new Map<string, typeof home.upcoming>();
    for (const session of home.upcoming) {
      perRegion.set(session.region, [...(perRegion.get(session.region) ?? []), session]);
    }
    expect(perRegion.get('UK')).toHaveLength(UPCOMING_PER_REGION);
    expect([...perRegion.values()].every((list) => list.length <= UPCOMING_PER_REGION)).toBe(true);
    expect(perRegion.get('HK')?.map((session) => session.itemTitle)).toEqual([
      'Bank rules masterclass',
      'Advisor bootcamp for practices',
    ]);
    expect(home.upcoming.map((s) => s.startsAt)).toEqual(
      home.upcoming.map((s) => s.startsAt).sort(),
    );
    expect(home.paths.map((path) => path.audience)).toEqual([
      'small businesses',
      'accountants and bookkeepers',
    ]);
    expect(home.paths[1]?.paths.map((result) => result.title)).toContain(
      'Ledgerleaf certified advisor',
    );
  });

  it('filters webinars and events by region and format, and lists on-demand recordings', async () => {
    const page = await webinarsEvents(
      database().db,
      { region: 'UK', format: 'webinar' },
      { ...settings, now: NOW },
    );
    expect(page.upcoming.length).toBeGreaterThan(0);
    expect(page.upcoming.every((s) => s.region === 'UK' && s.kind === 'webinar')).toBe(true);
    expect(page.upcoming[0]?.registerUrl).toMatch(
      /^https:\/\/learn\.example\.test\/student\/activity\//,
    );
    expect(page.onDemand.map((item) => item.title)).toContain('Cash flow forecasting for advisors');
  });

  it('offers each on-demand recording at its page on the learning platform', async () => {
    const page = await webinarsEvents(
      database().db,
      { region: undefined, format: undefined },
      { ...settings, now: NOW },
    );
    const recording = page.onDemand.find(
      (item) => item.title === 'Cash flow forecasting for advisors',
    );
    expect(recording?.recordingUrl).toMatch(
      /^https:\/\/learn\.example\.test\/student\/activity\/[^/]+$/,
    );
    expect(recording).not.toHaveProperty('registerUrl');
  });

  it('makes a calendar file for a session', async () => {
    const file = await sessionCalendarFile(database().db, learningIds.session('LL-W-401-UK'), {
      ...settings,
      siteHost: 'help.example.test',
      now: NOW,
    });
    expect(file?.fileName).toBe('what-s-new-in-ledgerleaf-this-quarter.ics');
    expect(file?.body).toContain('DTSTART:20270203T140000Z');
    expect(
      await sessionCalendarFile(database().db, 'a0S000000000000000', {
        ...settings,
        siteHost: 'x',
      }),
    ).toBeUndefined();
  });

  it("lists a user's certifications by email, in any case", async () => {
    const mine = await certificationsOf(database().db, 'Priya.Raman@example.com');
    expect(mine.map((c) => c.name)).toEqual([
      'Ledgerleaf certified advisor',
      'Ledgerleaf Payroll certified',
    ]);
    expect(await certificationsOf(database().db, null)).toEqual([]);
  });
});
