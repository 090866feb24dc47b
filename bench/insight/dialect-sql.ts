import { sql, type RawBuilder } from 'kysely';

/*
 * The pieces of the insight benchmark's seeding SQL that differ between the databases, so each
 * kind of event is one set-based insert for both: a numbered series of rows, a moment of a day
 * as the portal stores it, and a choice among fixed values.
 */

export type Dialect = 'sqlite' | 'postgres';

/** A row source of `count` rows numbered 1 to `count` in column n (64-bit on both). */
export function numbered(dialect: Dialect, count: number): RawBuilder<unknown> {
  const last = sql.lit(Math.max(0, Math.round(count)));
  return dialect === 'postgres'
    ? sql`generate_series(1::bigint, ${last}::bigint) as g(n)`
    : sql`(with recursive s(n) as (select 1 union all select n + 1 from s where n < ${last})
        select n from s) as g`;
}

/** The ISO text of `seconds` (an SQL expression, may pass midnight) after a day's start. */
export function momentOf(
  dialect: Dialect,
  day: string,
  seconds: RawBuilder<unknown>,
): RawBuilder<string> {
  return dialect === 'postgres'
    ? sql<string>`to_char(${sql.lit(day)}::timestamp + (${seconds}) * interval '1 second',
        'YYYY-MM-DD"T"HH24:MI:SS".000Z"')`
    : sql<string>`strftime('%Y-%m-%dT%H:%M:%S.000Z', ${sql.lit(day)},
        (${seconds}) || ' seconds')`;
}

/** One of `values`, chosen by a whole-number SQL expression (taken modulo their count). */
export function pick(choice: RawBuilder<unknown>, values: readonly string[]): RawBuilder<string> {
  const cases = values.map((value, at) => sql`when ${sql.lit(at)} then ${sql.lit(value)}`);
  return sql<string>`(case (${choice}) % ${sql.lit(values.length)} ${sql.join(cases, sql` `)} end)`;
}

/** A whole-number SQL expression as text (for ids). */
export const raw = (text: string) => sql.raw(text);
