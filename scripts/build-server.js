// The server's half of `npm run build`: each command the package scripts run becomes one ES
// module in build/node at the path of its source, with shared code split into chunks beside it.
// esbuild resolves the import aliases of tsconfig.json; packages stay in node_modules.
import { build } from 'esbuild';

export const SERVER_ENTRIES = [
  'server/main.ts',
  'server/db/migrate-command.ts',
  'server/modules/content/import/import-command.ts',
  'server/modules/learning/sync/sync-command.ts',
];

await build({
  entryPoints: SERVER_ENTRIES,
  outdir: 'build/node',
  outbase: '.',
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20.19',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
});
