// A practice's cart of 200 clients placed as one order, five times, on PostgreSQL
// (TEST_DATABASE_URL, a scratch schema) or on a scratch SQLite file when it is not set: the
// time of each whole submit (review, invoice PDF, the one transaction with its mails and points).
// Usage: [TEST_DATABASE_URL=postgres://...] npm run bench:subscriptions [-- clients runs]
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createDatabase } from '~server/db/database.ts';
import { newRecordId } from '~server/db/ids.ts';
import { migrateToLatest } from '~server/db/migrate.ts';
import {
  placeOrder,
  seedSubscriptionCatalogue,
  subscriptionLinks,
} from '~server/modules/subscriptions';

const CLIENTS = Number(process.argv[2] ?? 200);
const RUNS = Number(process.argv[3] ?? 5);
const NOW = new Date('2026-11-26T01:00:00Z');

async function main(): Promise<void> {
  const url = process.env.TEST_DATABASE_URL;
  const folder = url ? undefined : await mkdtemp(join(tmpdir(), 'bench-subscriptions-'));
  const schema = `bench_${randomBytes(6).toString('hex')}`;
  const database = url
    ? await createDatabase(url, { schema })
    : await createDatabase(`sqlite:${join(folder ?? '', 'bench.db')}`);
  const { db } = database;
  try {
    await migrateToLatest(database);
    await seedSubscriptionCatalogue(db, NOW);
    const context = {
      db,
      now: NOW,
      signer: subscriptionLinks(randomBytes(32).toString('hex')),
      links: {
        activate: (token: string) => `https://help.example/activate?token=${token}`,
        transfer: (token: string) => `https://help.example/transfer?token=${token}`,
      },
    };
    const times: number[] = [];
    for (let run = 0; run < RUNS; run += 1) {
      const rows = Array.from({ length: CLIENTS }, (_, index) => ({
        businessName: `Client ${run}-${index}`,
        email: `client${run}.${index}@clients.example`,
        plan: ['starter', 'standard', 'premium'][index % 3] ?? 'standard',
        startDate: '2026-12-01',
      }));
      const practice = {
        id: randomUUID(),
        name: `Bench ${run}`,
        market: 'AU' as const,
        tier: 'gold',
      };
      const buyer = { id: newRecordId('user'), name: 'Bench Buyer', email: 'buyer@example.com' };
      const started = performance.now();
      const outcome = await placeOrder(context, practice, buyer, randomUUID(), rows);
      times.push(performance.now() - started);
      if (outcome.kind !== 'placed') throw new Error(`Run ${run} was not placed: ${outcome.kind}`);
    }
    const sorted = [...times].sort((a, b) => a - b);
    console.log(
      `${url ? 'PostgreSQL' : 'SQLite'}: ${CLIENTS} clients, ${RUNS} orders; ms each: ${times
        .map((time) => time.toFixed(0))
        .join(', ')}; median ${sorted[Math.floor(sorted.length / 2)]?.toFixed(0)} ms (budget 2000)`,
    );
  } finally {
    if (url) await db.schema.dropSchema(schema).ifExists().cascade().execute();
    await database.close();
    if (folder) await rm(folder, { recursive: true, force: true });
  }
}

await main();
