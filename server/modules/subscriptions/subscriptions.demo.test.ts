import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import { PRACTICE_MARKETS } from '~core/practices';
import { findUserBySubject, seedDemoUsers } from '~server/modules/identity';
import { describeEachDialect } from '~tests/support/dialects.ts';
import {
  CHANGE_KINDS,
  changeFiltersFrom,
  findOwnSubscription,
  listPlans,
  practiceChanges,
  practiceClients,
  seedDemoSubscriptions,
} from './index.ts';

const NOW = new Date('2026-11-26T01:00:00Z');
const ISSUER = 'https://help.example/auth/demo';

describeEachDialect('the subscriptions demo', (database) => {
  it('sells plans in every market and gives the demo practice clients with every kind of change', async () => {
    const { db } = database();
    await seedDemoUsers(db, ISSUER);
    const practice = {
      id: randomUUID(),
      name: 'Raman Partners',
      market: 'AU' as const,
      tier: 'silver',
    };
    await seedDemoSubscriptions(db, ISSUER, practice, NOW);
    await seedDemoSubscriptions(db, ISSUER, practice, NOW);
    for (const market of PRACTICE_MARKETS) expect(await listPlans(db, market)).toHaveLength(3);
    expect(await practiceClients(db, practice.id)).toHaveLength(6);
    const kinds = new Set(
      (await practiceChanges(db, practice.id, changeFiltersFrom(new URLSearchParams()))).map(
        (change) => change.kind,
      ),
    );
    expect([...kinds].sort()).toEqual([...CHANGE_KINDS].sort());
    const mia = await findUserBySubject(db, ISSUER, 'demo-customer');
    const own = await findOwnSubscription(db, { id: mia!.id, name: 'Mia Chen', email: '' }, NOW);
    expect(own).toMatchObject({
      businessName: 'Chen Bakery',
      status: 'active',
      billedTo: 'client',
    });
  });
});
