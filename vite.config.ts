import { reactRouter } from '@react-router/dev/vite';
import { createHash } from 'node:crypto';
import { relative, resolve } from 'node:path';
import type { ModuleInfo } from 'rolldown';
import { defineConfig, type Plugin } from 'vite';

export default defineConfig({
  plugins: [reactRouter(), reactRouterProductionInBrowser()],
  // A CSS module's class is '{name}_{4 base-36 characters of its file's hash}': every page's
  // scripts carry the maps of the classes they use, and the default (with a line number and a
  // longer hash) made them a third longer; 5 hexadecimal characters cost 0.2 KB more a page.
  css: { modules: { generateScopedName: scopedClassName } },
  // The import aliases (~core/, ~app/, ~server/) are tsconfig.json's paths.
  resolve: { tsconfigPaths: true },
  // The manifest is what scripts/bundle-budget.js reads to weigh each page's scripts.
  build: {
    assetsInlineLimit: 0,
    manifest: true,
    cssCodeSplit: false,
    // The portal's few lazy modules (the analytics client, the consent dialogs, the search box's
    // suggestions) are small and load on a visitor's action; Vite's helper that preloads their
    // imports cost 0.1-0.5 KB brotli on every page. React Router preloads route modules itself.
    modulePreload: false,
    // Two chunks of the portal's own modules instead of dozens of small ones: fewer requests and
    // less per-file overhead (`npm run bench:bundle`). 'shell' holds what the root route imports
    // statically, which every page loads anyway, with React, React DOM and React Router: one file
    // compresses 1.6 KB smaller than the framework and the shell apart (decision 040); it had
    // come in ten small
    // files, 2.5 KB brotli more on every page. 'shared' holds what most pages use (45 of the
    // entries; 12 kept in it, on every page, code that only some needed). Out of 'shared': the
    // community's forms and their rules, and search's results, which a dozen pages use but the
    // home page, articles and the partner dashboard do not (0.4 KB each).
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: rootModuleIn('shell'), priority: 1 },
            {
              name: 'shared',
              test: /[\\/](app|core)[\\/](?!routes[\\/]|(components[\\/])?community[\\/]|search[\\/])/,
              minShareCount: 45,
            },
          ],
        },
      },
    },
  },
});

const ROOT_ROUTE = resolve('app/root.tsx');
const OWN_MODULE = /[\\/](app|core)[\\/]/;
const FRAMEWORK = /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/;
const BARREL = /[\\/]index\.ts$/;

type Chunking = { getModuleInfo(id: string): ModuleInfo | null };

/**
 * Names the chunk of the framework and of the portal's modules the root route imports
 * statically. Barrels are not followed: they re-export far more than the root uses.
 */
function rootModuleIn(chunk: string) {
  let reached: Set<string> | undefined;
  return (id: string, context: Chunking) => {
    reached ??= staticallyReached(ROOT_ROUTE, context);
    return FRAMEWORK.test(id) || (reached.has(id) && OWN_MODULE.test(id)) ? chunk : null;
  };
}

function staticallyReached(file: string, context: Chunking): Set<string> {
  const reached = new Set<string>();
  const visit = (id: string) => {
    if (reached.has(id) || BARREL.test(id)) return;
    reached.add(id);
    context.getModuleInfo(id)?.importedIds.forEach(visit);
  };
  // React Router's client build reaches the route module through a virtual module of its own.
  for (const id of [file, `${file}?__react-router-build-client-route`]) visit(id);
  return reached;
}

const ROUTER_PRODUCTION_BUILD: Readonly<Record<string, string>> = {
  'react-router': resolve('node_modules/react-router/dist/production/index.mjs'),
  'react-router/dom': resolve('node_modules/react-router/dist/production/dom-export.mjs'),
};

/**
 * React Router's package exports only its development build (warnings for developers kept in),
 * with no condition that picks the production one. The browser gets the production build, 0.5
 * KB brotli less on every page; both entries move together, so the page holds one copy of the
 * router. The server keeps the package's own choice (docs/performance.md).
 */
function reactRouterProductionInBrowser(): Plugin {
  return {
    name: 'react-router-production-in-browser',
    apply: 'build',
    enforce: 'pre',
    resolveId(source) {
      if (this.environment.name !== 'client') return null;
      return ROUTER_PRODUCTION_BUILD[source] ?? null;
    },
  };
}

const FILE_TAGS = 36n ** 4n;
const fileOfClass = new Map<string, string>();

/** A class name unique to its file: two files whose names meet fail the build, never a page. */
function scopedClassName(name: string, file: string): string {
  const path = relative(process.cwd(), file);
  const fileHash = createHash('sha256').update(path).digest('hex');
  const tag = (BigInt(`0x${fileHash.slice(0, 16)}`) % FILE_TAGS).toString(36).padStart(4, '0');
  const scoped = `${name}_${tag}`;
  const owner = fileOfClass.get(scoped);
  if (owner !== undefined && owner !== path) {
    throw new Error(`CSS class ${scoped} would be both ${owner}'s and ${path}'s ${name}`);
  }
  fileOfClass.set(scoped, path);
  return scoped;
}
