import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { describeEachDialect } from '~tests/support/dialects.ts';
import { containsBannedWords, parseBannedWords } from '~core/community';
import { contentForSearch, importContent } from '~server/modules/content';
import { GUEST } from '~server/modules/identity';
import { findSearchDocument, recommend, searchProviderFor } from '~server/modules/search';
import { getDiscussion } from '../discussions/discussions.service.ts';
import { listIdeas } from '../ideas/ideas.service.ts';
import { getCommunityHome } from '../members/community-home.service.ts';
import { demoIds, demoProblems, readCommunityDemo, type CommunityDemo } from './community-demo.ts';
import { importCommunityOnFirstStart } from './community-first-start.ts';

const CONTENT = `${resolve('content')}/`;
const SITE = 'http://portal.test';

async function topicSlugs(): Promise<Set<string>> {
  type Topic = { slug: string; children?: Topic[] };
  const tree = parseYaml(await readFile(`${CONTENT}topics.yaml`, 'utf8')) as Topic[];
  const slugs = new Set<string>();
  const walk = (topics: Topic[]) => {
    for (const topic of topics) {
      slugs.add(topic.slug);
      walk(topic.children ?? []);
    }
  };
  walk(tree);
  return slugs;
}

describe('the community demo content', () => {
  let demo: CommunityDemo;
  beforeAll(async () => {
    demo = await readCommunityDemo(`${CONTENT}community`);
  });

  it('refers only to known members and topics, with one best answer at most', async () => {
    expect(demoProblems(demo, await topicSlugs())).toEqual([]);
  });

  it('has at least 60 answered discussions, many with a best answer, and 15 voted ideas', () => {
    const answered = demo.discussions.filter((d) => d.answers.length > 0);
    expect(answered.length).toBeGreaterThanOrEqual(60);
    const best = answered.filter((d) => d.answers.some((answer) => answer.best));
    expect(best.length).toBeGreaterThanOrEqual(40);
    expect(demo.ideas.length).toBeGreaterThanOrEqual(15);
    expect(demo.ideas.every((idea) => idea.voters.length > 0)).toBe(true);
  });

  it('holds no banned words', async () => {
    const list = parseBannedWords(
      await readFile(resolve('public/resource/banned-words.txt'), 'utf8'),
    );
    const texts = [
      ...demo.discussions.flatMap((d) => [
        d.title,
        d.body,
        ...d.comments.map((c) => c.body),
        ...d.answers.flatMap((a) => [a.body, ...a.comments.map((c) => c.body)]),
      ]),
      ...demo.ideas.flatMap((idea) => [idea.title, idea.body, ...idea.comments.map((c) => c.body)]),
      ...demo.members.map((member) => member.about),
    ];
    expect(texts.filter((text) => containsBannedWords(list, text))).toEqual([]);
  });

  it('reports unknown members, topics and a second best answer', () => {
    const broken: CommunityDemo = {
      members: [{ key: 'a', subject: 's', firstName: 'A', lastName: 'B', about: '' }],
      ideas: [],
      discussions: [
        {
          slug: 'x',
          title: 'A title long enough',
          author: 'nobody',
          topics: ['nowhere'],
          daysAgo: 1,
          body: 'Body',
          upvoters: [],
          comments: [],
          answers: [
            { author: 'a', hoursLater: 1, body: 'One', best: true, upvoters: ['a'], comments: [] },
            { author: 'a', hoursLater: 2, body: 'Two', best: true, upvoters: [], comments: [] },
          ],
        },
      ],
    };
    expect(demoProblems(broken, new Set())).toEqual([
      'x: unknown member "nobody"',
      'x: unknown topic "nowhere"',
      'x: more than one best answer',
      'x: upvotes own answer',
    ]);
  });
});

describeEachDialect('loading the community demo at first start', (database) => {
  const lines: string[] = [];
  const log = {
    info: (line: string) => lines.push(line),
    error: (line: string) => lines.push(line),
  };

  beforeAll(async () => {
    const report = await importContent(database().db, CONTENT, {
      brand: 'Ledgerleaf',
      product: 'Ledgerleaf',
      appsHost: 'https://apps.ledgerleaf.example',
    });
    expect(report.ok).toBe(true);
    await importCommunityOnFirstStart(database().db, { contentDir: CONTENT, siteUrl: SITE }, log);
  }, 120_000);

  it('loads the discussions and ideas once, searchable', async () => {
    expect(lines.at(-1)).toMatch(/^Loaded the community demo content: \d+ discussions/);
    await importCommunityOnFirstStart(database().db, { contentDir: CONTENT, siteUrl: SITE }, log);
    expect(lines.filter((line) => line.startsWith('Loaded'))).toHaveLength(1);
    const context = { db: database().db, viewer: GUEST, siteUrl: SITE };
    const home = await getCommunityHome(context);
    expect(home.recent).toHaveLength(5);
    expect(home.unanswered.length).toBeGreaterThan(0);
    expect(home.leaderboard[0]?.bestAnswers).toBeGreaterThan(3);
    const id = demoIds.discussion('bank-feed-stopped-after-password-change');
    const discussion = await getDiscussion(context, id);
    expect(discussion).toMatchObject({
      answered: true,
      answerCount: 2,
      author: { name: 'Mia Chen' },
    });
    const document = await findSearchDocument(database().db, id);
    expect(document).toMatchObject({ sfcommentcount: 2, sffeeditemid: id });
    const ideas = await listIdeas(context);
    expect(ideas.length).toBeGreaterThanOrEqual(15);
    expect(ideas[0]?.voteCount).toBeGreaterThan(5);
  });

  it("answers the 'recent_discussions' recommendation tab with the newest discussions", async () => {
    const page = await recommend('recent_discussions', {
      database: database(),
      engine: searchProviderFor(database()),
      content: contentForSearch,
      now: new Date(),
      paging: { offset: 0, limit: 3 },
    });
    expect(page.total).toBeGreaterThanOrEqual(60);
    expect(page.results).toHaveLength(3);
    for (const result of page.results) {
      expect(result.raw).toMatchObject({ objecttype: 'FeedItem', sffeeditemid: result.uniqueId });
      expect(result.clickUri).toBe(`/s/question/${result.uniqueId}`);
    }
    expect(page.results[0]?.title).toBe('Bank rule that matches on the reference field only');
  });
});
