import { Migrator, sql } from 'kysely';
import { expect, it } from 'vitest';
import { describeEachDialect } from '~tests/support/dialects.ts';
import { migrateToLatest } from '../migrate.ts';
import { migrationProvider } from './index.ts';

const AT = '2026-11-26T01:00:00.000Z';

describeEachDialect(
  'migration 0043: practices’ names on orders and transfers',
  (database) => {
    it('gives rows from before it their practice’s name, and a gone practice none', async () => {
      const { db } = database();
      const before = await new Migrator({
        db,
        provider: migrationProvider,
        ...(database().dialect === 'postgres'
          ? { migrationTableSchema: database().schema ?? 'public' }
          : {}),
      }).migrateTo('0040-case-queue-indexes');
      expect(before.error).toBeUndefined();
      await sql`insert into practice (id, slug, name, market, registration_number, address, city,
        postcode, services, tier, created_by, request_key, created_at)
        values ('p-1', 'harbour-books', 'Harbour Books', 'AU', '51824753556', '1 George Street',
        'Sydney', '2000', '[]', 'starter', 'u-1', 'k-1', ${AT})`.execute(db);
      for (const [id, practice] of [
        ['o-1', 'p-1'],
        ['o-2', 'p-gone'],
      ]) {
        await sql`insert into subscription_order (id, number, practice_id, placed_by, request_key,
          market, currency, subtotal_minor, discount_minor, discount_basis_points, tax_minor,
          tax_label, total_minor, placed_at)
          values (${id}, ${`SO-${id}`}, ${practice}, 'u-1', ${`key-${id}`}, 'AU', 'AUD', 100, 0, 0,
          10, 'GST', 110, ${AT})`.execute(db);
      }
      await sql`insert into subscription_transfer (id, subscription_id, practice_id, requested_by,
        direction, effective_date, prorated_minor, status, expires_at, requested_at)
        values ('t-1', 's-1', 'p-1', 'u-1', 'to-client', '2026-12-01', 50, 'awaiting-client',
        ${AT}, ${AT})`.execute(db);

      expect(await migrateToLatest(database())).toContain('0043-subscription-practice-names');
      const orders = await sql<{ id: string; practice_name: string }>`
        select id, practice_name from subscription_order order by id`.execute(db);
      expect(orders.rows).toEqual([
        { id: 'o-1', practice_name: 'Harbour Books' },
        { id: 'o-2', practice_name: '' },
      ]);
      const transfers = await sql<{ practice_name: string }>`
        select practice_name from subscription_transfer`.execute(db);
      expect(transfers.rows).toEqual([{ practice_name: 'Harbour Books' }]);
    });
  },
  { migrate: false },
);
