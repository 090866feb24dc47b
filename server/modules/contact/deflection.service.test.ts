import { beforeEach, expect, it } from 'vitest';
import { describeEachDialect } from '~tests/support/dialects.ts';
import { deflectionReport, recordReachedPerson, recordShownHelp } from './index.ts';

const NOW = new Date('2026-11-26T00:00:00Z');

describeEachDialect('contact deflection', (database) => {
  beforeEach(async () => {
    await database().db.deleteFrom('contact_deflection').execute();
  });

  it('reports visits, people reached and the solved share per flow and region', async () => {
    const { db } = database();
    const shown = { flow: 'hub' as const, topic: 'invoices', sawAnswer: true, articlesShown: 3 };
    const first = await recordShownHelp(db, { ...shown, region: 'AU' }, NOW);
    await recordShownHelp(db, { ...shown, region: 'AU' }, NOW);
    await recordShownHelp(db, { ...shown, region: 'AU' }, NOW);
    await recordShownHelp(db, { ...shown, region: 'UK' }, NOW);
    await recordReachedPerson(db, first, NOW);
    await recordReachedPerson(db, first, NOW);
    await recordReachedPerson(db, 'not-an-id', NOW);
    expect(await deflectionReport(db, new Date('2026-11-01T00:00:00Z'))).toEqual([
      { flow: 'hub', region: 'AU', visits: 3, reachedPerson: 1, solvedRate: 2 / 3 },
      { flow: 'hub', region: 'UK', visits: 1, reachedPerson: 0, solvedRate: 1 },
    ]);
    expect(await deflectionReport(db, new Date('2026-11-27T00:00:00Z'))).toEqual([]);
  });

  it('counts a person reached only within 30 minutes of the help, and only the first time', async () => {
    const { db } = database();
    const shown = { flow: 'hub' as const, topic: 'payroll', sawAnswer: true, articlesShown: 1 };
    const minutes = (count: number) => new Date(NOW.getTime() + count * 60_000);
    const inTime = await recordShownHelp(db, { ...shown, region: 'AU' }, NOW);
    const late = await recordShownHelp(db, { ...shown, region: 'AU' }, NOW);
    const lateThenAgain = await recordShownHelp(db, { ...shown, region: 'AU' }, NOW);
    await recordReachedPerson(db, inTime, minutes(30));
    await recordReachedPerson(db, late, minutes(31));
    // The first reach decides: a late one is not undone by a second reach in the window's clock.
    await recordReachedPerson(db, lateThenAgain, minutes(45));
    await recordReachedPerson(db, lateThenAgain, minutes(10));
    expect(await deflectionReport(db, new Date('2026-11-01T00:00:00Z'))).toEqual([
      { flow: 'hub', region: 'AU', visits: 3, reachedPerson: 1, solvedRate: 2 / 3 },
    ]);
    const reachedAt = await db
      .selectFrom('contact_deflection')
      .select(['id', 'reached_at'])
      .where('id', '=', late)
      .executeTakeFirstOrThrow();
    expect(reachedAt.reached_at).toBe(minutes(31).toISOString());
  });
});
