// The case classifier's accuracy and speed (docs/cases.md, "Measured"). The Frappe Books
// documentation (eval/search/frappe-books, MIT licence) is imported as a portal's help content
// into a fresh SQLite database. Two measures against always answering the most common label:
//   1. its articles (title and summary) by first-level topic, every fifth held out;
//   2. the visitors' questions of the search evaluation, each labelled with the topic of the
//      article that answers it, classified by a model trained on all the articles.
// Then the time of a proposal as the raise flow asks for it (stored model, read and used), and
// the proposal while typing through real HTTP (typing-proposal-bench.ts): the built portal with
// its demo content, customers typing the answer evaluation's questions (eval/answers.yaml).
//
//   npm run bench:classifier      (BENCH_DATABASE_URL=postgres://… for the HTTP part on PostgreSQL)
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import { parse } from 'yaml';
import { accuracy, heldOutSplit, trainClassifier, type LabelledText } from '~core/cases';
import { parseConfig } from '~server/config.ts';
import { createDatabase } from '~server/db/database.ts';
import { migrateToLatest } from '~server/db/migrate.ts';
import { proposeClassification, retrainCaseClassifiers } from '~server/modules/cases';
import { importContent } from '~server/modules/content';
import { benchTypingProposals } from './typing-proposal-bench.ts';

const CORPUS = join(import.meta.dirname, '..', 'eval', 'search', 'frappe-books');
const ROUNDS = 20;

const percent = (share: number) => `${(share * 100).toFixed(1)}%`;
const quantile = (sorted: readonly number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;

async function main() {
  const directory = await mkdtemp(join(tmpdir(), 'bench-classifier-'));
  const database = await createDatabase(`sqlite:${join(directory, 'portal.db')}`);
  try {
    await migrateToLatest(database);
    const parsed = parseConfig({ NODE_ENV: 'test' });
    if (!parsed.ok) throw new Error(parsed.message);
    const report = await importContent(database.db, join(CORPUS, 'content'), parsed.config);
    if (!report.ok) throw new Error('The corpus did not import');
    const rows = await sql<{ url_name: string; title: string; summary: string; topic: string }>`
      select a.url_name, a.title, a.summary, coalesce(t.parent_id, t.id) as topic
      from kb_article a
      join kb_article_topic l on l.article_id = a.id and l.position = 0
      join kb_topic t on t.id = l.topic_id
      order by a.url_name`.execute(database.db);
    const articles: LabelledText[] = rows.rows.map((row) => ({
      text: `${row.title}\n${row.summary}`,
      label: row.topic,
    }));
    const topicOf = new Map(rows.rows.map((row) => [row.url_name, row.topic]));
    const { queries } = parse(await readFile(join(CORPUS, 'queries.yaml'), 'utf8')) as {
      queries: { q: string; expect: string[] }[];
    };
    const questions: LabelledText[] = queries.flatMap((query) => {
      const label = query.expect[0] ? topicOf.get(query.expect[0]) : undefined;
      return label ? [{ text: query.q, label }] : [];
    });

    const split = heldOutSplit(articles);
    const heldOut = accuracy(trainClassifier(split.training), split.testing);
    const asked = accuracy(trainClassifier(articles), questions);
    const labels = new Set(articles.map((example) => example.label)).size;
    console.log(`${articles.length} articles in ${labels} topics; ${questions.length} questions`);
    console.log(
      `Held-out articles (${split.testing.length}): accuracy ${percent(heldOut.accuracy)}, most common topic ${percent(heldOut.baseline)}`,
    );
    console.log(
      `Visitors' questions (${questions.length}): accuracy ${percent(asked.accuracy)}, most common topic ${percent(asked.baseline)}`,
    );

    const trainStart = performance.now();
    await retrainCaseClassifiers(database.db, new Date());
    console.log(
      `Training and storing the models: ${(performance.now() - trainStart).toFixed(0)} ms`,
    );
    const times: number[] = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      for (const question of questions) {
        const start = performance.now();
        await proposeClassification(database.db, 'customer', question.text);
        times.push(performance.now() - start);
      }
    }
    times.sort((a, b) => a - b);
    console.log(
      `Proposal (stored model, SQLite), ${times.length} calls: p50 ${quantile(times, 0.5).toFixed(2)} ms, p95 ${quantile(times, 0.95).toFixed(2)} ms`,
    );
  } finally {
    await database.close();
    await rm(directory, { recursive: true, force: true });
  }
}

await main();
await benchTypingProposals();
