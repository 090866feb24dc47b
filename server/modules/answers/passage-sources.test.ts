import { beforeAll, expect, it } from 'vitest';
import { testConfig } from '~tests/support/config.ts';
import { describeEachDialect } from '~tests/support/dialects.ts';
import { importContent } from '~server/modules/content';
import { importCommunityOnFirstStart } from '~server/modules/community';
import { acceptedAnswerPassages, DEFAULT_PASSAGE_SOURCES } from './passage-sources.ts';

const CONTENT_DIR = 'content';
const config = testConfig();
const quiet = { info: () => {}, error: () => {} };

describeEachDialect('accepted community answers as passages', (database) => {
  beforeAll(async () => {
    const report = await importContent(database().db, CONTENT_DIR, config);
    expect(report.ok).toBe(true);
    await importCommunityOnFirstStart(
      database().db,
      { contentDir: CONTENT_DIR, siteUrl: config.siteUrl },
      quiet,
    );
  }, 120_000);

  it('gives one passage per accepted answer, under its discussion, cited as the discussion', async () => {
    const db = database().db;
    const accepted = await db
      .selectFrom('community_discussion')
      .innerJoin('community_post', 'community_post.id', 'community_discussion.best_answer_id')
      .select(['community_discussion.id', 'community_discussion.title', 'community_post.body_text'])
      .where('community_discussion.hidden', '=', 0)
      .execute();
    expect(accepted.length).toBeGreaterThan(10);

    const passages = await acceptedAnswerPassages.load(db);
    expect(passages.map((passage) => passage.name).sort()).toEqual(
      accepted.map((row) => row.id).sort(),
    );
    const first = accepted[0]!;
    const passage = passages.find((candidate) => candidate.name === first.id);
    expect(passage).toMatchObject({
      heading: first.title,
      text: first.body_text,
      document: { unique_id: first.id, click_uri: `/s/question/${first.id}` },
    });
  });

  it('leaves out the accepted answer of a hidden discussion', async () => {
    const db = database().db;
    const [passage] = await acceptedAnswerPassages.load(db);
    await db
      .updateTable('community_discussion')
      .set({ hidden: 1 })
      .where('id', '=', passage!.name)
      .execute();
    const names = (await acceptedAnswerPassages.load(db)).map((candidate) => candidate.name);
    expect(names).not.toContain(passage!.name);
  });

  it('is among the sources every answer draws on', () => {
    expect(DEFAULT_PASSAGE_SOURCES).toContain(acceptedAnswerPassages);
  });
});
