// The partner points ledger at 1M entries on PostgreSQL (TEST_DATABASE_URL, a scratch schema):
// p50 and p95 of the tier data (balance and tier) and of the account page's points section.
// Usage: TEST_DATABASE_URL=postgres://... npm run bench:partners [-- entries partners]
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { createDatabase } from '~server/db/database.ts';
import { newRecordId } from '~server/db/ids.ts';
import { migrateToLatest } from '~server/db/migrate.ts';
import { getPartnerTierData, pointsAccount } from '~server/modules/partners';

const ENTRIES = Number(process.argv[2] ?? 1_000_000);
const PARTNERS = Number(process.argv[3] ?? 10_000);
const SAMPLES = 500;
const BATCH = 2_000;
const DAY = 24 * 60 * 60 * 1000;
const NOW = new Date('2026-03-10T12:00:00.000Z');

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

async function main(): Promise<void> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('Set TEST_DATABASE_URL to a PostgreSQL server to run this benchmark.');
  const schema = `bench_${randomBytes(6).toString('hex')}`;
  const database = await createDatabase(url, { schema });
  const { db } = database;
  try {
    await migrateToLatest(database);
    const partners = Array.from({ length: PARTNERS }, () => newRecordId('user'));
    const totals = new Map<string, number>();
    const started = Date.now();
    // Seeded in batches rather than event by event, so the run takes minutes, not hours; the
    // running totals are written to match the entries, as the engine keeps them.
    for (let offset = 0; offset < ENTRIES; offset += BATCH) {
      const rows = [];
      for (let index = offset; index < Math.min(ENTRIES, offset + BATCH); index += 1) {
        const userId = partners[index % PARTNERS] ?? '';
        const points = 10 + (index % 90);
        totals.set(userId, (totals.get(userId) ?? 0) + points);
        const occurred = new Date(NOW.getTime() - (index % 360) * DAY);
        rows.push({
          id: newRecordId('partnerPointsEntry'),
          user_id: userId,
          kind: 'earned' as const,
          points,
          reason: 'Client subscription added',
          source_event: `bench:${index}`,
          occurred_at: occurred.toISOString(),
          expires_at: new Date(occurred.getTime() + 365 * DAY).toISOString(),
          recorded_by: null,
        });
      }
      await db.insertInto('partner_points_entry').values(rows).execute();
    }
    for (let offset = 0; offset < PARTNERS; offset += BATCH) {
      await db
        .insertInto('partner_member')
        .values(
          partners.slice(offset, offset + BATCH).map((userId) => ({
            user_id: userId,
            tier: 'gold',
            tier_acknowledged: 1,
            points_balance: totals.get(userId) ?? 0,
            tier_points: totals.get(userId) ?? 0,
            update_account_flow_screen: null,
            joined_at: NOW.toISOString(),
            updated_at: NOW.toISOString(),
          })),
        )
        .execute();
    }
    await sql`analyze`.execute(db);
    console.log(`seeded ${ENTRIES} entries for ${PARTNERS} partners in ${Date.now() - started} ms`);

    const measure = async (label: string, run: (userId: string) => Promise<unknown>) => {
      const times: number[] = [];
      for (let sample = 0; sample < SAMPLES; sample += 1) {
        const userId = partners[(sample * 7919) % PARTNERS] ?? '';
        const start = performance.now();
        await run(userId);
        times.push(performance.now() - start);
      }
      times.sort((a, b) => a - b);
      console.log(
        `${label.padEnd(28)} p50 ${percentile(times, 50).toFixed(2)} ms  p95 ${percentile(times, 95).toFixed(2)} ms`,
      );
    };
    const all = { kind: 'all', from: '', to: '' } as const;
    await measure('tier data (balance, tier)', (userId) => getPartnerTierData(db, userId));
    await measure('account page points section', (userId) => pointsAccount(db, userId, all, NOW));
  } finally {
    await db.schema.dropSchema(schema).ifExists().cascade().execute();
    await database.close();
  }
}

await main();
