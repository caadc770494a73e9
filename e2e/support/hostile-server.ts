// A small HTTP server for the URL loader's specs: bodies that never end, that declare a size they
// are far from sending, or that stall until the spec lets them finish. It counts the bytes each
// response got onto the wire and says when the client hung up, which is how a spec sees that the
// page stopped a transfer. The page reaches it through page.route (same origin, so CSP allows it).
import { type IncomingMessage, type ServerResponse, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from '@playwright/test';

/** One response the server is sending: bytes written so far, and whether the client closed it. */
export interface Transfer {
  sent: number;
  closed: boolean;
  readonly whenClosed: Promise<void>;
}

export interface HostileServer {
  /** The transfers by path, in the order requested. */
  readonly transfers: Map<string, Transfer[]>;
  /** Lets the stalled `/stall/…` bodies requested so far send their rest. */
  release(): void;
  close(): Promise<void>;
  /** Sends the page's requests for `/hostile/*` here. */
  route(page: Page): Promise<void>;
}

const CHUNK = Buffer.alloc(64 * 1024, 0x2a);

/**
 * `/endless/NAME`: 64 KiB chunks for ever, as fast as the client reads. `/declared/NAME`: a
 * Content-Length of 300 MB, then one chunk every 50 ms. `/stall/NAME`: `body`'s first half,
 * then the rest only after release().
 */
export async function hostileServer(body: Buffer): Promise<HostileServer> {
  const transfers = new Map<string, Transfer[]>();
  let open!: () => void;
  let gate = new Promise<void>((r) => { open = r; });
  const release = (): void => {
    open();
    gate = new Promise<void>((r) => { open = r; });
  };
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const path = req.url ?? '/';
    let closedNow!: () => void;
    const t: Transfer = { sent: 0, closed: false, whenClosed: new Promise<void>((r) => { closedNow = r; }) };
    transfers.set(path, [...(transfers.get(path) ?? []), t]);
    res.on('close', () => { t.closed = true; closedNow(); });
    const write = (b: Buffer): boolean => { t.sent += b.length; return res.write(b); };
    if (path.startsWith('/endless/')) {
      res.writeHead(200, { 'Content-Type': 'application/octet-stream' });
      const pump = (): void => {
        while (!t.closed && write(CHUNK)) { /* until the socket pushes back */ }
        if (!t.closed) res.once('drain', pump);
      };
      pump();
    } else if (path.startsWith('/declared/')) {
      res.writeHead(200, { 'Content-Type': 'application/octet-stream', 'Content-Length': String(300 * 1000 * 1000) });
      const timer = setInterval(() => { if (t.closed) clearInterval(timer); else write(CHUNK); }, 50);
    } else if (path.startsWith('/stall/')) {
      res.writeHead(200, { 'Content-Type': 'application/octet-stream', 'Content-Length': String(body.length) });
      const half = Math.floor(body.length / 2);
      write(body.subarray(0, half));
      void gate.then(() => { if (!t.closed) { write(body.subarray(half)); res.end(); } });
    } else {
      res.writeHead(404).end();
    }
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as AddressInfo).port;
  return {
    transfers,
    release,
    close: () => new Promise<void>((r) => { server.closeAllConnections(); server.close(() => r()); }),
    route: async (page) => { await page.route('**/hostile/**', (route) => route.continue({ url: `http://127.0.0.1:${port}${new URL(route.request().url()).pathname.replace(/^\/hostile/, '')}` })); },
  };
}
