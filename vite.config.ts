// Vite config for the app (index.html → src/ui). The compile worker is an ES module worker.
import { defineConfig } from 'vite';

export default defineConfig({
  // Relative asset and worker URLs: the built app (dist/) works from any static host at any path.
  base: './',
  worker: { format: 'es' },
  // Crawl the workers too, so their dependencies are pre-bundled at start instead of being found
  // on first use (which makes the dev server reload the page mid-session).
  optimizeDeps: { entries: ['index.html', 'src/engine/worker.ts', 'src/ui/layout-worker.ts'] },
  build: { target: 'es2022', sourcemap: true },
  // Under Playwright (CGC_E2E) there is no HMR: an edit saved mid-run must not reload a page under test.
  server: { host: '127.0.0.1', hmr: !process.env.CGC_E2E },
  preview: { host: '127.0.0.1' },
});
