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
    await recordReachedPerson(db, first);
    await recordReachedPerson(db, first);
    await recordReachedPerson(db, 'not-an-id');
    expect(await deflectionReport(db, new Date('2026-11-01T00:00:00Z'))).toEqual([
      { flow: 'hub', region: 'AU', visits: 3, reachedPerson: 1, solvedRate: 2 / 3 },
      { flow: 'hub', region: 'UK', visits: 1, reachedPerson: 0, solvedRate: 1 },
    ]);
    expect(await deflectionReport(db, new Date('2026-11-27T00:00:00Z'))).toEqual([]);
  });
});
