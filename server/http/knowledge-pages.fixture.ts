import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect } from 'vitest';
import { testConfig } from '~tests/support/config.ts';
import { buildPortalServer } from '../app.ts';
import type { PortalDatabase } from '../db/database.ts';
import { copyOfBasicFixture, FIXTURE_SETTINGS } from '~server/modules/content/content.fixture.ts';
import { findArticle, importContent, listSitemapEntries } from '~server/modules/content';

/* What the tests of the knowledge-base pages over HTTP share: the portal and its content. */

export const config = testConfig();

/** An article whose Markdown tries every trick the sanitiser must stop. */
const UNSAFE_ARTICLE = `---
urlName: unsafe-markup
title: Unsafe markup
summary: An article whose body tries to run script.
products: [accounting]
audiences: [small-business]
topics: [reconciliation]
team: Banking
created: 2025-01-01
updated: 2025-01-02
---

Intro text.

<script>window.__ran = true;</script>

<p onclick="window.__ran = true" style="color: red" color="red">Styled text</p>

[Bad link](javascript:window.__ran=true) and <a href="javascript:window.__ran=true">raw bad link</a>

<iframe src="https://www.youtube.com/embed/abc123"></iframe>

<iframe src="https://evil.example/frame">fallback</iframe>

Visit https://bank.example.com/help for more.
`;

const VIDEO_ARTICLE = `---
urlName: watch-a-video
title: Watch a video
summary: An article with a video.
products: [accounting, payroll]
audiences: [small-business]
topics: [reconciliation]
team: Banking
created: 2025-01-01
updated: 2025-08-05
---

## Watch

<iframe src="https://player.vimeo.com/video/76979871" title="Reconcile in two minutes"></iframe>
`;

export type KnowledgePages = Awaited<ReturnType<typeof openKnowledgePages>>;

/**
 * The portal with the basic content and the two articles above, and the record ids of a guide,
 * a topic and the article 'connect-a-bank-feed'. `release` removes the copied content folder.
 */
export async function openKnowledgePages(database: PortalDatabase) {
  const fixture = await copyOfBasicFixture();
  try {
    await writeFile(join(fixture.dir, 'articles', 'banking', 'unsafe-markup.md'), UNSAFE_ARTICLE);
    await writeFile(join(fixture.dir, 'articles', 'banking', 'watch-a-video.md'), VIDEO_ARTICLE);
    const report = await importContent(database.db, fixture.dir, FIXTURE_SETTINGS);
    expect(report.issues).toEqual([]);
    const entries = await listSitemapEntries(database.db);
    const idOf = (pageKey: string) =>
      entries.flatMap((entry) =>
        'pageKey' in entry && entry.pageKey === pageKey ? [entry.params.id ?? ''] : [],
      )[0] ?? '';
    const articleId = (await findArticle(database.db, 'connect-a-bank-feed'))?.id ?? '';
    const app = await buildPortalServer({ config, database });
    return {
      app,
      get: (url: string) => app.inject({ method: 'GET', url }),
      release: fixture.release,
      guideId: idOf('guide'),
      topicId: idOf('topic'),
      articleId,
    };
  } catch (error) {
    await fixture.release();
    throw error;
  }
}
