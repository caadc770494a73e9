// A static file server for specs that test built or installed output as a host would serve it:
// files under `root`, at URLs under `base` ('/' or a sub-path such as '/tools/cgc/'), with the
// security headers docs/deployment.md asks a host to send.
import { createReadStream, existsSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { extname, join, normalize, sep } from 'node:path';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8', '.js': 'text/javascript', '.mjs': 'text/javascript', '.css': 'text/css', '.json': 'application/json',
  '.svg': 'image/svg+xml', '.png': 'image/png', '.wasm': 'application/wasm', '.onnx': 'application/octet-stream', '.mlirbc': 'application/octet-stream',
  '.mlir': 'text/plain; charset=utf-8', '.safetensors': 'application/octet-stream',
};

export interface StaticServer {
  readonly url: string;
  /** Paths requested, in order (to check what a page fetched). */
  readonly requests: string[];
  close(): Promise<void>;
}

export async function serveStatic(root: string, base = '/', headers: Record<string, string> = {}): Promise<StaticServer> {
  const requests: string[] = [];
  const server: Server = createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    requests.push(path);
    if (!path.startsWith(base)) {
      res.writeHead(404).end('not under the base path');
      return;
    }
    let file = normalize(join(root, path.slice(base.length)));
    if (!file.startsWith(normalize(root + sep)) && file !== normalize(root)) {
      res.writeHead(403).end();
      return;
    }
    if (existsSync(file) && statSync(file).isDirectory()) file = join(file, 'index.html');
    if (!existsSync(file)) {
      res.writeHead(404).end('not found');
      return;
    }
    res.writeHead(200, { 'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream', ...headers });
    createReadStream(file).pipe(res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}${base}`,
    requests,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
