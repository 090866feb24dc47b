import { randomUUID } from 'node:crypto';
import type { Insertable, Kysely } from 'kysely';
import { addDays } from '~core/subscriptions';
import type { Database } from '~server/db/schema.ts';
import { findUserBySubject } from '~server/modules/identity';
import { seedSubscriptionCatalogue } from './catalogue.service.ts';
import { auditEntry, changeRow, type ChangeFacts } from './history.ts';
import * as repository from './subscriptions.repository.ts';
import type { BuyingPractice } from './subscriptions.context.ts';
import type { SubscriptionTable } from './subscriptions.tables.ts';

/*
 * The subscriptions' demo: the catalogue in every market; the demo practice's clients with a
 * history of changes (bought, upgraded, moved to the client's billing, cancelled); and the demo
 * customer Mia Chen's own subscription, which that practice looks after and she pays for. A
 * second start finds the clients and writes nothing.
 */

interface DemoClient {
  name: string;
  plan: string;
  daysAgo: number;
  billedTo: 'practice' | 'client';
  status: 'invited' | 'active' | 'cancelled';
  later?: Omit<ChangeFacts, 'effectiveDate' | 'currency'> & { daysAgo: number };
}

const CLIENTS: readonly DemoClient[] = [
  {
    name: 'Harbour Cafe',
    plan: 'standard',
    daysAgo: 400,
    billedTo: 'practice',
    status: 'active',
    later: {
      kind: 'downgraded',
      fromPlan: 'premium',
      toPlan: 'standard',
      detail: 'Changed by the customer',
      amountMinor: -625,
      daysAgo: 90,
    },
  },
  {
    name: 'Wattle Joinery',
    plan: 'premium',
    daysAgo: 200,
    billedTo: 'practice',
    status: 'active',
    later: {
      kind: 'upgraded',
      fromPlan: 'standard',
      toPlan: 'premium',
      detail: 'Changed by the customer',
      amountMinor: 1_250,
      daysAgo: 45,
    },
  },
  {
    name: 'Bondi Surf School',
    plan: 'standard',
    daysAgo: 150,
    billedTo: 'client',
    status: 'active',
    later: {
      kind: 'transferred',
      fromPlan: 'standard',
      toPlan: 'standard',
      detail: "Billing moved to the client's own account, approved by the client",
      amountMinor: 3_033,
      daysAgo: 20,
    },
  },
  {
    name: 'Newtown Florist',
    plan: 'starter',
    daysAgo: 120,
    billedTo: 'practice',
    status: 'cancelled',
    later: {
      kind: 'cancelled',
      fromPlan: 'starter',
      toPlan: null,
      detail: 'Cancelled by the customer at the end of the billing period',
      amountMinor: 0,
      daysAgo: 10,
    },
  },
  {
    name: 'Paddington Dental',
    plan: 'starter',
    daysAgo: 3,
    billedTo: 'practice',
    status: 'invited',
  },
];

export async function seedDemoSubscriptions(
  db: Kysely<Database>,
  issuer: string,
  practice: BuyingPractice | undefined,
  now: Date,
): Promise<void> {
  await seedSubscriptionCatalogue(db, now);
  if (!practice || (await repository.listPracticeSubscriptions(db, practice.id)).length > 0) return;
  const mia = await findUserBySubject(db, issuer, 'demo-customer');
  const today = now.toISOString().slice(0, 10);
  const at = (daysAgo: number) => new Date(now.getTime() - daysAgo * 86_400_000).toISOString();
  const clients: readonly (DemoClient & { ownerId?: string; email?: string })[] = [
    ...CLIENTS,
    ...(mia
      ? [
          {
            name: 'Chen Bakery',
            plan: 'standard',
            daysAgo: 60,
            billedTo: 'client' as const,
            status: 'active' as const,
            ownerId: mia.id,
            email: mia.email ?? undefined,
          },
        ]
      : []),
  ];
  const rows: Insertable<SubscriptionTable>[] = clients.map((client) => ({
    id: randomUUID(),
    market: practice.market,
    plan_code: client.plan,
    business_name: client.name,
    contact_email:
      client.email ?? `office@${client.name.toLowerCase().replace(/\W+/g, '')}.example`,
    owner_user_id: client.ownerId ?? null,
    practice_id: practice.id,
    billed_to: client.billedTo,
    status: client.status,
    start_date: addDays(today, -client.daysAgo),
    ends_on: client.status === 'cancelled' ? addDays(today, 20) : null,
    order_id: null,
    created_at: at(client.daysAgo),
    updated_at: at(client.later?.daysAgo ?? client.daysAgo),
  }));
  const currency = (await repository.findPlan(db, practice.market, 'standard'))?.currency ?? '';
  await db.transaction().execute(async (trx) => {
    await repository.insertSubscriptions(trx, rows);
    await repository.insertChanges(
      trx,
      rows.flatMap((row, index) => {
        const client = clients[index]!;
        const bought = changeRow(
          row as SubscriptionTable,
          {
            kind: 'new',
            fromPlan: null,
            toPlan: client.later?.fromPlan ?? client.plan,
            detail: `Bought by ${practice.name}`,
            effectiveDate: row.start_date,
            amountMinor: 0,
            currency,
          },
          at(client.daysAgo),
        );
        if (!client.later) return [bought];
        const { daysAgo, ...facts } = client.later;
        return [
          bought,
          changeRow(
            row as SubscriptionTable,
            { ...facts, effectiveDate: addDays(today, -daysAgo), currency },
            at(daysAgo),
          ),
        ];
      }),
    );
    await repository.insertAuditEntries(
      trx,
      rows.map((row) =>
        auditEntry('subscription', row.id, 'created', 'demo', { demo: true }, row.created_at),
      ),
    );
  });
}
