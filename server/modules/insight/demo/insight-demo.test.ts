import { expect, it } from 'vitest';
import { describeEachDialect } from '~tests/support/dialects.ts';
import { testConfig } from '~tests/support/config.ts';
import { importContent } from '~server/modules/content';
import { BASIC_FIXTURE, FIXTURE_SETTINGS } from '~server/modules/content/content.fixture.ts';
import { contentGaps, insightDashboard } from '../index.ts';
import { seedDemoInsight } from './insight-demo.ts';

/* The demo's insight events: recorded through each module's own path, rolled up, once. */

const NOW = new Date('2026-11-26T12:00:00.000Z');
const LAST_30_DAYS = { from: '2026-10-28', to: '2026-11-26' };

describeEachDialect('the demo insight', (database) => {
  it('fills every dashboard with the same events on each first start, counting consented ones only', async () => {
    const { db } = database();
    const config = testConfig();
    expect(await seedDemoInsight(database(), config, NOW)).toBeUndefined(); // no content yet
    await importContent(db, BASIC_FIXTURE, FIXTURE_SETTINGS);
    const outcome = await seedDemoInsight(database(), config, NOW);
    expect(outcome).toEqual(EXPECTED);
    expect(await seedDemoInsight(database(), config, NOW)).toBeUndefined();

    const value = async (
      dashboard: 'search' | 'answers' | 'deflection' | 'content',
      label: string,
    ) =>
      (await insightDashboard(db, dashboard, LAST_30_DAYS)).headlines.find(
        (line) => line.label === label,
      )?.value;
    expect(await value('search', 'Searches')).toBe(String(outcome!.searches));
    expect(await value('deflection', 'Visits to a way of reaching a person')).toBe(
      String(outcome!.visits),
    );
    expect(await value('content', 'Content views')).toBe(String(outcome!.views));
    // Answers shown to visitors who refused statistics are recorded but not counted.
    const consented = await db
      .selectFrom('answer_event')
      .select((eb) => eb.fn.countAll<number | string>().as('shown'))
      .where('kind', '=', 'shown')
      .where('statistics', '=', 1)
      .executeTakeFirstOrThrow();
    expect(Number(consented.shown)).toBeLessThan(outcome!.answers);
    expect(await value('answers', 'Answers shown')).toBe(String(consented.shown));

    const gaps = await contentGaps({ db, filters: LAST_30_DAYS });
    expect(gaps.gaps.find((gap) => gap.key === 'bitcoin')?.queries).toEqual(
      expect.arrayContaining(['bitcoin', 'bitcoins']),
    );
    const cases = await insightDashboard(db, 'cases', LAST_30_DAYS);
    expect(cases.plots[1]!.table.id).toBe('open-cases-per-day');
  });
});

// With the small content of the fixture; the same on both databases and every run.
const EXPECTED = { searches: 71, answers: 4, visits: 69, views: 204, votes: 25 };
