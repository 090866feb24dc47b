// The advisor directory's search at 50k listed practices on PostgreSQL (TEST_DATABASE_URL, a
// scratch schema): p50 and p95 of a search by place plus two filters, through the practices
// module as the directory page calls it (the count, the page of 20 and its cards).
// Usage: TEST_DATABASE_URL=postgres://... npm run bench:directory [-- listings]
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import {
  EMPTY_LISTING,
  LISTING_TIERS,
  listingFilterColumns,
  PRACTICE_INDUSTRIES,
  PRACTICE_LANGUAGES,
  PRACTICE_SERVICES,
  marketOfCountry,
  directoryQueryFrom,
  type GazetteerPlace,
  type ListingContent,
} from '~core/practices';
import { createDatabase } from '~server/db/database.ts';
import { migrateToLatest } from '~server/db/migrate.ts';
import { directoryGazetteer, searchDirectory } from '~server/modules/practices';

const LISTINGS = Number(process.argv[2] ?? 50_000);
const SAMPLES = 500;
const BATCH = 500;
const BUDGET_P95_MS = 30;
const NOW = new Date('2026-11-26T00:00:00.000Z').toISOString();

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

const keys = (list: readonly { key: string }[], index: number, count: number) => [
  ...new Set(Array.from({ length: count }, (_, n) => list[(index * 7 + n * 3) % list.length]!.key)),
];

async function main(): Promise<void> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('Set TEST_DATABASE_URL to a PostgreSQL server to run this benchmark.');
  const places: GazetteerPlace[] = [...directoryGazetteer().byName.values()]
    .flat()
    .filter((place) => marketOfCountry(place.country))
    .sort((a, b) => b.population - a.population);
  const schema = `bench_${randomBytes(6).toString('hex')}`;
  const database = await createDatabase(url, { schema });
  const { db } = database;
  try {
    await migrateToLatest(database);
    const started = Date.now();
    // Half the practices in the 100 largest places, half spread over every place, as firms
    // gather in cities; each office a few kilometres from its place's centre.
    for (let offset = 0; offset < LISTINGS; offset += BATCH) {
      const practices = [];
      const listings = [];
      const offices = [];
      for (let index = offset; index < Math.min(LISTINGS, offset + BATCH); index += 1) {
        const place = places[index % 2 === 0 ? index % 100 : index % places.length]!;
        const id = `bench-${index}`;
        const lat = place.lat + (((index * 37) % 41) - 20) / 400;
        const lon = place.lon + (((index * 53) % 41) - 20) / 400;
        const content: ListingContent = {
          ...EMPTY_LISTING,
          description: `Practice ${index} in ${place.name}.`,
          services: keys(PRACTICE_SERVICES, index, 3),
          industries: keys(PRACTICE_INDUSTRIES, index, 2),
          languages: ['en', ...keys(PRACTICE_LANGUAGES.slice(1), index, index % 3)],
          offices: [{ label: 'Main', address: place.name, place: place.name, lat, lon, hours: {} }],
        };
        const tier = LISTING_TIERS[index % LISTING_TIERS.length]!.key;
        practices.push({
          id,
          slug: id,
          name: `Practice ${index}`,
          market: marketOfCountry(place.country) ?? 'AU',
          registration_number: String(index),
          address: place.name,
          city: place.name,
          postcode: '',
          services: JSON.stringify(content.services),
          tier,
          created_by: id,
          request_key: id,
          created_at: NOW,
        });
        listings.push({
          practice_id: id,
          draft: JSON.stringify(content),
          published: JSON.stringify(content),
          listed: 1,
          moderation: 'none' as const,
          submitted: null,
          moderation_note: null,
          updated_at: NOW,
          published_at: NOW,
        });
        offices.push({
          id: `${id}:0`,
          practice_id: id,
          lat,
          lon,
          ...listingFilterColumns({ ...content, tier }),
        });
      }
      await db.insertInto('practice').values(practices).execute();
      await db.insertInto('practice_listing').values(listings).execute();
      await db.insertInto('practice_directory_office').values(offices).execute();
    }
    await sql`analyze`.execute(db);
    console.log(`seeded ${LISTINGS} listed practices in ${Date.now() - started} ms`);

    const times: number[] = [];
    let found = 0;
    for (let sample = 0; sample < SAMPLES; sample += 1) {
      const place = places[(sample * 7) % 200]!;
      const service = PRACTICE_SERVICES[sample % PRACTICE_SERVICES.length]!.key;
      const industry = PRACTICE_INDUSTRIES[(sample * 3) % PRACTICE_INDUSTRIES.length]!.key;
      const query = directoryQueryFrom(
        new URLSearchParams({
          place: `${place.name}, ${place.admin || place.country}`,
          service,
          industry,
        }),
      );
      const start = performance.now();
      const result = await searchDirectory(database, query);
      times.push(performance.now() - start);
      found += result.total;
    }
    times.sort((a, b) => a - b);
    const p95 = percentile(times, 95);
    console.log(
      `place + service + industry, 50 km   p50 ${percentile(times, 50).toFixed(2)} ms  p95 ${p95.toFixed(2)} ms  (${(found / SAMPLES).toFixed(1)} matches on average)`,
    );
    console.log(
      p95 <= BUDGET_P95_MS
        ? `within the ${BUDGET_P95_MS} ms budget`
        : `OVER the ${BUDGET_P95_MS} ms budget`,
    );
    if (p95 > BUDGET_P95_MS) process.exitCode = 1;
  } finally {
    await db.schema.dropSchema(schema).ifExists().cascade().execute();
    await database.close();
  }
}

await main();
