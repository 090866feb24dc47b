import { sql, type Kysely } from 'kysely';
import type { Database } from '~server/db/schema.ts';
import { momentOf, numbered, pick, raw, type Dialect } from './dialect-sql.ts';

/*
 * What the insight benchmark's events refer to, written once before the first day: people
 * (community authors, case owners, partner members), articles (viewed, voted, cited), cached
 * answers, challenges and practices.
 */

export const PEOPLE = 20_000;
export const ARTICLES = 3_000;
export const ANSWERS = 2_000;
export const CHALLENGES = 40;
export const MEMBERS = 5_000;
const PRACTICES = 2_000;

export const REGIONS = ['UK', 'UK', 'UK', 'AU', 'AU', 'US', 'US', 'NZ', 'CA', 'IE'];
export const PRODUCTS = ['accounting', 'accounting', 'payroll', 'practice', 'inventory'];
const TIERS = ['none', 'starter', 'starter', 'bronze', 'bronze', 'silver', 'gold', 'platinum'];
const CREATED = '2025-01-01T00:00:00.000Z';

export async function seedFixtures(db: Kysely<Database>, dialect: Dialect, firstDay: string) {
  const n = raw('n');
  await sql`insert into portal_user (id, issuer, subject, email, first_name, last_name,
      is_partner, created_at, updated_at)
    select 'u' || n, 'bench', 's' || n, 'person' || n || '@example.com', 'Person', 'No ' || n,
      case when n <= ${MEMBERS} then 1 else 0 end, ${CREATED}, ${CREATED}
    from ${numbered(dialect, PEOPLE)}`.execute(db);
  // A third of the articles were last updated more than a year before the first day: stale.
  await sql`insert into kb_article (id, url_name, title, summary, body, content_type, products,
      audiences, related, team, region, created_date, updated_date, published_date, source_path,
      content_hash, created_at, updated_at)
    select 'a' || n, 'article-' || n, 'Article ' || n, 'Summary', 'Body', 'how-to', '[]', '[]',
      '[]', 'docs', null, '2020-01-01',
      substr(${momentOf(dialect, firstDay, sql`-86400 * (n % 900)`)}, 1, 10),
      '2020-01-01', 'bench/' || n || '.md', 'h' || n, ${CREATED}, ${CREATED}
    from ${numbered(dialect, ARTICLES)}`.execute(db);
  await sql`insert into answer_cache (id, question_key, question_text, search_hub, region,
      content_version, provider, declined, answer_text, citations, created_at)
    select 'ans' || n, 'question ' || n, 'Question ' || n, 'BENCH_GlobalSearch', 'UK', 1,
      'bench', case when n % 12 = 0 then 1 else 0 end, 'An answer.',
      case when n % 12 = 0 then '[]' else '[{"id":"a' || (n % ${ARTICLES} + 1)
        || '","title":"Article ' || (n % ${ARTICLES} + 1)
        || '","uri":"/kb/article-' || (n % ${ARTICLES} + 1) || '"}]' end, ${CREATED}
    from ${numbered(dialect, ANSWERS)}`.execute(db);
  await sql`insert into partner_challenge (id, name, description, goal_kind, goal_count, points,
      starts_on, ends_on, created_at)
    select 'ch' || n, 'Challenge ' || n, 'A challenge.', 'certification-passed', 3, 100,
      '2025-01-01', '2027-12-31', ${CREATED}
    from ${numbered(dialect, CHALLENGES)}`.execute(db);
  await sql`insert into partner_member (user_id, tier, tier_acknowledged, points_balance,
      updated_at, tier_points, joined_at)
    select 'u' || n, ${pick(n, TIERS)}, 1, 0, ${CREATED}, 0, ${CREATED}
    from ${numbered(dialect, MEMBERS)}`.execute(db);
  await sql`insert into practice (id, slug, name, market, registration_number, address, city,
      postcode, services, tier, created_by, request_key, created_at)
    select 'p' || n, 'practice-' || n, 'Practice ' || n, ${pick(n, REGIONS)}, 'r' || n,
      '1 High Street', 'Town', 'AB1 2CD', '[]', ${pick(sql`n / 7`, TIERS)}, 'u1', 'k' || n,
      ${CREATED}
    from ${numbered(dialect, PRACTICES)}`.execute(db);
}
