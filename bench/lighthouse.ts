// Lighthouse (mobile) on the home, an article and the search page of a built portal on its demo
// content, three runs each, reporting the median of each figure against the budgets of
// docs/performance.md. Lighthouse 12.8 (the last major that runs on Node 20) comes from the npm
// registry through npx; the browser is the system's Chromium (CHROME_PATH, /usr/bin/chromium).
// Each run is a fresh profile, so every page is measured with the cookie banner of a first visit
// open; 'settings' opens the cookie settings dialog through its #cookie-settings link.
//   npm run bench:lighthouse     LIGHTHOUSE_RUNS=1 LIGHTHOUSE_PAGES=settings npm run bench:lighthouse
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startPortal } from '~tests/support/portal-process.ts';

const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const LIGHTHOUSE = 'lighthouse@12.8.2';
const PAGES = [
  { name: 'home', path: '/0/' },
  { name: 'article', path: '/s/article/connect-a-bank-feed' },
  { name: 'search', path: '/0/search?q=bank%20feed' },
  { name: 'settings', path: '/0/#cookie-settings' },
].filter(
  (page) =>
    !process.env.LIGHTHOUSE_PAGES || process.env.LIGHTHOUSE_PAGES.split(',').includes(page.name),
);
const BUDGETS = {
  performance: 95,
  lcpMs: 1500,
  tbtMs: 50,
  cls: 0.01,
  bestPractices: 100,
  seo: 100,
};

interface Figures {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
}

function lighthouse(url: string, output: string): Promise<void> {
  const args = [
    '-y',
    '-p',
    LIGHTHOUSE,
    'lighthouse',
    url,
    '--quiet',
    '--form-factor=mobile',
    '--chrome-flags=--headless=new --no-sandbox --disable-gpu',
    '--output=json',
    `--output-path=${output}`,
  ];
  return new Promise((done, fail) => {
    const child = spawn('npx', args, {
      stdio: 'ignore',
      env: { ...process.env, CHROME_PATH: process.env.CHROME_PATH ?? '/usr/bin/chromium' },
    });
    child.once('exit', (code) => (code === 0 ? done() : fail(new Error(`lighthouse ${code}`))));
  });
}

/**
 * Lighthouse's own process now and then exits with 1 before it writes a report (Chromium did
 * not start in time on a busy machine): such a run is tried again, twice at most, and said so.
 */
async function lighthouseRun(url: string, output: string): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await lighthouse(url, output);
    } catch (error) {
      if (attempt === 3) throw error;
      console.error(`(${url}: ${(error as Error).message}, trying again)`);
    }
  }
}

async function figuresOf(file: string): Promise<Figures> {
  const report = JSON.parse(await readFile(file, 'utf8')) as {
    categories: Record<string, { score: number }>;
    audits: Record<string, { numericValue: number }>;
  };
  const score = (name: string) => Math.round((report.categories[name]?.score ?? 0) * 100);
  const value = (name: string) => report.audits[name]?.numericValue ?? Number.NaN;
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    seo: score('seo'),
    lcpMs: Math.round(value('largest-contentful-paint')),
    tbtMs: Math.round(value('total-blocking-time')),
    cls: Number(value('cumulative-layout-shift').toFixed(3)),
  };
}

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;

const portal = await startPortal({ LOG_LEVEL: 'warn' });
const dir = await mkdtemp(join(tmpdir(), 'lighthouse-'));
try {
  console.log(`Lighthouse ${LIGHTHOUSE.split('@')[1]}, mobile, median of ${RUNS} runs\n`);
  console.log('page      perf  a11y  best  seo   LCP ms  TBT ms  CLS     budgets');
  for (const page of PAGES) {
    const runs: Figures[] = [];
    for (let run = 0; run < RUNS; run += 1) {
      const file = join(dir, `${page.name}-${run}.json`);
      await lighthouseRun(`${portal.baseUrl}${page.path}`, file);
      runs.push(await figuresOf(file));
    }
    const m = Object.fromEntries(
      (Object.keys(runs[0] ?? {}) as (keyof Figures)[]).map((key) => [
        key,
        median(runs.map((figures) => figures[key])),
      ]),
    ) as unknown as Figures;
    const missed = [
      m.performance < BUDGETS.performance && 'performance',
      m.lcpMs > BUDGETS.lcpMs && 'LCP',
      m.tbtMs > BUDGETS.tbtMs && 'TBT',
      m.cls > BUDGETS.cls && 'CLS',
      m.bestPractices < BUDGETS.bestPractices && 'best practices',
      m.seo < BUDGETS.seo && 'SEO',
    ].filter(Boolean);
    console.log(
      `${page.name.padEnd(9)} ${String(m.performance).padStart(4)}  ${String(m.accessibility).padStart(4)}  ${String(m.bestPractices).padStart(4)}  ${String(m.seo).padStart(3)}  ${String(m.lcpMs).padStart(7)}  ${String(m.tbtMs).padStart(6)}  ${m.cls.toFixed(3)}   ${missed.length === 0 ? 'met' : `missed: ${missed.join(', ')}`}`,
    );
  }
} finally {
  await portal.stop();
  await rm(dir, { recursive: true, force: true });
}
