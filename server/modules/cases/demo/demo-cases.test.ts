import { readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { describeEachDialect } from '~tests/support/dialects.ts';
import { builtInIssuer, findUserBySubject, seedDemoUsers } from '~server/modules/identity';
import { BASIC_FIXTURE, FIXTURE_SETTINGS } from '~server/modules/content/content.fixture.ts';
import { importContent } from '~server/modules/content';
import { CASE_STATUSES } from '~core/cases';
import { SITE } from '../cases.fixture.ts';
import { getCase, listCases, openCaseAttachment } from '../index.ts';
import { seedDemoCases } from './demo-cases.ts';

describeEachDialect('the demo cases', (database) => {
  it('gives the demo customer a case in every status and the practice contact its cases, once', async () => {
    const { db } = database();
    const issuer = builtInIssuer(SITE);
    await seedDemoUsers(db, issuer);
    expect(await seedDemoCases(db, issuer)).toBe(0); // no help topics yet
    await importContent(db, BASIC_FIXTURE, FIXTURE_SETTINGS);
    expect(await seedDemoCases(db, issuer)).toBeGreaterThan(0);
    expect(await seedDemoCases(db, issuer)).toBe(0);
    const as = async (subject: string) => {
      const user = await findUserBySubject(db, issuer, subject);
      if (!user) throw new Error(subject);
      return {
        db,
        viewer: { isGuest: false as const, user, sessionId: 's' },
        siteUrl: SITE,
        now: new Date(),
      };
    };
    const mia = await listCases(await as('demo-customer'), new URLSearchParams());
    expect(new Set(mia.cases.map((c) => c.status))).toEqual(new Set(CASE_STATUSES));
    const rated = mia.cases.find((c) => c.status === 'solved');
    expect((await getCase(await as('demo-customer'), rated?.id ?? '')).rating?.score).toBe(5);
    const priya = await listCases(
      await as('demo-partner-primary'),
      new URLSearchParams('tab=organisation'),
    );
    expect(priya.cases.map((c) => c.subject)).toContain(
      'Client subscription not showing under the practice',
    );
    const agentView = await getCase(await as('demo-agent'), rated?.id ?? '');
    expect(agentView.messages.map((m) => m.authorRole)).toContain('agent');
  });

  it('sends a log file with the demo customer’s new case, stored in the attachments folder', async () => {
    const { db } = database();
    const issuer = builtInIssuer(SITE);
    const dir = join(tmpdir(), `demo-case-files-${process.pid}`);
    await seedDemoUsers(db, issuer);
    await importContent(db, BASIC_FIXTURE, FIXTURE_SETTINGS);
    await db.deleteFrom('support_case').execute();
    try {
      expect(await seedDemoCases(db, issuer, new Date(), dir)).toBeGreaterThan(0);
      const user = await findUserBySubject(db, issuer, 'demo-customer');
      if (!user) throw new Error('demo-customer');
      const context = {
        db,
        viewer: { isGuest: false as const, user, sessionId: 's' },
        siteUrl: SITE,
        now: new Date(),
        attachmentsDir: dir,
      };
      const fresh = (await listCases(context, new URLSearchParams())).cases.find(
        (c) => c.status === 'new',
      );
      const view = await getCase(context, fresh?.id ?? '');
      expect(view.attachments.map((file) => file.fileName)).toEqual(['bank-feed-sync.log']);
      const file = await openCaseAttachment(context, view.attachments[0]?.id ?? '');
      expect(await readFile(file.path, 'utf8')).toContain('0 new transactions');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
