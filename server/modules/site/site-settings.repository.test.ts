import { expect, it } from 'vitest';
import { describeEachDialect } from '~tests/support/dialects.ts';
import { getSiteSetting, recordInstallation, setSiteSetting } from './site-settings.repository.ts';

describeEachDialect('site settings repository', (database) => {
  it('returns undefined for a setting that was never stored', async () => {
    expect(await getSiteSetting(database().db, 'never-set')).toBeUndefined();
  });

  it('inserts a setting, then updates its value and time in place', async () => {
    const { db } = database();
    await setSiteSetting(db, 'site_name', 'Help', new Date('2024-01-01T10:00:00Z'));
    await setSiteSetting(db, 'site_name', 'Help Centre', new Date('2024-02-01T10:00:00Z'));

    expect(await getSiteSetting(db, 'site_name')).toBe('Help Centre');
    const rows = await db
      .selectFrom('app_setting')
      .selectAll()
      .where('key', '=', 'site_name')
      .execute();
    expect(rows).toEqual([
      { key: 'site_name', value: 'Help Centre', updated_at: '2024-02-01T10:00:00.000Z' },
    ]);
  });

  it('leaves other settings alone when one is updated', async () => {
    const { db } = database();
    await setSiteSetting(db, 'a', '1');
    await setSiteSetting(db, 'b', '2');
    await setSiteSetting(db, 'a', '3');
    expect(await getSiteSetting(db, 'a')).toBe('3');
    expect(await getSiteSetting(db, 'b')).toBe('2');
  });

  it('records the installation time once and keeps the first value', async () => {
    const { db } = database();
    const first = await recordInstallation(db, new Date('2024-03-01T08:30:00Z'));
    const second = await recordInstallation(db, new Date('2025-03-01T08:30:00Z'));

    expect(first).toBe('2024-03-01T08:30:00.000Z');
    expect(second).toBe(first);
    expect(await getSiteSetting(db, 'installed_at')).toBe(first);
  });

  it('works inside a transaction', async () => {
    const { db } = database();
    await db.transaction().execute((trx) => setSiteSetting(trx, 'in_trx', 'yes'));
    expect(await getSiteSetting(db, 'in_trx')).toBe('yes');
  });
});
