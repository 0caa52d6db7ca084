import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A site on 127.0.0.1 whose robots.txt sets `Crawl-delay: 1`, so the jobs of a batch on it take turns a
 * second apart before their first page request. Its pages (/p/{n}) are held open until the test calls
 * release(), which answers them all with `status` (and every later request at once): a job whose
 * request arrived is running until then, however slow the machine is. Released at once, it is simply
 * a site with a Crawl-delay.
 */
export async function startTurnSite() {
  const pageHits = new Map<string, number>();
  /** Every request as it arrived, robots.txt included. */
  const requests: { at: number; url: string }[] = [];
  const held: { res: ServerResponse; n: string }[] = [];
  let releasedWith: number | null = null;
  const answer = (res: ServerResponse, n: string, status: number) => {
    res.writeHead(status, { 'content-type': 'text/html; charset=utf-8' });
    res.end(
      status === 200
        ? `<!doctype html><html><head><title>Company ${n}</title></head><body><h1>Company ${n}</h1>
           <p>Write to <a href="mailto:hello${n}@example.com">hello${n}@example.com</a>.</p></body></html>`
        : 'unavailable',
    );
  };
  const server = createServer((req, res) => {
    requests.push({ at: Date.now(), url: req.url ?? '' });
    if (req.url === '/robots.txt') {
      res.writeHead(200, { 'content-type': 'text/plain' });
      return res.end('User-agent: *\nCrawl-delay: 1\nAllow: /\n');
    }
    const page = /^\/p\/(\d+)$/.exec(req.url ?? '');
    if (!page) {
      res.writeHead(404, { 'content-type': 'text/plain' });
      return res.end('not found');
    }
    const n = page[1]!;
    pageHits.set(n, (pageHits.get(n) ?? 0) + 1);
    if (releasedWith !== null) return answer(res, n, releasedWith);
    held.push({ res, n });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    url: (n: number) => `${origin}/p/${n}`,
    /** How many times each page was requested, by its number. */
    pageHits,
    requests,
    /** How many distinct pages were requested. */
    pagesRequested: () => pageHits.size,
    release(status = 200) {
      releasedWith = status;
      for (const { res, n } of held.splice(0)) answer(res, n, status);
    },
    close: () =>
      new Promise<void>((r) => {
        for (const { res } of held.splice(0)) res.destroy();
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}

export type TurnSite = Awaited<ReturnType<typeof startTurnSite>>;
