import type { Kysely } from 'kysely';
import { countsTowardsTier, expiryOf, PARTNER_EVENT_REASONS } from '~core/partner';
import { newRecordId } from '~server/db/ids.ts';
import type { Database } from '~server/db/schema.ts';
import {
  advanceChallenges,
  ensureMember,
  recomputeTier,
  refreshSteps,
  type PartnerEvent,
} from './engine.service.ts';
import * as batch from './event-batch.repository.ts';
import * as ledger from './ledger.repository.ts';
import * as repository from './partners.repository.ts';

/*
 * A batch of events earned together (a practice's order of up to 200 clients' subscriptions),
 * applied in set-based statements: the events and their ledger entries are written a chunk at a
 * time and each partner's totals and tier move once, instead of several round trips per event.
 * Each event still counts once by its source event, and the batch only ever credits points.
 */

/**
 * Records events in the caller's transaction, so the points commit with what earned them or not
 * at all. Answers how many were new.
 */
export async function recordPartnerEventsWithin(
  trx: Kysely<Database>,
  events: readonly PartnerEvent[],
): Promise<number> {
  if (events.length === 0) return 0;
  for (const userId of new Set(events.map((event) => event.userId))) {
    await ensureMember(trx, userId, events.find((event) => event.userId === userId)!.occurredAt);
  }
  const recorded = await batch.insertEventsIfNew(
    trx,
    events.map((event) => ({
      id: newRecordId('partnerEvent'),
      user_id: event.userId,
      kind: event.kind,
      source_event: event.sourceEvent,
      subject: event.subject ?? null,
      occurred_at: event.occurredAt.toISOString(),
    })),
  );
  // A source event named twice in the batch is recorded by its first occurrence only.
  const fresh = events.filter((event) => recorded.delete(event.sourceEvent));
  if (fresh.length === 0) return 0;

  const rules = new Map<string, { points: number; validDays: number | null }>();
  for (const kind of new Set(fresh.map((event) => event.kind))) {
    const rule = await repository.findEarningRule(trx, kind);
    rules.set(kind, { points: rule?.points ?? 0, validDays: rule?.valid_days ?? null });
  }
  const appended = await batch.appendEntries(
    trx,
    fresh.flatMap((event) => {
      const rule = rules.get(event.kind)!;
      if (rule.points <= 0) return [];
      const subject = event.subject?.trim() ?? '';
      const reason = PARTNER_EVENT_REASONS[event.kind];
      return [
        {
          id: newRecordId('partnerPointsEntry'),
          user_id: event.userId,
          kind: 'earned' as const,
          points: rule.points,
          reason: subject === '' ? reason : `${reason}: ${subject}`,
          source_event: event.sourceEvent,
          occurred_at: event.occurredAt.toISOString(),
          expires_at: expiryOf(event.occurredAt, rule.validDays),
          recorded_by: null,
        },
      ];
    }),
  );
  const latest = new Map<string, PartnerEvent>();
  for (const event of fresh) latest.set(event.userId, event);
  for (const [userId, event] of latest) {
    const points = appended
      .filter((entry) => entry.user_id === userId)
      .reduce((sum, entry) => sum + entry.points, 0);
    if (points > 0) {
      const at = event.occurredAt.toISOString();
      await ledger.addToTotals(trx, userId, {
        balance: points,
        tierPoints: countsTowardsTier('earned') ? points : 0,
        updatedAt: at,
      });
      await recomputeTier(trx, userId, event.occurredAt);
    }
  }
  // Counts only grow within the batch, so checking each partner's challenges once per kind and
  // moment after every event is recorded completes exactly what checking after each would.
  const moments = new Map<string, PartnerEvent>();
  for (const event of fresh) {
    moments.set(`${event.userId} ${event.kind} ${event.occurredAt.toISOString()}`, event);
  }
  for (const event of moments.values()) await advanceChallenges(trx, event);
  // A refresh reads all the partner's events so far, so one after the batch completes what each
  // event's would.
  for (const [userId, event] of latest) {
    await refreshSteps(trx, userId, event.occurredAt, rules.get(event.kind)!.validDays);
  }
  return fresh.length;
}
