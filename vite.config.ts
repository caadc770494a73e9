// Vite config for the app (index.html → src/ui). The compile worker is an ES module worker. The dev
// and preview servers send the security headers docs/deployment.md asks a static host to send.
import { readFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { type Plugin, defineConfig } from 'vite';

/** index.html's meta CSP (the one policy), plus what only a header can say: no framing (clickjacking). */
const metaCsp = /http-equiv="Content-Security-Policy"\s+content="([^"]+)"/.exec(readFileSync(new URL('./index.html', import.meta.url), 'utf8'))?.[1];
if (!metaCsp) throw new Error('index.html has no Content-Security-Policy meta tag to send as a header');
export const CSP_HEADER = `${metaCsp}; frame-ancestors 'none'; base-uri 'self'; form-action 'self'; object-src 'none'`;

/**
 * Sent with every response. The CSP too: a worker takes its policy from its own script's response,
 * and the workers need nothing the page's policy forbids (the ONNX decoder is static code, no eval).
 */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'Content-Security-Policy': CSP_HEADER,
  'X-Content-Type-Options': 'nosniff',
  // A model URL fetched from another site learns nothing of this page's address.
  'Referrer-Policy': 'no-referrer',
  'Cross-Origin-Opener-Policy': 'same-origin',
};

/** Sent with pages (HTML) only. */
export const PAGE_HEADERS: Readonly<Record<string, string>> = {
  'X-Frame-Options': 'DENY',
};

function isPage(req: IncomingMessage): boolean {
  const dest = req.headers['sec-fetch-dest'];
  if (dest) return dest === 'document' || dest === 'iframe' || dest === 'frame';
  const path = (req.url ?? '/').split(/[?#]/)[0]!;
  return path.endsWith('/') || path.endsWith('.html');
}

function securityHeaders(): Plugin {
  const add = (req: IncomingMessage, res: ServerResponse, next: () => void): void => {
    for (const [k, v] of Object.entries(SECURITY_HEADERS)) res.setHeader(k, v);
    if (isPage(req)) for (const [k, v] of Object.entries(PAGE_HEADERS)) res.setHeader(k, v);
    next();
  };
  return {
    name: 'cgc-security-headers',
    configureServer: (server) => { server.middlewares.use(add); },
    configurePreviewServer: (server) => { server.middlewares.use(add); },
  };
}

export default defineConfig({
  // Relative asset and worker URLs: the built app (dist/) works from any static host at any path.
  base: './',
  plugins: [securityHeaders()],
  worker: { format: 'es' },
  // Crawl the workers too, so their dependencies are pre-bundled at start instead of being found
  // on first use (which makes the dev server reload the page mid-session).
  optimizeDeps: { entries: ['index.html', 'src/engine/worker.ts', 'src/ui/layout-worker.ts'] },
  build: { target: 'es2022', sourcemap: true },
  // Under Playwright (CGC_E2E) there is no HMR: an edit saved mid-run must not reload a page under test.
  server: { host: '127.0.0.1', hmr: !process.env.CGC_E2E },
  preview: { host: '127.0.0.1' },
});
