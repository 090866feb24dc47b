// `npm test`: the build (and the bundle check), then the suites in phases, each timed, ending with one table.
// unit: the unit and HTTP projects on SQLite; postgres: the suites declared per dialect, on
// PostgreSQL (TEST_DATABASE_URL); browser: the e2e project in Debian's Chromium; browser-pg:
// the browser suites of the flows that write, again with each portal on a PostgreSQL database.
import { spawn } from 'node:child_process';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';

const NPX = process.platform === 'win32' ? 'npx.cmd' : 'npx';
const NPM = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const PROJECTS = ['--project', 'unit', '--project', 'http'];

function run(command, args, env = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

/** The test files that declare suites per dialect: the only ones with PostgreSQL work. */
async function dialectTestFiles() {
  const files = [];
  for (const root of ['core', 'server', 'app']) {
    for (const name of await readdir(root, { recursive: true })) {
      if (!/\.test\.tsx?$/.test(name)) continue;
      const file = join(root, name);
      if (/\bdescribe(EachDialect|Postgres)\(/.test(await readFile(file, 'utf8'))) files.push(file);
    }
  }
  return files.sort();
}

/**
 * The browser suites whose flows write (cases, contact, the partner programme, practices and
 * subscriptions, community, insight, the search library), run again on PostgreSQL: each portal
 * they start gets a database of its own there (tests/e2e/support/portal.ts).
 */
const POSTGRES_BROWSER_SUITES = [
  'agent-workspace',
  'case-attachments',
  'cases',
  'chat',
  'community',
  'contact',
  'guest-help',
  'headless',
  'insight',
  'partner-admin',
  'partner-service-jobs',
  'partners',
  'practice-people',
  'practices',
  'subscriptions',
].map((name) => `tests/e2e/${name}.e2e.ts`);

const needsPostgres = () =>
  process.env.TEST_DATABASE_URL || process.env.REQUIRE_ALL_SUITES === '1'
    ? undefined
    : 'TEST_DATABASE_URL is not set';

const phases = [
  {
    name: 'build',
    // The build, then the weight of each page's scripts (scripts/bundle-budget.js): zod in the
    // browser, or a page over its budget by more than 10%, fails the phase (docs/performance.md).
    run: async () =>
      (await run(NPM, ['run', 'build'])) || run(process.execPath, ['scripts/bundle-budget.js']),
  },
  {
    name: 'unit',
    run: () => run(NPX, ['vitest', 'run', ...PROJECTS], { TEST_DIALECTS: 'sqlite' }),
  },
  {
    name: 'postgres',
    skip: needsPostgres,
    run: async () =>
      run(NPX, ['vitest', 'run', ...PROJECTS, ...(await dialectTestFiles())], {
        TEST_DIALECTS: 'postgres',
      }),
  },
  { name: 'browser', run: () => run(NPX, ['vitest', 'run', '--project', 'e2e']) },
  {
    name: 'browser-pg',
    skip: needsPostgres,
    run: async () => {
      if (!process.env.TEST_DATABASE_URL) {
        console.error('The browser suites on PostgreSQL need TEST_DATABASE_URL.');
        return 1;
      }
      return run(NPX, ['vitest', 'run', '--project', 'e2e', ...POSTGRES_BROWSER_SUITES], {
        E2E_POSTGRES_URL: process.env.TEST_DATABASE_URL,
      });
    },
  },
];

const only = process.argv.slice(2);
const results = [];
for (const phase of phases) {
  if (only.length > 0 && !only.includes(phase.name)) continue;
  const skipped = phase.skip?.();
  if (skipped) {
    results.push({ name: phase.name, outcome: `skipped: ${skipped}`, seconds: 0 });
    continue;
  }
  console.log(`\n=== ${phase.name}`);
  const started = Date.now();
  const code = await phase.run();
  results.push({
    name: phase.name,
    outcome: code === 0 ? 'passed' : 'FAILED',
    seconds: Math.round((Date.now() - started) / 1000),
  });
  // Nothing runs on a failed build; a failed suite still lets the others report.
  if (code !== 0 && phase.name === 'build') break;
}

console.log('\nphase      seconds  outcome');
for (const { name, seconds, outcome } of results) {
  console.log(`${name.padEnd(10)} ${String(seconds).padStart(7)}  ${outcome}`);
}
const total = results.reduce((sum, { seconds }) => sum + seconds, 0);
console.log(`${'total'.padEnd(10)} ${String(total).padStart(7)}`);
process.exitCode = results.every(({ outcome }) => outcome !== 'FAILED') ? 0 : 1;
