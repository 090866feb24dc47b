// `npm run bench:bundle`: the JavaScript each page makes the browser load, weighed from the
// client build's Vite manifest (build/client/.vite/manifest.json): React Router's client entry,
// the root route and the page's route module, each with every module it imports statically
// (the modules the page preloads once painted), and React Router's route manifest when
// the build discovers routes up front (routeDiscovery 'initial'; with the default 'lazy' the page
// carries only its own routes, inline, and the manifest module is never loaded).
// Each file is weighed as a browser receives it: brotli at quality 11, as the build
// precompresses it (scripts/compress-client.js). Exits 1 when a page passes its budget by more
// than 10%, or when any script of the client build holds zod (validation is the server's; the
// browser uses plain checks) or React Router's development build (its warnings for developers;
// vite.config.ts gives the browser the production one). `--json` prints the figures as JSON,
// `--files` the heaviest files of each page; `--report` prints the same but exits 0 over budget
// (zod and the development build still fail).
import { readdir, readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

const CLIENT_DIR = process.env.CLIENT_DIR ?? 'build/client';
const SERVER_BUILD = process.env.SERVER_BUILD ?? 'build/server/index.js';
const KB = 1024;
const TOLERANCE = 0.1;
const ROUTE = '?__react-router-build-client-route';

export const PAGES = [
  { name: 'home', path: '/0/', route: 'app/routes/home.tsx', budgetKb: 100 },
  {
    name: 'article',
    path: '/s/article/:urlName',
    route: 'app/routes/kb/article.tsx',
    budgetKb: 100,
  },
  {
    name: 'search',
    path: '/s/global-search/:term',
    route: 'app/routes/search/search.tsx',
    budgetKb: 130,
  },
  {
    name: 'contact hub',
    path: '/s/contact-support',
    route: 'app/routes/contact/hub.tsx',
    budgetKb: 110,
  },
  {
    name: 'book a call',
    path: '/s/book-a-call',
    route: 'app/routes/contact/book-a-call.tsx',
    budgetKb: 120,
  },
  {
    name: 'request a callback',
    path: '/s/request-callback',
    route: 'app/routes/contact/request-callback.tsx',
    budgetKb: 120,
  },
  ...[
    ['partners', '/0/partners', 'dashboard'],
    ['partners-account', '/0/partners/account', 'account'],
    ['partners-rewards', '/0/partners/challenges-and-rewards', 'challenges-and-rewards'],
    ['partners-steps', '/0/partners/suggestions', 'suggestions'],
  ].map(([name, path, file]) => ({
    name,
    path,
    route: `app/routes/partners/${file}.tsx`,
    budgetKb: 110,
  })),
  {
    name: 'advisor directory',
    path: '/0/partners/advisor-directory',
    route: 'app/routes/practices/advisor-directory.tsx',
    budgetKb: 100,
  },
  {
    name: 'advisor listing',
    path: '/0/partners/advisor-directory/:slug',
    route: 'app/routes/practices/listing.tsx',
    budgetKb: 110,
  },
  ...[
    ['raise case', '/s/raise-support-case', 'raise-case'],
    ['partner query', '/s/submit-partner-query', 'partner-query'],
  ].map(([name, path, file]) => ({
    name,
    path,
    route: `app/routes/cases/${file}.tsx`,
    budgetKb: 120,
  })),
  {
    name: 'insight dashboard',
    path: '/admin/insight/:dashboard',
    route: 'app/routes/insight/dashboard.tsx',
    budgetKb: 120,
  },
];

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** The manifest entry of a source file, as a route module or as a plain module. */
function entryOf(manifest, source) {
  const entry = manifest[`${source}${ROUTE}`] ?? manifest[source];
  if (!entry) throw new Error(`${source} is not in the client build's manifest`);
  return entry;
}

/** The files a set of manifest entries load at once: each file and its static imports. */
function staticClosure(manifest, entries) {
  const files = new Set();
  const visit = (entry) => {
    if (files.has(entry.file)) return;
    files.add(entry.file);
    for (const key of entry.imports ?? []) {
      const imported = manifest[key];
      if (imported) visit(imported);
    }
  };
  entries.forEach(visit);
  return [...files];
}

const sizes = new Map();
async function weigh(file) {
  if (!sizes.has(file)) {
    sizes.set(
      file,
      readFile(join(CLIENT_DIR, file)).then(async (content) => ({
        raw: content.length,
        gzip: (await gzip(content, { level: 9 })).length,
        brotli: (
          await brotli(content, {
            params: {
              [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
              [zlib.constants.BROTLI_PARAM_SIZE_HINT]: content.length,
            },
          })
        ).length,
      })),
    );
  }
  return sizes.get(file);
}

/** Whether the server build makes every page load the whole route manifest. */
async function discoversRoutesUpFront() {
  const build = await import(pathToFileURL(resolve(SERVER_BUILD)).href);
  return build.routeDiscovery?.mode === 'initial';
}

export async function measureBundles() {
  const manifest = JSON.parse(await readFile(join(CLIENT_DIR, '.vite', 'manifest.json'), 'utf8'));
  const clientEntry = Object.values(manifest).find(
    (entry) => entry.isEntry && /entry\.client\.[jt]sx?$/.test(entry.src ?? ''),
  );
  if (!clientEntry) throw new Error("no client entry in the client build's manifest");
  // React Router's own manifest of routes, a module every page loads when routes are discovered
  // up front; Vite does not list it.
  const routeManifest = (await discoversRoutesUpFront())
    ? (await readdir(join(CLIENT_DIR, 'assets'))).find((name) => /^manifest-[\w-]+\.js$/.test(name))
    : undefined;
  const pages = [];
  for (const page of PAGES) {
    const entries = [clientEntry, entryOf(manifest, 'app/root.tsx'), entryOf(manifest, page.route)];
    const files = staticClosure(manifest, entries);
    if (routeManifest) files.push(`assets/${routeManifest}`);
    const weighed = await Promise.all(
      files.map(async (file) => ({ file, ...(await weigh(file)) })),
    );
    const total = (key) => weighed.reduce((sum, file) => sum + file[key], 0);
    pages.push({
      ...page,
      files: weighed.sort((a, b) => b.brotli - a.brotli),
      raw: total('raw'),
      gzip: total('gzip'),
      brotli: total('brotli'),
    });
  }
  return pages;
}

/** What must not reach the browser, each known by text only its code holds. */
const NOT_IN_BROWSER = [
  // zod's schemas keep their state in `_zod`.
  { what: 'zod', marker: /\._zod\b|\$ZodType|ZodError/ },
  // A warning only React Router's development build gives.
  { what: "React Router's development build", marker: /You rendered descendant <Routes>/ },
];

/** For each thing that must not reach the browser, the client build's scripts that hold it. */
export async function scriptsHoldingWhatMustNot() {
  const assets = join(CLIENT_DIR, 'assets');
  const scripts = (await readdir(assets)).filter((name) => name.endsWith('.js'));
  const found = [];
  for (const name of scripts) {
    const text = await readFile(join(assets, name), 'utf8');
    for (const { what, marker } of NOT_IN_BROWSER) {
      if (marker.test(text)) found.push(`${what} is in the browser bundle: assets/${name}`);
    }
  }
  return found;
}

const kb = (bytes) => (bytes / KB).toFixed(1);

if (import.meta.url === `file://${process.argv[1]}`) {
  const pages = await measureBundles();
  if (process.argv.includes('--json')) {
    console.log(JSON.stringify(pages, null, 2));
  } else {
    console.log(`JavaScript per page (KB of ${KB} bytes; brotli 11 per file, as served)\n`);
    console.log('page       files      raw     gzip   brotli   budget');
    for (const page of pages) {
      const over = page.brotli > page.budgetKb * KB * (1 + TOLERANCE);
      const verdict =
        page.brotli <= page.budgetKb * KB
          ? 'met'
          : over
            ? 'OVER by more than 10%'
            : 'over, within 10%';
      console.log(
        `${page.name.padEnd(9)} ${String(page.files.length).padStart(6)} ${kb(page.raw).padStart(8)} ${kb(page.gzip).padStart(8)} ${kb(page.brotli).padStart(8)}   ${page.budgetKb}: ${verdict}`,
      );
    }
    if (process.argv.includes('--files')) {
      for (const page of pages) {
        console.log(`\n${page.name}: the heaviest files (brotli KB)`);
        for (const file of page.files.slice(0, 12)) {
          console.log(`  ${kb(file.brotli).padStart(6)}  ${file.file}`);
        }
      }
    }
  }
  const failed = pages.filter((page) => page.brotli > page.budgetKb * KB * (1 + TOLERANCE));
  if (failed.length > 0) {
    console.error(`\nOver budget by more than 10%: ${failed.map((page) => page.name).join(', ')}`);
    if (!process.argv.includes('--report')) process.exitCode = 1;
  }
  const misplaced = await scriptsHoldingWhatMustNot();
  if (misplaced.length > 0) {
    console.error(`\n${misplaced.join('\n')}`);
    process.exitCode = 1;
  }
}
