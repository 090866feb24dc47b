import { reactRouter } from '@react-router/dev/vite';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [reactRouter()],
  // The import aliases (~core/, ~app/, ~server/) are tsconfig.json's paths.
  resolve: { tsconfigPaths: true },
  // The manifest is what scripts/bundle-budget.js reads to weigh each page's scripts.
  build: { assetsInlineLimit: 0, manifest: true, cssCodeSplit: false },
});
