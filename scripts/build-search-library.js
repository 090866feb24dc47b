// The client build's second step: the search library's browser files at the fixed paths spec 7
// loads (/headless.js, /case-assist/headless.js, /insight/headless.js,
// /recommendation/headless.js, /browser/bueno.js), each entry point of the pinned @coveo/headless
// and @coveo/bueno bundled into one script that sets the global its pages read. They land in
// build/client, so compress-client.js precompresses them and the static files serve them with an
// ETag (their names carry no hash, so they are cached for an hour, not a year).
import { build } from 'esbuild';

const CLIENT_DIR = process.argv[2] ?? 'build/client';

export const SEARCH_LIBRARY_FILES = [
  { entry: '@coveo/headless', out: 'headless.js', globalName: 'CoveoHeadless' },
  {
    entry: '@coveo/headless/case-assist',
    out: 'case-assist/headless.js',
    globalName: 'CoveoHeadlessCaseAssist',
  },
  {
    entry: '@coveo/headless/insight',
    out: 'insight/headless.js',
    globalName: 'CoveoHeadlessInsight',
  },
  {
    entry: '@coveo/headless/recommendation',
    out: 'recommendation/headless.js',
    globalName: 'CoveoHeadlessRecommendation',
  },
  { entry: '@coveo/bueno', out: 'browser/bueno.js', globalName: 'Bueno' },
];

await Promise.all(
  SEARCH_LIBRARY_FILES.map(({ entry, out, globalName }) =>
    build({
      stdin: { contents: `export * from '${entry}';`, resolveDir: process.cwd() },
      outfile: `${CLIENT_DIR}/${out}`,
      bundle: true,
      format: 'iife',
      globalName,
      platform: 'browser',
      target: 'es2020',
      minify: true,
      legalComments: 'eof',
      define: { 'process.env.NODE_ENV': '"production"' },
      logLevel: 'warning',
    }),
  ),
);
console.log(
  `Bundled the search library into ${SEARCH_LIBRARY_FILES.length} files in ${CLIENT_DIR}`,
);
