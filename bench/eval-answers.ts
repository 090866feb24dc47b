// Answer quality: on a fresh SQLite database with a corpus imported, the share of answerable
// questions whose answer cites the expected content, and the share of unanswerable questions
// that are declined. By default the corpus is the demo content of content/ (with its community)
// and the questions eval/answers.yaml; `--corpus frappe-books` takes the search evaluation's
// public corpus (eval/search/frappe-books) and its answers.yaml instead. `--verbose` lists
// every miss.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'yaml';
import { z } from 'zod';
import { parseConfig } from '~server/config.ts';
import { createDatabase } from '~server/db/database.ts';
import { migrateToLatest } from '~server/db/migrate.ts';
import { createAnswersService } from '~server/modules/answers';
import { importCommunityOnFirstStart } from '~server/modules/community';
import { importContent } from '~server/modules/content';

const ROOT = join(import.meta.dirname, '..');
const TARGETS = { cited: 0.85, declined: 0.9 };

interface Corpus {
  name: string;
  contentDir: string;
  questions: string;
  /** The demo content comes with a community whose accepted answers are cited too. */
  withCommunity: boolean;
}

const CORPORA: Record<string, Corpus> = {
  demo: {
    name: 'the demo content',
    contentDir: join(ROOT, 'content'),
    questions: join(ROOT, 'eval', 'answers.yaml'),
    withCommunity: true,
  },
  'frappe-books': {
    name: 'the Frappe Books guide',
    contentDir: join(ROOT, 'eval', 'search', 'frappe-books', 'content'),
    questions: join(ROOT, 'eval', 'search', 'frappe-books', 'answers.yaml'),
    withCommunity: false,
  },
};

function chosenCorpus(): Corpus {
  const flag = process.argv.indexOf('--corpus');
  const name = flag === -1 ? 'demo' : (process.argv[flag + 1] ?? '');
  const corpus = CORPORA[name];
  if (!corpus) throw new Error(`--corpus is one of ${Object.keys(CORPORA).join(', ')}`);
  return corpus;
}

const evalSetSchema = z.object({
  answerable: z
    .array(
      z.object({
        q: z.string().min(1),
        region: z.string().optional(),
        hub: z.string().optional(),
        /** Url names (articles) or slugs (guides, glossary entries); citing any one counts. */
        cite: z.array(z.string().min(1)).min(1),
      }),
    )
    .min(40),
  unanswerable: z.array(z.object({ q: z.string().min(1), region: z.string().optional() })).min(10),
});

function percent(share: number): string {
  return `${(share * 100).toFixed(1)}%`;
}

async function main() {
  const verbose = process.argv.includes('--verbose');
  const corpus = chosenCorpus();
  const set = evalSetSchema.parse(parse(await readFile(corpus.questions, 'utf8')));
  const parsed = parseConfig({ NODE_ENV: 'test', CONTENT_DIR: corpus.contentDir });
  if (!parsed.ok) throw new Error(parsed.message);
  const config = parsed.config;
  const supportHub = `${config.prefix}_GlobalSearch`;

  const directory = await mkdtemp(join(tmpdir(), 'eval-answers-'));
  const database = await createDatabase(`sqlite:${join(directory, 'portal.db')}`);
  try {
    await migrateToLatest(database);
    const report = await importContent(database.db, config.contentDir, config);
    if (!report.ok) throw new Error(`${corpus.name} did not import`);
    // Answers draw on accepted community answers too, as they do on a running portal.
    if (corpus.withCommunity) {
      await importCommunityOnFirstStart(
        database.db,
        { contentDir: config.contentDir, siteUrl: config.siteUrl },
        { info: () => {}, error: (line) => console.error(line) },
      );
    }
    const names = new Map(
      (
        await database.db
          .selectFrom('search_document')
          .select(['unique_id', 'sfurlname', 'click_uri'])
          .execute()
      ).map((row) => [row.unique_id, row.sfurlname ?? row.click_uri.split('/').at(-1) ?? '']),
    );
    const service = createAnswersService({ database, site: config });
    const ask = (q: string, region?: string, hub?: string) =>
      service.answer(
        { q, searchHub: hub ?? supportHub, ...(region ? { userRegion: region } : {}) },
        {},
      );

    const started = performance.now();
    let cited = 0;
    for (const item of set.answerable) {
      const answer = await ask(item.q, item.region, item.hub);
      const citedNames = answer.citations.map((citation) => names.get(citation.id) ?? '');
      const ok = !answer.declined && item.cite.some((name) => citedNames.includes(name));
      if (ok) cited += 1;
      else if (verbose) {
        console.log(`MISS  ${item.q} [${item.region ?? '-'}] expected ${item.cite.join(' | ')}`);
        console.log(`      got ${answer.declined ? 'no answer' : citedNames.join(', ')}`);
      }
    }
    let declined = 0;
    for (const item of set.unanswerable) {
      const answer = await ask(item.q, item.region);
      if (answer.declined) declined += 1;
      else if (verbose) {
        console.log(`ANSWERED  ${item.q}`);
        console.log(`      ${answer.sentences.join(' ')}`);
      }
    }
    const elapsed = performance.now() - started;
    const cachedStarted = performance.now();
    for (const item of set.answerable) await ask(item.q, item.region, item.hub);
    const cachedEach = (performance.now() - cachedStarted) / set.answerable.length;
    const citedShare = cited / set.answerable.length;
    const declinedShare = declined / set.unanswerable.length;
    const questions = set.answerable.length + set.unanswerable.length;
    console.log(`Corpus: ${corpus.name}`);
    console.log(
      `Answerable questions citing the expected content: ${cited}/${set.answerable.length} = ${percent(citedShare)} (target ${percent(TARGETS.cited)})`,
    );
    console.log(
      `Unanswerable questions declined: ${declined}/${set.unanswerable.length} = ${percent(declinedShare)} (target ${percent(TARGETS.declined)})`,
    );
    console.log(
      `${questions} questions in ${elapsed.toFixed(0)} ms: ${(elapsed / questions).toFixed(1)} ms each uncached (the first also loads the passages), ${cachedEach.toFixed(1)} ms each from the answer cache`,
    );
    if (citedShare < TARGETS.cited || declinedShare < TARGETS.declined) process.exitCode = 1;
  } finally {
    await database.close();
    await rm(directory, { recursive: true, force: true });
  }
}

await main();
