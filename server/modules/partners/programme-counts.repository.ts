import type { ModuleDatabase } from '~server/db/schema.ts';
import type { LedgerEntryKind } from '~core/partner';
import type { PartnersTables } from './partners.tables.ts';

/* What the insight rollup and dashboards read of the partner programme (docs/insight.md). */

type Db = ModuleDatabase<PartnersTables>;
type Range = { start: string; end: string };

/** Ledger entries in a range, per kind: how many, and the points they moved (signed). */
export async function countLedgerBetween(db: Db, range: Range) {
  const rows = await db
    .selectFrom('partner_points_entry')
    .select((eb) => [
      'kind',
      eb.fn.countAll<number | string>().as('entries'),
      eb.fn.sum<number | string>('points').as('points'),
    ])
    .where('occurred_at', '>=', range.start)
    .where('occurred_at', '<', range.end)
    .groupBy('kind')
    .execute();
  return rows.map((row) => ({
    kind: row.kind as LedgerEntryKind,
    entries: Number(row.entries),
    points: Number(row.points),
  }));
}

/** Challenges joined, and challenges completed, in a range, per challenge. */
export async function countChallengeEntriesBetween(db: Db, range: Range) {
  const counted = (column: 'joined_at' | 'completed_at') =>
    db
      .selectFrom('partner_challenge_entry')
      .innerJoin(
        'partner_challenge',
        'partner_challenge.id',
        'partner_challenge_entry.challenge_id',
      )
      .select((eb) => ['partner_challenge.name', eb.fn.countAll<number | string>().as('entries')])
      .where(column, '>=', range.start)
      .where(column, '<', range.end)
      .groupBy('partner_challenge.name')
      .execute();
  const [joined, completed] = await Promise.all([counted('joined_at'), counted('completed_at')]);
  const line = (row: { name: string; entries: number | string }) => ({
    challenge: row.name,
    entries: Number(row.entries),
  });
  return { joined: joined.map(line), completed: completed.map(line) };
}

/** The programme's members per tier, as they stand. */
export async function countMembersByTier(db: Db) {
  const rows = await db
    .selectFrom('partner_member')
    .select((eb) => ['tier', eb.fn.countAll<number | string>().as('members')])
    .groupBy('tier')
    .execute();
  return rows.map((row) => ({ tier: row.tier, members: Number(row.members) }));
}

/** Each member and the kinds of event that happened to them, for the onboarding funnel. */
export async function listMemberEventKinds(db: Db) {
  const [members, events] = await Promise.all([
    db.selectFrom('partner_member').select('user_id').execute(),
    db.selectFrom('partner_event').select(['user_id', 'kind']).distinct().execute(),
  ]);
  const kinds = new Map<string, string[]>(members.map((member) => [member.user_id, []]));
  for (const event of events) kinds.get(event.user_id)?.push(event.kind);
  return [...kinds.values()];
}
