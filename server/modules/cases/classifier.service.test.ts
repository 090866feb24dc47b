import { beforeAll, expect, it } from 'vitest';
import { describeEachDialect } from '~tests/support/dialects.ts';
import { ensureSqliteTemplate, openSqliteCopy } from '~tests/support/database-templates.ts';
import { listTopics } from '~server/modules/content';
import {
  BANK_FEED_SUBJECTS,
  caseWorld,
  customerCase,
  PAYROLL_SUBJECTS,
  type CaseWorld,
} from './cases.fixture.ts';
import {
  markCaseSolved,
  proposeClassification,
  raiseCase,
  retrainCaseClassifiers,
} from './index.ts';

const BANK = BANK_FEED_SUBJECTS;
const PAY = PAYROLL_SUBJECTS;
const TRAINED_AT = new Date('2026-05-04T09:00:00.000Z');
const BANK_FEED_TEXT = 'My bank feed stopped bringing in transactions';

describeEachDialect('the case classifier', (database) => {
  let world: CaseWorld;
  let payroll: string;
  beforeAll(async () => {
    world = await caseWorld(database().db);
    payroll = (await listTopics(database().db)).find((topic) => topic.slug === 'payroll')?.id ?? '';
  });

  it('proposes nothing before it is trained', async () => {
    expect(await proposeClassification(database().db, 'customer', 'Bank feed stopped')).toEqual({});
  });

  it('learns categories and impact from solved cases, and proposes them for a new description', async () => {
    const solve = async (subject: string, categoryId: string, topicId: string, impact: string) => {
      const input = customerCase(world, { subject });
      const { id } = await raiseCase(world.as('owner'), {
        ...input,
        classification: { categoryId, topicId },
        details: { ...input.details, impact },
      });
      await markCaseSolved(world.as('agent'), id);
    };
    for (const subject of BANK) {
      await solve(subject, world.topics.banking, world.topics.bankFeeds, 'whole-business');
    }
    for (const subject of PAY) await solve(subject, payroll, '', 'just-me');
    // An open case teaches nothing: only solved ones say what the right category was.
    await raiseCase(world.as('owner'), customerCase(world, { subject: 'Pay run bank feed' }));
    const trained = await retrainCaseClassifiers(database().db, TRAINED_AT);
    expect(trained.impact).toBe(12);
    expect(trained.customer).toBeGreaterThanOrEqual(12);
    const bank = await proposeClassification(database().db, 'customer', BANK_FEED_TEXT);
    expect(bank.category).toMatchObject({
      categoryId: world.topics.banking,
      topicId: world.topics.bankFeeds,
    });
    expect(bank.category?.because).toContain('feed');
    expect(bank.impact?.impact).toBe('whole-business');
    const pay = await proposeClassification(
      database().db,
      'customer',
      'The pay run for an employee failed',
    );
    expect(pay.category).toMatchObject({ categoryId: payroll, topicId: '' });
    expect(pay.impact?.impact).toBe('just-me');
    expect(await proposeClassification(database().db, 'customer', 'Hello')).toEqual({});
  });

  it("proposes from each database's own models, even trained at the same moment", async () => {
    // Two portals in one process, as in the browser tests: the other has no solved cases.
    const other = await openSqliteCopy(await ensureSqliteTemplate());
    try {
      await retrainCaseClassifiers(other.database.db, TRAINED_AT);
      expect(await proposeClassification(other.database.db, 'customer', BANK_FEED_TEXT)).toEqual(
        {},
      );
      const bank = await proposeClassification(database().db, 'customer', BANK_FEED_TEXT);
      expect(bank.category?.topicId).toBe(world.topics.bankFeeds);
    } finally {
      await other.release();
    }
  });
});
