import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

// A loopback shop whose product pages the test changes between a monitor's ticks: each page shows a
// product's price and contact address as the test last set them, answers 500 for a row set to fail,
// and can be held (a run that is still going) until the test releases it.

export interface Product {
  price: string;
  email: string;
}

export async function startMonitorSite(products: Record<string, Product | 'fail'>) {
  const pages = new Map(Object.entries(products));
  let held: Promise<void> | null = null;
  let release: () => void = () => {};
  const hits = new Map<string, number>();
  const server: Server = createServer(async (req, res) => {
    const id = /^\/p\/([\w-]+)$/.exec(req.url ?? '')?.[1];
    if (!id) {
      res.writeHead(404, { 'content-type': 'text/plain' });
      return res.end('not found');
    }
    hits.set(id, (hits.get(id) ?? 0) + 1);
    if (held) await held;
    const page = pages.get(id);
    if (!page || page === 'fail') {
      res.writeHead(500, { 'content-type': 'text/plain' });
      return res.end('server error');
    }
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(`<!doctype html><html><head><title>Product ${id}</title></head><body>
      <h1>Product ${id}</h1>
      <p>Price: ${page.price}</p>
      <p>Questions? Write to <a href="mailto:${page.email}">${page.email}</a>.</p></body></html>`);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    hits,
    url: (id: string) => `${origin}/p/${id}`,
    set(id: string, p: Product | 'fail') {
      pages.set(id, p);
    },
    /** Holds every page request until release(). */
    hold() {
      held = new Promise((r) => (release = r));
    },
    release() {
      held = null;
      release();
    },
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

export type MonitorSite = Awaited<ReturnType<typeof startMonitorSite>>;
