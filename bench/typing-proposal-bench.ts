// The proposal while a customer types (docs/cases.md, "Measured"), through real HTTP: the built
// portal on 127.0.0.1 with its demo content (SQLite, or BENCH_DATABASE_URL), its classifier
// trained by the worker right after the start. Each customer types one question of the answer
// evaluation (eval/answers.yaml, written the way customers ask) as the subject, then a
// description of the question and a line of context; typing pauses after every fourth word,
// and at each pause the page's request goes out: the time is from then to the parsed answer,
// as the page's script waits for it. First one customer at a time, then TYPISTS (10) at once.
//   Called by bench/case-classifier.ts (npm run bench:classifier).
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { parse } from 'yaml';
import { percentile } from '~core/insight';
import { CASE_PROPOSAL_API, proposalText, worthProposing } from '~core/cases';
import { createDatabase } from '~server/db/database.ts';
import { testConfig } from '~tests/support/config.ts';
import { startPortal } from '~tests/support/portal-process.ts';
import { signInAs, type SignedInSession } from '~tests/support/sessions.ts';

const BUDGET_P95_MS = 150;
const TYPISTS = Number(process.env.TYPISTS ?? 10);
const GAP_MS = Number(process.env.GAP_MS ?? 1_000);
const WORDS_BETWEEN_PAUSES = 4;
const CONTEXT = [
  'This started after the update last week and happens every time.',
  'I tried signing out and in again but nothing changed.',
  'Our accountant needs this fixed before the end of the month.',
  'It worked fine until yesterday and I have not changed any settings.',
  'The whole team is waiting on this, please help.',
];

interface Pause {
  subject: string;
  description: string;
}

/** The pauses of one customer typing: the subject first, then the description. */
function pausesOf(question: string, context: string): Pause[] {
  const pauses: Pause[] = [];
  const typed = (text: string, each: (sofar: string) => void) => {
    const words = text.split(' ');
    for (
      let end = WORDS_BETWEEN_PAUSES;
      end < words.length + WORDS_BETWEEN_PAUSES;
      end += WORDS_BETWEEN_PAUSES
    )
      each(words.slice(0, Math.min(end, words.length)).join(' '));
  };
  const subject = question.slice(0, 150);
  typed(subject, (sofar) => pauses.push({ subject: sofar, description: '' }));
  typed(`${question} ${context}`, (sofar) => pauses.push({ subject, description: sofar }));
  // The page asks only for texts with enough words (worthProposing).
  return pauses.filter((pause) => worthProposing(proposalText(pause.subject, pause.description)));
}

const summary = (name: string, times: readonly number[]) => {
  const p50 = percentile(times, 0.5) ?? 0;
  const p95 = percentile(times, 0.95) ?? 0;
  const verdict = p95 <= BUDGET_P95_MS ? 'within' : 'OVER';
  return `${name}: ${times.length} pauses, p50 ${p50.toFixed(1)} ms, p95 ${p95.toFixed(1)} ms (${verdict} ${BUDGET_P95_MS} ms)`;
};

export async function benchTypingProposals(): Promise<void> {
  const { answerable } = parse(
    await readFile(join(import.meta.dirname, '..', 'eval', 'answers.yaml'), 'utf8'),
  ) as { answerable: { q: string }[] };
  const portal = await startPortal({
    LOG_LEVEL: 'warn',
    ...(process.env.BENCH_DATABASE_URL ? { DATABASE_URL: process.env.BENCH_DATABASE_URL } : {}),
  });
  try {
    const database = await createDatabase(portal.databaseUrl);
    const config = testConfig();
    // One customer per question, each counting their own rate limit as real ones would.
    const customers: SignedInSession[] = [];
    for (let index = 0; index < answerable.length; index += 1)
      customers.push(await signInAs(database, `bench-typist-${index}`, config));
    await database.close();

    const ask = async (who: SignedInSession, pause: Pause) => {
      const started = performance.now();
      const response = await fetch(`${portal.baseUrl}${CASE_PROPOSAL_API}`, {
        method: 'POST',
        headers: {
          cookie: who.cookie,
          'x-csrf-token': who.csrfToken,
          'content-type': 'application/json',
        },
        body: JSON.stringify({ queue: 'customer', ...pause }),
      });
      const answer = (await response.json()) as { proposal: { categoryName: string } | null };
      if (!response.ok) throw new Error(`${response.status}: ${JSON.stringify(answer)}`);
      return { ms: performance.now() - started, proposed: answer.proposal !== null };
    };

    // The worker trains the models right after the start.
    const deadline = Date.now() + 60_000;
    const probe = {
      subject: 'Bank feed stopped',
      description: 'No transactions from the bank feed',
    };
    while (!(await ask(customers[0]!, probe)).proposed) {
      if (Date.now() > deadline) throw new Error('The classifier was not trained within 60 s');
      await new Promise((resolve) => setTimeout(resolve, 250));
    }

    const typing = answerable.map((question, index) =>
      pausesOf(question.q, CONTEXT[index % CONTEXT.length]!),
    );
    const one: number[] = [];
    let proposed = 0;
    for (const [index, pauses] of typing.entries()) {
      for (const pause of pauses) {
        const result = await ask(customers[index]!, pause);
        one.push(result.ms);
        if (result.proposed) proposed += 1;
      }
    }
    console.log(summary('Proposal while typing, over HTTP, one customer at a time', one));
    console.log(`  a category was proposed at ${proposed} of ${one.length} pauses`);

    // TYPISTS customers at once, the questions going round them: each typing for GAP_MS
    // between pauses (four words in a second is fast typing), then with no typing at all, so
    // that TYPISTS requests are always under way.
    const atOnce = async (gapMs: number) => {
      const times: number[] = [];
      let next = 0;
      await Promise.all(
        Array.from({ length: TYPISTS }, async () => {
          for (let index = next++; index < typing.length; index = next++) {
            for (const pause of typing[index]!) {
              if (gapMs > 0) await new Promise((resolve) => setTimeout(resolve, gapMs));
              times.push((await ask(customers[index]!, pause)).ms);
            }
          }
        }),
      );
      return times;
    };
    console.log(
      summary(
        `${TYPISTS} customers typing at once, a pause every ${GAP_MS} ms`,
        await atOnce(GAP_MS),
      ),
    );
    console.log(summary(`${TYPISTS} requests always under way (no typing)`, await atOnce(0)));
  } finally {
    await portal.stop();
  }
}
