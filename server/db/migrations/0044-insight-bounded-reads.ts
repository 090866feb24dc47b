import { type Kysely, type Migration, sql } from 'kysely';

/*
 * Dashboards that read a bounded number of aggregate rows for any range (docs/insight.md, "How
 * figures are counted"): monthly rows beside the daily ones, a lock row per month so two
 * rollups of one month wait for each other, whole-day totals of the search figures that were
 * summed from their per-query rows, the per-query lists summed over regions and hubs, and all
 * those lists cut to each day's and month's 100 most searched. The names are written out: they
 * are the figures as this migration found them.
 */
const KEPT = 100;
const LISTS = ['search.query', 'search.no-result', 'search.no-click', 'search.refined'];
const CUT_FIGURES = [...LISTS, ...LISTS.map((figure) => `${figure}-all`)];
const TOTALS: readonly [string, string][] = [
  ['search.no-result', 'search.no-result-total'],
  ['search.no-click', 'search.no-click-total'],
  ['search.refined', 'search.refined-total'],
];

async function cutTail(db: Kysely<unknown>, table: 'insight_daily' | 'insight_monthly') {
  const period = sql.id(table === 'insight_daily' ? 'day' : 'month');
  const name = sql.id(table);
  await sql`delete from ${name} where (figure, ${period}, region, product, hub, item) in (
      select figure, ${period}, region, product, hub, item from (
        select figure, ${period}, region, product, hub, item, row_number() over (
          partition by figure, ${period}, region, product, hub
          order by count desc, amount desc, item) as place
        from ${name} where figure in (${sql.join(CUT_FIGURES)})
      ) ranked where place > ${KEPT})`.execute(db);
}

export const insightBoundedReads: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('insight_monthly')
      .addColumn('figure', 'text', (column) => column.notNull())
      .addColumn('month', 'text', (column) => column.notNull())
      .addColumn('region', 'text', (column) => column.notNull())
      .addColumn('product', 'text', (column) => column.notNull())
      .addColumn('hub', 'text', (column) => column.notNull())
      .addColumn('item', 'text', (column) => column.notNull())
      .addColumn('count', 'integer', (column) => column.notNull())
      .addColumn('amount', 'double precision', (column) => column.notNull())
      .addPrimaryKeyConstraint('insight_monthly_pk', [
        'figure',
        'month',
        'region',
        'product',
        'hub',
        'item',
      ])
      .execute();
    await db.schema
      .createTable('insight_month_rollup')
      .addColumn('month', 'text', (column) => column.primaryKey())
      .addColumn('rolled_at', 'text', (column) => column.notNull())
      .execute();
    for (const [figure, total] of TOTALS) {
      await sql`insert into insight_daily (figure, day, region, product, hub, item, count, amount)
        select ${total}, day, region, product, hub, '', sum(count), sum(amount)
        from insight_daily where figure = ${figure}
        group by day, region, product, hub`.execute(db);
    }
    // Empty searches (browsing) were kept under the query '': the totals hold them now.
    await sql`delete from insight_daily
      where figure in ('search.no-result', 'search.no-click') and item = ''`.execute(db);
    // Each list summed over regions and hubs, from the whole lists, before their tails go.
    await sql`insert into insight_daily (figure, day, region, product, hub, item, count, amount)
      select figure || '-all', day, '', '', '', item, sum(count), sum(amount)
      from insight_daily where figure in (${sql.join(LISTS)})
      group by figure, day, item`.execute(db);
    await cutTail(db, 'insight_daily');
    await sql`insert into insight_monthly (figure, month, region, product, hub, item, count, amount)
      select figure, substr(day, 1, 7), region, product, hub, item, sum(count), sum(amount)
      from insight_daily group by figure, substr(day, 1, 7), region, product, hub, item`.execute(
      db,
    );
    await sql`insert into insight_month_rollup (month, rolled_at)
      select distinct substr(day, 1, 7), ${new Date().toISOString()} from insight_daily`.execute(
      db,
    );
    await cutTail(db, 'insight_monthly');
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('insight_month_rollup').execute();
    await db.schema.dropTable('insight_monthly').execute();
    await sql`delete from insight_daily where figure in (${sql.join([
      ...TOTALS.map(([, total]) => total),
      ...LISTS.map((figure) => `${figure}-all`),
    ])})`.execute(db);
  },
};
