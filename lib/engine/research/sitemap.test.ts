import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createGuardedFetch } from '../net/guarded-fetch';
import { HostPacer, type Pacer } from '../net/host-pacer';
import { createResearcher } from './index';
import { createSitemapCache } from './sitemap';

// Sitemap requests are requests to the site: they take turns like pages (Crawl-delay, host delay), and
// a load cut short (no turn, job aborted) is not remembered as the site's sitemap.

const OPTS = { allowPrivate: true, timeoutMs: 10_000, maxBytes: 1_000_000, userAgent: 'QuarryTest/1' };
let server: Server;
let origin: string;
/** Path and arrival time of every request but robots.txt. */
let hits: { path: string; at: number }[] = [];
/** What robots.txt asks for. */
let robotsTxt = 'User-agent: *\nCrawl-delay: 1\nAllow: /\n';

const page = (body: string) =>
  `<!doctype html><html><head><title>Co</title></head><body>${body}</body></html>`;

beforeAll(async () => {
  server = createServer((req, res) => {
    const path = req.url ?? '/';
    if (path === '/robots.txt') {
      res.writeHead(200, { 'content-type': 'text/plain' });
      return res.end(robotsTxt);
    }
    hits.push({ path, at: Date.now() });
    const xml = (s: string) => {
      res.writeHead(200, { 'content-type': 'application/xml' });
      res.end(`<?xml version="1.0"?>${s}`);
    };
    if (path === '/sitemap.xml') {
      return xml(
        `<sitemapindex><sitemap><loc>${origin}/a.xml</loc></sitemap><sitemap><loc>${origin}/b.xml</loc></sitemap></sitemapindex>`,
      );
    }
    if (path === '/a.xml') return xml(`<urlset><url><loc>${origin}/co/contact</loc></url></urlset>`);
    if (path === '/b.xml') return xml(`<urlset><url><loc>${origin}/co/about</loc></url></urlset>`);
    if (path.startsWith('/co/')) res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    if (path === '/co/')
      return res.end(page('<h1>Co</h1><p>Write to <a href="mailto:hi@co.example">hi@co.example</a>.</p>'));
    if (path === '/co/contact') return res.end(page('<h1>Contact</h1><p>Phone: +1 415 555 0134</p>'));
    if (path === '/co/about') return res.end(page('<h1>About</h1><p>We make things.</p>'));
    res.writeHead(404).end();
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((r) => server.close(r)));
beforeEach(() => {
  hits = [];
});

const paths = () => hits.map((h) => h.path);

describe('sitemap cache', () => {
  it('takes a turn from the pacer before each sitemap request, index and children alike', async () => {
    const asked: string[] = [];
    /** For each turn: when it was given (ms after t0) and how many requests had reached the site by then. */
    const turns: { at: number; arrived: number }[] = [];
    const pacer = new HostPacer(150);
    const recording: Pacer = {
      wait: async (url, signal, max) => {
        asked.push(new URL(url).pathname);
        const ok = await pacer.wait(url, signal, max);
        turns.push({ at: Date.now() - t0, arrived: hits.length });
        return ok;
      },
    };
    const t0 = Date.now();
    const urls = await createSitemapCache(createGuardedFetch(OPTS)).urls(`${origin}/co/`, [], {
      pacer: recording,
    });
    expect(urls).toEqual([`${origin}/co/contact`, `${origin}/co/about`]);
    expect(asked).toEqual(['/sitemap.xml', '/a.xml', '/b.xml']);
    expect(paths()).toEqual(['/sitemap.xml', '/a.xml', '/b.xml']);
    // The turns are 150 ms apart (counted from t0, before the first was booked: never early), and no
    // request reached the site before its turn was given. Gaps between arrivals are not compared: on a
    // busy machine one request can take longer to arrive than the next (a CI run saw 129 of 150 ms).
    // Unpaced requests would arrive before their turns.
    turns.forEach((turn, i) => {
      expect(turn.at).toBeGreaterThanOrEqual(i * 150 - 5);
      expect(turn.arrived).toBeLessThanOrEqual(i);
    });
  });

  it('a load without a turn lists nothing and is not kept: the next job reads the sitemap', async () => {
    const cache = createSitemapCache(createGuardedFetch(OPTS));
    const refusing: Pacer = { wait: async () => false };
    expect(await cache.urls(`${origin}/co/`, [], { pacer: refusing })).toEqual([]);
    expect(paths()).toEqual([]);
    expect(await cache.urls(`${origin}/co/`, [])).toHaveLength(2);
    expect(paths()).toEqual(['/sitemap.xml', '/a.xml', '/b.xml']);
  });

  it('a load its job aborted is not kept; a whole one is, even when the site has no sitemap', async () => {
    const cache = createSitemapCache(createGuardedFetch(OPTS));
    const aborted = AbortSignal.abort(new Error('job timed out'));
    expect(await cache.urls(`${origin}/co/`, [], { signal: aborted })).toEqual([]);
    expect(await cache.urls(`${origin}/co/`, [])).toHaveLength(2);
    expect(await cache.urls(`${origin}/co/`, [])).toHaveLength(2);
    expect(paths()).toEqual(['/sitemap.xml', '/a.xml', '/b.xml']); // read once when whole
    // robots.txt names a sitemap the site does not have (404): an answer, remembered.
    hits = [];
    const none = createSitemapCache(createGuardedFetch(OPTS));
    expect(await none.urls(`${origin}/co/`, [`${origin}/missing.xml`])).toEqual([]);
    expect(await none.urls(`${origin}/co/`, [`${origin}/missing.xml`])).toEqual([]);
    expect(paths()).toEqual(['/missing.xml']);
  });
});

describe('a job on a site whose robots.txt sets Crawl-delay: 1', () => {
  it('spaces the sitemap requests like its pages: a second between any two', async () => {
    const researcher = createResearcher({ ...OPTS, maxPages: 2, respectRobots: true, useSitemap: true });
    try {
      const r = await researcher.research({
        url: `${origin}/co/`,
        queries: [
          { keyword: 'email', query: 'Contact email', type: 'email' },
          { keyword: 'phone', query: 'Phone number', type: 'string' },
        ],
        list: false,
        turbo: false,
      });
      expect(r.data).toMatchObject({ email: 'hi@co.example', phone: '+14155550134' }); // the phone is on a page only the sitemap lists
      expect(paths().slice(0, 4)).toEqual(['/co/', '/sitemap.xml', '/a.xml', '/b.xml']);
      expect(paths()).toContain('/co/contact');
      // Turns are a second apart, but these are arrivals, later than their turns by as long as a busy
      // machine takes to send and notice a request (up to LAG). A gap loses what the earlier request was
      // late by; the span from first to last loses only the first's. Unpaced, the gaps would be ~0 ms;
      // paced by a shorter delay, the span would fall short by more than LAG.
      const LAG = 500;
      for (let i = 1; i < hits.length; i++)
        expect(hits[i]!.at - hits[i - 1]!.at).toBeGreaterThanOrEqual(1000 - LAG);
      expect(hits.at(-1)!.at - hits[0]!.at).toBeGreaterThanOrEqual((hits.length - 1) * 1000 - LAG);
    } finally {
      await researcher.close();
    }
  }, 30_000);
});

describe('a job on a site without a Crawl-delay', () => {
  it('reads the sitemaps without waiting out its own page gap (QUARRY_HOST_DELAY_MS) for each', async () => {
    robotsTxt = 'User-agent: *\nAllow: /\n';
    // A long page gap, so that the two outcomes are seconds apart, which no load blurs.
    const researcher = createResearcher({
      ...OPTS,
      maxPages: 2,
      hostDelayMs: 3_000,
      respectRobots: true,
      useSitemap: true,
    });
    try {
      const r = await researcher.research({
        url: `${origin}/co/`,
        queries: [{ keyword: 'phone', query: 'Phone number', type: 'string' }],
        list: false,
        turbo: false,
      });
      expect(r.data.phone).toBe('+14155550134');
      const at = new Map(hits.map((h) => [h.path, h.at]));
      // The three sitemaps within one gap of the start page (waiting the gap for each, the last would
      // come three gaps after it, less at most LAG for the start page's own lateness, as above); the
      // follow-up page a gap after it, less LAG.
      const LAG = 500;
      expect(at.get('/b.xml')! - at.get('/co/')!).toBeLessThan(3_000);
      expect(at.get('/co/contact')! - at.get('/co/')!).toBeGreaterThanOrEqual(3_000 - LAG);
    } finally {
      robotsTxt = 'User-agent: *\nCrawl-delay: 1\nAllow: /\n';
      await researcher.close();
    }
  }, 30_000);
});
