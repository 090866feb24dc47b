import { reactRouter } from '@react-router/dev/vite';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [reactRouter()],
  // The import aliases (~core/, ~app/, ~server/) are tsconfig.json's paths.
  resolve: { tsconfigPaths: true },
  build: { assetsInlineLimit: 0 },
});
