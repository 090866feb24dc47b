import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { createRouteContract } from '~core/routes';
import { createDatabase } from '~server/db/database.ts';
import { queueMail } from '~server/modules/mail';
import { runLoad, type LoadTally } from './fault-load.ts';
import { freePort, startPortal, type RunningPortal } from './portal-process.ts';
import { createPostgresCluster, postgresBinaries } from './postgres-cluster.ts';

/*
 * A fault run (docs/reliability.md): two web processes and a worker on a throwaway PostgreSQL
 * cluster, under a mixed load, while PostgreSQL restarts twice and one web process is killed
 * (and started again, as a supervisor would). Everything listens on 127.0.0.1.
 */

export interface FaultRunSettings {
  seconds: number;
  connections: number;
  /** Progress lines (the faults as they happen). */
  log?: (line: string) => void;
}

export interface Outage {
  stoppedAtMs: number;
  startedAtMs: number;
}

export interface FaultRunReport {
  /** How long the load ran: the planned time, or longer to see the last recovery. */
  seconds: number;
  connections: number;
  requests: number;
  byStatus: Record<string, number>;
  failovers: number;
  latencyP50Ms: number;
  latencyP99Ms: number;
  /** Processes that exited without being told to (the killed one not counted). */
  unexpectedExits: string[];
  outages: Outage[];
  /**
   * Per restart: from PostgreSQL being up again to the first article page (which reads the
   * database) answered 200 by each web process, the slower of the two.
   */
  recoveryMs: number[];
  serverErrorsInOutages: number;
  /** Guests' pages served as last rendered while the database could not be reached. */
  keptPagesServed: number;
  serverErrorsOutsideOutages: number;
  /** What the 5xx answers outside the outages said, with their count. */
  serverErrorsOutsideSaid: Record<string, number>;
  /** Per web process, per second of the run: article answers as '200:n 503:m'. */
  timeline: Record<string, string[]>;
  writesAcknowledged: number;
  writesLost: number;
  mailsQueued: number;
  mailsDelivered: number;
  mailsSentTwice: number;
  mailsMissing: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function percentile(values: number[], share: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return Math.round(sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))]!);
}

/** An SMTP server that counts each message by its Message-ID. */
async function startMailCatcher() {
  const received = new Map<string, number>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const id = /^Message-ID:\s*<([^@>]+)@/im.exec(Buffer.concat(chunks).toString())?.[1];
        if (id) received.set(id, (received.get(id) ?? 0) + 1);
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return { url: `smtp://127.0.0.1:${port}`, received, close: () => server.close() };
}

export async function runFaultRun(settings: FaultRunSettings): Promise<FaultRunReport> {
  const log = settings.log ?? (() => {});
  const bin = postgresBinaries();
  if (!bin) throw new Error('No PostgreSQL binaries (initdb, pg_ctl) for a throwaway cluster');
  const cluster = await createPostgresCluster(bin);
  const mail = await startMailCatcher();
  const contract = createRouteContract({
    product: 'portal',
    siteUrl: 'http://127.0.0.1',
    log: () => {},
  });
  const paths = {
    home: contract.path('home') ?? '/0/',
    article: '/s/article/connect-a-bank-feed',
    search: `${contract.path('search') ?? '/0/search'}?q=bank%20feed`,
  };
  const sitePort = await freePort();
  const env = {
    DATABASE_URL: cluster.url,
    SITE_URL: `http://127.0.0.1:${sitePort}`,
    SMTP_URL: mail.url,
    DATABASE_WAIT_SECONDS: '30',
    LOG_LEVEL: 'error',
  };
  const processes: { name: string; portal: RunningPortal; killed: boolean }[] = [];
  const unexpectedExits: string[] = [];
  const watch = (name: string, portal: RunningPortal) => {
    const entry = { name, portal, killed: false };
    processes.push(entry);
    void portal.exited().then(({ code, signal }) => {
      if (!entry.killed) {
        const last = portal.errors().trim().split('\n').slice(-30).join(' | ');
        unexpectedExits.push(`${name}: code ${code}, signal ${signal}: ${last}`);
      }
    });
    return entry;
  };
  let finished = false;
  try {
    watch('web 1', await startPortal(env, { role: 'web', port: sitePort }));
    let second = watch('web 2', await startPortal(env, { role: 'web' }));
    watch('worker', await startPortal(env, { role: 'worker' }));
    const backends = () =>
      processes
        .filter((entry) => entry.name.startsWith('web'))
        .map((entry) => entry.portal.baseUrl);

    const startedAt = Date.now();
    // The load goes on at least 8 s past the last restart, so recovery is always seen.
    let until = startedAt + settings.seconds * 1000;
    const at = (share: number) => startedAt + settings.seconds * 1000 * share;
    const load = runLoad({
      backends,
      paths,
      connections: settings.connections,
      until: () => until,
      startedAt,
    });

    // Mail queued by the portal's own function in its own transaction, as an event would.
    const writer = await createDatabase(cluster.url, { onConnectionError: () => {} });
    const queued: string[] = [];
    const mailLoop = (async () => {
      while (Date.now() < until) {
        const key = randomUUID();
        try {
          await queueMail(
            writer.db,
            [
              {
                eventKey: key,
                to: 'reader@example.com',
                subject: key,
                text: key,
                html: `<p>${key}</p>`,
              },
            ],
            new Date(),
          );
          const row = await writer.db
            .selectFrom('mail_outbox')
            .select('id')
            .where('event_key', '=', key)
            .executeTakeFirst();
          if (row) queued.push(row.id);
        } catch {
          // The database is restarting: this mail was never acknowledged.
        }
        await sleep(100);
      }
    })();

    const outages: Outage[] = [];
    const restartDatabase = async (share: number) => {
      await sleep(Math.max(0, at(share) - Date.now()));
      const stoppedAtMs = Date.now() - startedAt;
      log(`PostgreSQL stops at ${(stoppedAtMs / 1000).toFixed(1)} s`);
      await cluster.stop();
      await sleep(2000);
      await cluster.start();
      outages.push({ stoppedAtMs, startedAtMs: Date.now() - startedAt });
      until = Math.max(until, Date.now() + 8000);
      log(`PostgreSQL is back at ${((Date.now() - startedAt) / 1000).toFixed(1)} s`);
    };
    // The restarts and the kill run on their own schedules, side by side.
    const killed: string[] = [];
    const killing = (async () => {
      await sleep(Math.max(0, at(0.45) - Date.now()));
      log(`web 2 is killed at ${((Date.now() - startedAt) / 1000).toFixed(1)} s`);
      second.killed = true;
      killed.push(second.portal.baseUrl);
      second.portal.kill('SIGKILL');
      await second.portal.exited();
      await second.portal.stop();
      processes.splice(processes.indexOf(second), 1);
      second = watch('web 2', await startPortal(env, { role: 'web' }));
      log(`web 2 is back at ${((Date.now() - startedAt) / 1000).toFixed(1)} s`);
    })();
    const restarts = (async () => {
      await restartDatabase(0.2);
      await restartDatabase(0.65);
    })();
    const faults = Promise.all([killing, restarts]);

    const [tally] = await Promise.all([load, mailLoop, faults]);
    finished = true;

    // Every acknowledged mail is delivered, once: wait for the worker to empty the outbox.
    const deliveredAll = () => queued.every((id) => mail.received.has(id));
    for (const deadline = Date.now() + 60_000; !deliveredAll() && Date.now() < deadline;) {
      await sleep(250);
    }
    const stored = new Set(
      (
        await writer.db
          .selectFrom('kb_article_feedback')
          .select('comment')
          .where('comment', 'like', 'fault-run-%')
          .execute()
      ).map((row) => row.comment),
    );
    await writer.close();
    return report(settings, tally, {
      loadSeconds: Math.round((until - startedAt) / 1000),
      killed,
      unexpectedExits,
      outages,
      stored,
      queued,
      received: mail.received,
    });
  } finally {
    for (const entry of processes) {
      entry.killed = true;
      await entry.portal.stop();
    }
    mail.close();
    await cluster.destroy();
    if (!finished) log('The fault run stopped early');
  }
}

/**
 * When every web process that served before the outage and was not killed first answered a
 * page with 200 again after PostgreSQL came back: the slowest of them (Infinity for none).
 */
function recoveredAt(tally: LoadTally, outage: Outage, killed: readonly string[]): number {
  const before = new Set(
    tally.pageAnswers
      .filter((a) => a.atMs < outage.stoppedAtMs && !killed.includes(a.backend))
      .map((a) => a.backend),
  );
  let latest = before.size > 0 ? outage.startedAtMs : Infinity;
  for (const backend of before) {
    const first = tally.pageAnswers.find(
      (a) => a.backend === backend && a.atMs >= outage.startedAtMs && a.status === 200,
    );
    latest = Math.max(latest, first?.atMs ?? Infinity);
  }
  return latest;
}

function timelineOf(tally: LoadTally, seconds: number): Record<string, string[]> {
  const timeline: Record<string, string[]> = {};
  for (const backend of new Set(tally.pageAnswers.map((answer) => answer.backend))) {
    timeline[backend] = Array.from({ length: seconds + 1 }, (_, second) => {
      const counts = new Map<number, number>();
      for (const answer of tally.pageAnswers) {
        if (answer.backend !== backend || Math.floor(answer.atMs / 1000) !== second) continue;
        counts.set(answer.status, (counts.get(answer.status) ?? 0) + 1);
      }
      return [...counts].map(([status, n]) => `${status}:${n}`).join(' ');
    });
  }
  return timeline;
}

function report(
  settings: FaultRunSettings,
  tally: LoadTally,
  seen: {
    loadSeconds: number;
    killed: string[];
    unexpectedExits: string[];
    outages: Outage[];
    stored: Set<string | null>;
    queued: string[];
    received: Map<string, number>;
  },
): FaultRunReport {
  const windows = seen.outages.map((outage) => ({
    ...outage,
    recoveredAtMs: recoveredAt(tally, outage, seen.killed),
  }));
  // A request counts with an outage when it was under way at any moment of it: one sent while
  // the database was down may be answered just after another request saw it back.
  const duringOutage = (error: { sentAtMs: number; atMs: number }) =>
    windows.some(
      (outage) => error.atMs >= outage.stoppedAtMs && error.sentAtMs <= outage.recoveredAtMs,
    );
  const outside = tally.serverErrors.filter((error) => !duringOutage(error));
  const said: Record<string, number> = {};
  for (const error of outside) {
    const key = `${error.status} ${error.said}`;
    said[key] = (said[key] ?? 0) + 1;
  }
  return {
    seconds: seen.loadSeconds,
    connections: settings.connections,
    requests: tally.requests,
    byStatus: Object.fromEntries([...tally.byStatus].sort()),
    failovers: tally.failovers,
    latencyP50Ms: percentile(tally.latenciesMs, 0.5),
    latencyP99Ms: percentile(tally.latenciesMs, 0.99),
    unexpectedExits: seen.unexpectedExits,
    outages: seen.outages,
    recoveryMs: windows.map((outage) => outage.recoveredAtMs - outage.startedAtMs),
    serverErrorsInOutages: tally.serverErrors.length - outside.length,
    keptPagesServed: tally.keptPagesServed,
    serverErrorsOutsideOutages: outside.length,
    serverErrorsOutsideSaid: said,
    timeline: timelineOf(tally, settings.seconds),
    writesAcknowledged: tally.acknowledgedWrites.length,
    writesLost: tally.acknowledgedWrites.filter((comment) => !seen.stored.has(comment)).length,
    mailsQueued: seen.queued.length,
    mailsDelivered: seen.queued.filter((id) => seen.received.has(id)).length,
    mailsSentTwice: [...seen.received.values()].filter((times) => times > 1).length,
    mailsMissing: seen.queued.filter((id) => !seen.received.has(id)).length,
  };
}
