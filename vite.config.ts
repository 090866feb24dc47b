import { reactRouter } from '@react-router/dev/vite';
import { createHash } from 'node:crypto';
import { relative } from 'node:path';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [reactRouter()],
  // A CSS module's class is '{name}_{5 characters of its file's hash}': every page's scripts
  // carry the maps of the classes they use, and the default (with a line number and a longer
  // hash) made them a third longer.
  css: { modules: { generateScopedName: scopedClassName } },
  // The import aliases (~core/, ~app/, ~server/) are tsconfig.json's paths.
  resolve: { tsconfigPaths: true },
  // The manifest is what scripts/bundle-budget.js reads to weigh each page's scripts.
  build: {
    assetsInlineLimit: 0,
    manifest: true,
    cssCodeSplit: false,
    // The portal's own modules that most pages share go into one chunk instead of a dozen small
    // ones: fewer requests and less per-file overhead (about 2 KB brotli per page,
    // `npm run bench:bundle`), while a page still skips what only a few others use. The community's
    // form components stay out of it: a dozen pages with forms share them, but the home page and
    // articles have none and carried them (2.3 KB each).
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            {
              name: 'shell',
              test: /[\\/](app|core)[\\/](?!routes[\\/]|components[\\/]community[\\/])/,
              minShareCount: 12,
            },
          ],
        },
      },
    },
  },
});

function scopedClassName(name: string, file: string): string {
  const fileHash = createHash('sha256').update(relative(process.cwd(), file)).digest('hex');
  return `${name}_${fileHash.slice(0, 5)}`;
}
