import { expect, it } from 'vitest';
import { isValidEmail } from '~core/validation';
import { findUserBySubject, seedDemoUsers } from '~server/modules/identity';
import { listOutbox } from '~server/modules/mail';
import { seedDemoPractices } from '~server/modules/practices';
import { describeEachDialect } from '~tests/support/dialects.ts';
import * as ledger from './ledger.repository.ts';
import { seedDemoServiceJobs } from './service-jobs.demo.ts';
import { listServiceJobs } from './service-jobs.service.ts';

const ISSUER = 'https://help.example/oidc';
const LINKS = { key: Buffer.alloc(32, 3), siteUrl: 'https://help.example' };

describeEachDialect('the managed-service jobs demo', (database) => {
  it('gives Priya’s practice jobs in every step, played through the engine, once', async () => {
    const { db } = database();
    await seedDemoUsers(db, ISSUER);
    await seedDemoPractices(db, ISSUER);
    await seedDemoServiceJobs(db, ISSUER, LINKS);
    await seedDemoServiceJobs(db, ISSUER, LINKS);
    const priya = await findUserBySubject(db, ISSUER, 'demo-partner-primary');
    const { practice, jobs } = await listServiceJobs(db, priya!.id);
    expect(practice?.name).toBe('Raman Partners');
    expect(jobs.map((job) => job.status).sort()).toEqual([
      'completed',
      'in-progress',
      'offered',
      'offered',
    ]);
    expect(jobs.find((job) => job.status === 'completed')).toMatchObject({ ours: true, rating: 5 });
    const credits = (await ledger.listEntries(db, priya!.id)).filter((entry) =>
      entry.source_event.startsWith('service-job:'),
    );
    expect(credits).toHaveLength(1);
  });

  it('mails its clients at addresses a mail server takes', async () => {
    const { db } = database();
    await seedDemoUsers(db, ISSUER);
    await seedDemoPractices(db, ISSUER);
    await seedDemoServiceJobs(db, ISSUER, LINKS);
    const recipients = (await listOutbox(db)).map((mail) => mail.recipient);
    expect(recipients).toContain('accounts@harbour-cafe.example');
    expect(recipients.filter((recipient) => !isValidEmail(recipient))).toEqual([]);
  });
});
