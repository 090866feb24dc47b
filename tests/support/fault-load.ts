/*
 * The mixed load of a fault run (fault-run.ts): guests reading the home page, an article and
 * search results, and leaving article feedback (a write the portal acknowledges), spread over
 * the web processes the way a load balancer would: round robin, and on to the next process when
 * one refuses the connection.
 */

export interface LoadTally {
  requests: number;
  /** Answers by status, and 'network' for requests no process answered. */
  byStatus: Map<string, number>;
  /**
   * Each 5xx answer: when its request was sent and when the answer came back (ms since the run
   * started), from where, and what it said.
   */
  serverErrors: { sentAtMs: number; atMs: number; backend: string; status: number; said: string }[];
  /**
   * When each process answered a request that read or wrote the database just then (ms since
   * the start): article pages rendered for the request, and feedback posts.
   */
  pageAnswers: { atMs: number; backend: string; status: number }[];
  /** Guests' pages served as last rendered, because the database could not be reached. */
  keptPagesServed: number;
  /** Requests that went to the next process because one did not answer. */
  failovers: number;
  /** The feedback comments the portal acknowledged as stored. */
  acknowledgedWrites: string[];
  latenciesMs: number[];
}

export interface LoadSettings {
  backends: () => readonly string[];
  paths: { home: string; article: string; search: string };
  connections: number;
  /** When the load ends (epoch ms); asked again as it runs, so a run can be lengthened. */
  until: () => number;
  startedAt: number;
}

function count(tally: LoadTally, key: string): void {
  tally.byStatus.set(key, (tally.byStatus.get(key) ?? 0) + 1);
}

let turn = 0;

/** One request through the "load balancer": each process in turn, the next when one fails. */
async function balanced(
  settings: LoadSettings,
  tally: LoadTally,
  path: string,
  init: RequestInit = {},
): Promise<{ response: Response; backend: string } | undefined> {
  const backends = settings.backends();
  const first = turn++ % backends.length;
  for (let offset = 0; offset < backends.length; offset += 1) {
    const backend = backends[(first + offset) % backends.length];
    try {
      const response = await fetch(`${backend}${path}`, { ...init, redirect: 'manual' });
      return { response, backend: backend ?? '' };
    } catch {
      // Refused or reset: the process is gone; the balancer tries the next one.
      if (offset + 1 < backends.length) tally.failovers += 1;
    }
  }
  return undefined;
}

async function timed(
  settings: LoadSettings,
  tally: LoadTally,
  path: string,
  init?: RequestInit,
): Promise<{ status: number; body: string; headers: Headers } | undefined> {
  const started = performance.now();
  const sentAtMs = Date.now() - settings.startedAt;
  tally.requests += 1;
  const answer = await balanced(settings, tally, path, init);
  if (!answer) {
    count(tally, 'network');
    return undefined;
  }
  const { response, backend } = answer;
  const body = await response.text().catch(() => '');
  const atMs = Date.now() - settings.startedAt;
  tally.latenciesMs.push(performance.now() - started);
  count(tally, String(response.status));
  if (response.status >= 500) {
    const said = /<title>([^<]*)<\/title>/.exec(body)?.[1] ?? body.slice(0, 80);
    tally.serverErrors.push({ sentAtMs, atMs, backend, status: response.status, said });
  }
  // A page from the guest page cache says nothing about the database (guest-pages.ts).
  const cache = response.headers.get('x-portal-cache');
  if (cache === 'stale') tally.keptPagesServed += 1;
  if (path === settings.paths.article && cache !== 'hit' && cache !== 'stale') {
    tally.pageAnswers.push({ atMs, backend, status: response.status });
  }
  return { status: response.status, body, headers: response.headers };
}

/** One connection's loop: a mix of reads and a write, until the run ends. */
async function visitor(settings: LoadSettings, tally: LoadTally, id: number): Promise<void> {
  let writes = 0;
  for (let step = 0; Date.now() < settings.until(); step += 1) {
    const pick = step % 10;
    if (pick < 3) {
      await timed(settings, tally, settings.paths.home);
    } else if (pick < 6) {
      await timed(settings, tally, settings.paths.article);
    } else if (pick < 8) {
      await timed(settings, tally, settings.paths.search);
    } else {
      writes += 1;
      const comment = `fault-run-${id}-${writes}`;
      const answer = await timed(settings, tally, settings.paths.article, {
        method: 'POST',
        // A guest's form from the article page itself, as its browser sends it.
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          'sec-fetch-site': 'same-origin',
        },
        body: new URLSearchParams({ helpful: 'yes', comment }).toString(),
      });
      if (answer?.status === 200 && answer.body.includes('Thanks for your feedback.')) {
        tally.acknowledgedWrites.push(comment);
      }
    }
  }
}

export async function runLoad(settings: LoadSettings): Promise<LoadTally> {
  const tally: LoadTally = {
    requests: 0,
    byStatus: new Map(),
    serverErrors: [],
    pageAnswers: [],
    keptPagesServed: 0,
    failovers: 0,
    acknowledgedWrites: [],
    latenciesMs: [],
  };
  await Promise.all(
    Array.from({ length: settings.connections }, (_, id) => visitor(settings, tally, id)),
  );
  return tally;
}
