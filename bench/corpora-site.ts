// The saved pages of bench/corpora served on loopback, one path per page, so the engine reads them over
// real HTTP as it reads any site. Everything else (robots.txt, sitemaps, a page's own links) is a 404.
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';

export const CORPORA_DIR = fileURLToPath(new URL('./corpora/', import.meta.url));

export interface ProductTruth {
  price?: string[];
  sku?: string[];
  availability?: string[];
  currency?: string[];
  url: string;
}

export interface ArticleTruth {
  title: string | null;
  byline: string | null;
  lang: string | null;
  siteName: string | null;
}

export interface CorpusPage<T> {
  id: string;
  /** The page's path on the corpora site. */
  path: string;
  file: string;
  truth: T;
}

export function loadProducts(): CorpusPage<ProductTruth>[] {
  const dir = path.join(CORPORA_DIR, 'products');
  const truth = JSON.parse(fs.readFileSync(path.join(dir, 'ground-truth.json'), 'utf8')) as Record<
    string,
    ProductTruth
  >;
  return Object.entries(truth)
    .map(([id, t]) => ({
      id,
      path: `/products/${id}`,
      file: path.join(dir, 'pages', `${id}.html.gz`),
      truth: t,
    }))
    .sort((a, b) => a.id.localeCompare(b.id));
}

export function loadArticles(): CorpusPage<ArticleTruth>[] {
  const dir = path.join(CORPORA_DIR, 'articles');
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => {
      const meta = JSON.parse(
        fs.readFileSync(path.join(dir, d.name, 'expected-metadata.json'), 'utf8'),
      ) as ArticleTruth;
      return {
        id: d.name,
        path: `/articles/${d.name}`,
        file: path.join(dir, d.name, 'source.html.gz'),
        truth: meta,
      };
    })
    .sort((a, b) => a.id.localeCompare(b.id));
}

/**
 * Serves each page's HTML, unzipped, as text/html without a charset: the engine finds the encoding as
 * it would on the page's own site (a <meta charset>, or its default).
 */
export async function startCorporaSite(
  pages: CorpusPage<unknown>[],
): Promise<{ url: string; close(): Promise<void> }> {
  const byPath = new Map(pages.map((p) => [p.path, p.file]));
  const server = http.createServer((req, res) => {
    const file = byPath.get(new URL(req.url ?? '/', 'http://x').pathname);
    if (!file || (req.method !== 'GET' && req.method !== 'HEAD')) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
      return;
    }
    zlib.gunzip(fs.readFileSync(file), (err, html) => {
      if (err) {
        res.writeHead(500, { 'content-type': 'text/plain' }).end(String(err));
        return;
      }
      res.writeHead(200, { 'content-type': 'text/html', 'content-length': html.length });
      res.end(req.method === 'HEAD' ? undefined : html);
    });
  });
  // Longer than the engine's own idle keep-alive (4 s), so the engine is the side that closes an idle
  // connection: at Node's default 5 s a reply could race the server's close (UND_ERR_SOCKET).
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
