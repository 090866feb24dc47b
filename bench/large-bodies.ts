// What a 100 MB request body costs the portal: for each kind of route, the process's peak RSS
// above its idle RSS while the body streams in, sent chunked (no length) and with a declared
// Content-Length. Starts the built server itself, or measures one already running:
//   BENCH_URL=http://127.0.0.1:3000 BENCH_PID=<pid> tsx bench/large-bodies.ts
// Linux only: RSS is read from /proc/<pid>/status.
import { readFileSync } from 'node:fs';
import { request } from 'node:http';
import { startPortal, type RunningPortal } from '~tests/support/portal-process.ts';

const TOTAL = Number(process.env.BENCH_MB ?? 100) * 1024 * 1024;
const CHUNK = Buffer.alloc(64 * 1024, 'a');
const GOAL_MB = 50;

function rssOf(pid: number): number {
  let status: string;
  try {
    status = readFileSync(`/proc/${pid}/status`, 'utf8');
  } catch (error) {
    throw new Error(`The portal (process ${pid}) is gone`, { cause: error });
  }
  const line = /VmRSS:\s+(\d+) kB/.exec(status);
  return Number(line?.[1] ?? 0) * 1024;
}

interface Outcome {
  /** -1: the server closed the connection before the client read its answer. */
  status: number;
  sentMb: number;
  peakMb: number;
}

/** Streams TOTAL bytes (or until the answer comes), sampling the server's RSS every 5 ms. */
function post(baseUrl: string, pid: number, path: string, headers: Record<string, string>) {
  const idle = rssOf(pid);
  let peak = idle;
  const sampler = setInterval(() => {
    try {
      peak = Math.max(peak, rssOf(pid));
    } catch {
      peak = Number.NaN;
    }
  }, 5);
  return new Promise<Outcome>((resolve, reject) => {
    let sent = 0;
    let status = 0;
    const finish = () => {
      clearInterval(sampler);
      resolve({ status, sentMb: sent / 1024 / 1024, peakMb: (peak - idle) / 1024 / 1024 });
    };
    const outgoing = request(`${baseUrl}${path}`, { method: 'POST', headers });
    outgoing.on('response', (response) => {
      status = response.statusCode ?? 0;
      response.resume().on('end', () => setTimeout(finish, 200));
    });
    // A refused upload is cut off by the server: the client may see the closed connection
    // before it has read the 413 that preceded it.
    outgoing.on('error', (error: NodeJS.ErrnoException) => {
      if (status) return;
      if (error.code !== 'EPIPE' && error.code !== 'ECONNRESET') return reject(error);
      status = -1;
      setTimeout(finish, 200);
    });
    const write = () => {
      while (!status && sent < TOTAL) {
        sent += CHUNK.length;
        if (!outgoing.write(CHUNK)) return void outgoing.once('drain', write);
      }
      if (!status) outgoing.end();
    };
    write();
  });
}

async function guestCookie(baseUrl: string): Promise<string> {
  const page = await fetch(`${baseUrl}/0/community`);
  const cookie = page.headers.getSetCookie().find((value) => /^\w+_csrf=/.test(value));
  return cookie?.split(';', 1)[0] ?? '';
}

const started: RunningPortal | undefined = process.env.BENCH_URL
  ? undefined
  : await startPortal({ LOG_LEVEL: 'error' });
const baseUrl = process.env.BENCH_URL ?? started?.baseUrl ?? '';
const pid = Number(process.env.BENCH_PID ?? started?.pid);
try {
  const cookie = await guestCookie(baseUrl);
  const json = { 'content-type': 'application/json' };
  const routes = [
    {
      name: 'page action (form)',
      path: '/s/unsubscribe-topic',
      headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
    },
    { name: 'JSON API (search)', path: '/api/search', headers: json },
    {
      name: 'gateway POST',
      path: '/lwr/apex/v65.0/CustomerTaskController/executeNBAFlowCurrentUser',
      headers: json,
    },
    { name: 'learning webhook', path: '/api/learning/webhook', headers: json },
  ];
  console.log(`${TOTAL / 1024 / 1024} MB posted to each route; peak RSS above idle\n`);
  console.log('route                 sent as          status  MB sent  peak RSS MB  goal');
  for (const route of routes) {
    for (const declared of [false, true]) {
      const headers = declared
        ? { ...route.headers, 'content-length': String(TOTAL) }
        : route.headers;
      const outcome = await post(baseUrl, pid, route.path, headers);
      const met = outcome.peakMb < GOAL_MB ? 'met' : 'MISSED';
      console.log(
        `${route.name.padEnd(21)} ${(declared ? 'Content-Length' : 'chunked').padEnd(16)} ${(outcome.status === -1 ? 'closed' : String(outcome.status)).padStart(6)}  ${outcome.sentMb.toFixed(1).padStart(7)}  ${outcome.peakMb.toFixed(1).padStart(11)}  ${met} (< ${GOAL_MB})`,
      );
    }
  }
} catch (error) {
  console.error(error, started?.errors());
} finally {
  await started?.stop();
}
