// Support cases at volume (docs/cases.md, "Measured"): PostgreSQL with CASES cases (default
// 100k) and MESSAGES messages (default 1M) in a scratch schema, one case (the measured
// customer's) holding 200 of them.
// Times, as p95 of 50 requests after a warm-up: a customer's "my cases", the agents' queues
// (unassigned and their own), the case page's data, and the case page rendered by the built
// portal on the server (an inject, no network).
// Usage: TEST_DATABASE_URL=postgres://... npm run bench:cases -- [cases] [messages]
// With KEEP_SCHEMA=1 the scratch schema stays (its name is printed), to look at query plans.
// The npm script runs it with NODE_ENV=production, so React renders as under `npm start`.
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { percentile } from '~core/insight';
import { buildPortalServer } from '~server/app.ts';
import { createDatabase } from '~server/db/database.ts';
import { migrateToLatest } from '~server/db/migrate.ts';
import { getCase, listAgentQueue, listCases, type CaseContext } from '~server/modules/cases';
import { saveUser, NO_USER_DATA, builtInIssuer } from '~server/modules/identity';
import { testConfig } from '~tests/support/config.ts';
import { signInAs } from '~tests/support/sessions.ts';

const RUNS = 50;
const CUSTOMERS = 1_000;
const BIG_CASE_MESSAGES = 200;
const [casesArg, messagesArg] = process.argv.slice(2);
const CASES = Number(casesArg ?? 100_000);
const MESSAGES = Number(messagesArg ?? 1_000_000);

async function timed(name: string, budgetMs: number, run: () => Promise<unknown>) {
  for (let warm = 0; warm < 5; warm += 1) await run();
  const times: number[] = [];
  for (let index = 0; index < RUNS; index += 1) {
    const started = performance.now();
    await run();
    times.push(performance.now() - started);
  }
  const p95 = percentile(times, 0.95) ?? 0;
  const median = percentile(times, 0.5) ?? 0;
  const verdict = p95 <= budgetMs ? 'within' : 'OVER';
  console.log(
    `${name.padEnd(34)} median ${median.toFixed(1).padStart(6)} ms  p95 ${p95.toFixed(1).padStart(6)} ms  (${verdict} ${budgetMs} ms)`,
  );
}

async function main() {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('Set TEST_DATABASE_URL to a PostgreSQL server.');
  const schema = `bench_${randomBytes(6).toString('hex')}`;
  const database = await createDatabase(url, { schema });
  const { db } = database;
  try {
    await migrateToLatest(database);
    let started = Date.now();
    const config = testConfig({ SITE_URL: 'http://bench.test' });
    const customer = await signInAs(database, { subject: 'bench-customer', email: 'c@bench.test' });
    const agent = await signInAs(database, { subject: 'bench-agent', isAgent: true }, config);
    const others: string[] = [customer.user.id];
    for (let index = 1; index < CUSTOMERS; index += 1) {
      const user = await saveUser(
        db,
        {
          issuer: builtInIssuer(config.siteUrl),
          subject: `bench-${index}`,
          email: `c${index}@bench.test`,
          firstName: 'Bench',
          lastName: `Customer ${index}`,
        },
        NO_USER_DATA,
      );
      others.push(user.id);
    }
    await sql`create temporary table bench_owner (n int primary key, id text)`.execute(db);
    for (let start = 0; start < others.length; start += 500) {
      const slice = others
        .slice(start, start + 500)
        .map((id, offset) => ({ n: start + offset, id }));
      await sql`insert into bench_owner (n, id) values ${sql.join(
        slice.map((row) => sql`(${row.n}, ${row.id})`),
      )}`.execute(db);
    }
    // Cases spread over the customers, one in five still being worked on (new, open, awaiting
    // a reply) and the rest solved or closed; one in ten assigned to the agent.
    await sql`insert into support_case (id, case_number, queue, subject, description, product,
        category_id, category_name, topic_id, topic_name, impact, contact_method, contact_email,
        contact_phone, callback_from, callback_to, status, owner_id, owner_email,
        organisation_id, follow_up_of, created_at, updated_at, solved_at, closed_at, rating,
        rating_comment, rated_at, assignee_id, customer_wrote_at, merged_into)
      select '500' || lpad(g::text, 15, '0'), 1000 + g,
        case when g % 7 = 0 then 'partner' else 'customer' end,
        'Bank feed stopped on account ' || g, 'The feed has not updated since Monday.',
        case when g % 3 = 0 then 'payroll' else 'accounting' end, 'bank-feeds', 'Bank feeds',
        null, null, 'just-me', 'email', 'c@bench.test', null, null, null,
        (array['new','open','open','awaiting-reply','solved','solved','solved','solved',
          'closed','closed','closed','closed','closed','closed','closed','closed','closed',
          'closed','closed','closed'])[1 + g % 20],
        o.id, null, null, null,
        to_char(timestamp '2025-01-01' + g * interval '5 minutes', 'YYYY-MM-DD"T"HH24:MI:SS".000Z"'),
        to_char(timestamp '2025-01-01' + g * interval '5 minutes' + interval '1 hour', 'YYYY-MM-DD"T"HH24:MI:SS".000Z"'),
        null, null, null, null, null,
        case when g % 10 = 0 then ${agent.user.id} end,
        to_char(timestamp '2025-01-01' + g * interval '5 minutes', 'YYYY-MM-DD"T"HH24:MI:SS".000Z"'),
        null
      from generate_series(1, ${CASES}::int) g join bench_owner o on o.n = g % ${CUSTOMERS}`.execute(
      db,
    );
    const bigCase = `500${String(CUSTOMERS).padStart(15, '0')}`;
    const spread = MESSAGES - BIG_CASE_MESSAGES;
    await sql`insert into support_case_message (id, case_id, author_id, author_role, body,
        created_at, visibility, mail_message_id)
      select '02s' || lpad(g::text, 15, '0'),
        case when g <= ${BIG_CASE_MESSAGES} then ${bigCase}
          else '500' || lpad((case when 1 + g % ${CASES - 1} >= ${CUSTOMERS}
            then 2 + g % ${CASES - 1} else 1 + g % ${CASES - 1} end)::text, 15, '0') end,
        case when g % 2 = 0 then ${agent.user.id} else null end,
        case when g % 2 = 0 then 'agent' else 'customer' end,
        'Thanks, the **feed** is checked again: line ' || g || '.',
        to_char(timestamp '2025-01-01' + g * interval '1 minute', 'YYYY-MM-DD"T"HH24:MI:SS".000Z"'),
        case when g % 11 = 0 then 'internal' else 'public' end, null
      from generate_series(1, ${spread + BIG_CASE_MESSAGES}::int) g`.execute(db);
    // A database in use is vacuumed by autovacuum; the counts read the index alone after it.
    await sql`vacuum analyze`.execute(db);
    console.log(
      `postgres: ${CASES} cases, ${MESSAGES} messages, ${CUSTOMERS} customers seeded in ${Date.now() - started} ms`,
    );

    const contextOf = (session: typeof customer): CaseContext => ({
      db,
      viewer: { isGuest: false, user: session.user, sessionId: session.sessionId },
      siteUrl: config.siteUrl,
      now: new Date(),
    });
    await timed('my cases (first page)', 20, () =>
      listCases(contextOf(customer), new URLSearchParams()),
    );
    await timed('my cases, open, searched', 20, () =>
      listCases(contextOf(customer), new URLSearchParams({ status: 'open', q: 'feed' })),
    );
    await timed('agent queue: unassigned', 20, () =>
      listAgentQueue(contextOf(agent), new URLSearchParams({ queue: 'unassigned' })),
    );
    await timed('agent queue: mine', 20, () =>
      listAgentQueue(contextOf(agent), new URLSearchParams({ queue: 'mine' })),
    );
    await timed('case with 200 messages: data', 50, () => getCase(contextOf(customer), bigCase));
    started = Date.now();
    const app = await buildPortalServer({ config, database });
    try {
      const page = await app.inject({
        url: `/s/case?caseId=${bigCase}`,
        headers: { cookie: customer.cookie },
      });
      if (page.statusCode !== 200) throw new Error(`The case page answered ${page.statusCode}`);
      await timed('case with 200 messages: page', 50, () =>
        app.inject({ url: `/s/case?caseId=${bigCase}`, headers: { cookie: customer.cookie } }),
      );
    } finally {
      await app.close();
    }
  } finally {
    if (process.env.KEEP_SCHEMA === '1') console.log(`kept schema ${schema}`);
    else await sql`drop schema ${sql.id(schema)} cascade`.execute(db).catch(() => undefined);
    await database.close();
  }
}

await main();
