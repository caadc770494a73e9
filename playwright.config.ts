// Playwright e2e: Debian's Chromium with WebGPU on SwiftShader, against the built app (`vite build`
// into dist-e2e/, served by `vite preview` with the same security headers): what users get, and a
// page load in ~3.5 s here against ~5 s from the dev server's unbundled modules.
import { defineConfig } from '@playwright/test';

const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** E2E_PORT lets two checkouts run their suites side by side. */
const port = Number(process.env.E2E_PORT ?? 5173);

export default defineConfig({
  testDir: 'e2e',
  // The graph view's frame-time measurements are a benchmark (BENCHMARKS.md), run by `npm run bench:graph`.
  ...(process.env.CGC_BENCH_GRAPH ? {} : { testIgnore: ['**/graph-perf.spec.ts'] }),
  timeout: 60_000,
  expect: { timeout: 20_000 },
  fullyParallel: false,
  workers: 1,
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    // The smaller of the two sizes the app is laid out for (1280×800 and 1920×1080).
    viewport: { width: 1280, height: 800 },
    launchOptions: {
      executablePath: chromiumPath,
      args: [
        '--enable-unsafe-webgpu',
        '--use-webgpu-adapter=swiftshader',
        '--no-sandbox',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  webServer: {
    command: `npx vite build --outDir dist-e2e --emptyOutDir --logLevel warn && npx vite preview --outDir dist-e2e --port ${port} --strictPort`,
    // VITE_CGC_E2E builds in the fault-injection hooks (src/ui/test-hooks.ts); CGC_E2E turns the dev server's HMR off.
    env: { CGC_E2E: '1', VITE_CGC_E2E: '1' },
    url: `http://127.0.0.1:${port}`,
    reuseExistingServer: !process.env.CI,
    timeout: 120_000,
  },
});
