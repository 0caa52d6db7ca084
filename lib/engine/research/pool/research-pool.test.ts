import fs from 'node:fs';
import type { Worker } from 'node:worker_threads';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ResearchQuery } from '@/lib/contract/task-definition';
import {
  FACTS,
  companyFacts,
  startFixtureSite,
  type FixtureSite,
} from '../../../../tests/fixtures/site/server';
import { createGuardedFetch } from '../../net/guarded-fetch';
import { createResearcher, type Researcher, type ResearchResult } from '../index';
import { bundleWorker } from '../../threads/bundle-worker';
import {
  createResearchPool,
  DEFAULT_HEAP_MB,
  ResearchWorkerCrashedError,
  type ResearchPool,
} from './research-pool';

const QUERIES: ResearchQuery[] = [
  { keyword: 'company_name', query: 'What is the name of the company?', type: 'string' },
  { keyword: 'email', query: 'Contact email address', type: 'email' },
  { keyword: 'phone', query: 'Main phone number', type: 'string' },
  { keyword: 'address', query: 'Postal address of the headquarters', type: 'string' },
  { keyword: 'founded', query: 'Year the company was founded', type: 'number' },
  { keyword: 'products', query: 'Products with their prices', type: 'list' },
];
const OPTIONS = {
  allowPrivate: true,
  timeoutMs: 10_000,
  maxBytes: 2_000_000,
  maxPages: 4,
  userAgent: 'QuarryTest/1.0',
};

let site: FixtureSite;
let local: Researcher;
let pool: ResearchPool;
const started: Worker[] = [];

beforeAll(async () => {
  site = await startFixtureSite();
  local = createResearcher(OPTIONS);
  // Bundling the worker can take seconds on a busy machine: do it here, not inside a test's budget.
  await bundleWorker('research');
  pool = createResearchPool({ threads: 2, options: OPTIONS, onThreadStart: (w) => started.push(w) });
}, 120_000);
afterAll(async () => {
  await pool?.close();
  await local?.close();
  await site?.close();
});

/** Waits for a condition (never a fixed sleep); fails with `what` after `ms`. */
async function until(what: string, check: () => boolean, ms = 10_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

/** Page timings differ run to run; everything else must match exactly. */
const withoutTimings = (r: ResearchResult) => ({ ...r, pages: r.pages.map(({ ms: _ms, ...p }) => p) });

describe('research pool', () => {
  it('gives the same results as in-process research', async () => {
    const cases = [
      ...['/acme/', '/bergmann/', '/lumen/', '/cafe/', '/shop/products'].map((p) => ({
        path: p,
        list: false,
      })),
      { path: '/shop/products', list: true },
      { path: companyFacts(77).path, list: false },
      { path: '/status/404', list: false },
    ];
    for (const turbo of [false, true]) {
      for (const c of cases) {
        const req = { url: `${site.url}${c.path}`, queries: QUERIES, list: c.list, turbo };
        const [inProcess, pooled] = await Promise.all([local.research(req), pool.research(req)]);
        expect(withoutTimings(pooled), `${c.path} turbo=${turbo}`).toEqual(withoutTimings(inProcess));
      }
    }
    // Really answered by threads, not by the in-process fallback.
    expect(pool.load()).toEqual([0, 0]);
  }, 60_000);

  it('spreads concurrent calls over the threads', async () => {
    const slow = Array.from({ length: 4 }, (_, i) =>
      pool.research({
        url: `${site.url}/slow/300${companyFacts(i).path}`,
        queries: QUERIES,
        list: false,
        turbo: true,
      }),
    );
    await until('all four to be dispatched', () => pool.load().join() === '2,2');
    const results = await Promise.all(slow);
    expect(results.map((r) => r.data.company_name)).toEqual([0, 1, 2, 3].map((i) => companyFacts(i).name));
    expect(pool.load()).toEqual([0, 0]);
  }, 30_000);

  it('rejects with the signal reason and stops the work in the thread', async () => {
    const controller = new AbortController();
    const reason = new Error('caller gave up');
    const path = '/slow/8000/acme/';
    const call = pool.research({
      url: `${site.url}${path}`,
      queries: QUERIES,
      list: false,
      turbo: false,
      signal: controller.signal,
    });
    await until('the slow page to be requested', () => (site.hits.get(path) ?? 0) > 0);
    controller.abort(reason);
    await expect(call).rejects.toBe(reason);
    // The thread confirms it dropped the call well before the page would have answered (8 s).
    await until('the thread to drop the aborted call', () => pool.load().every((n) => n === 0), 6_000);

    const already = AbortSignal.abort(reason);
    await expect(
      pool.research({
        url: `${site.url}/acme/`,
        queries: QUERIES,
        list: false,
        turbo: true,
        signal: already,
      }),
    ).rejects.toBe(reason);
  }, 30_000);

  it('replaces a crashed thread and rejects the calls it had in flight', async () => {
    for (const crash of [
      (w: Worker) => void w.terminate(),
      (w: Worker) => w.postMessage({ type: 'explode' }),
    ]) {
      const before = started.length;
      const calls = Array.from({ length: 4 }, () =>
        pool.research({ url: `${site.url}/slow/2000/acme/`, queries: QUERIES, list: false, turbo: true }),
      );
      await until('calls to be dispatched', () => pool.load().reduce((a, b) => a + b, 0) === 4);
      const victim = started.at(-1)!;
      crash(victim);
      const settled = await Promise.allSettled(calls);
      const rejected = settled
        .filter((s) => s.status === 'rejected')
        .map((s) => (s as PromiseRejectedResult).reason);
      // Only the victim's two calls fail (a 2 s page would otherwise answer); the other thread still answers its two.
      expect(rejected).toHaveLength(2);
      for (const err of rejected) {
        expect(err).toBeInstanceOf(ResearchWorkerCrashedError);
        expect((err as Error).message).toMatch(/research thread \d+ crashed/);
      }
      expect(started.length).toBe(before + 1);
      await until('the replacement to take work', () => pool.load().length === 2);
      const after = await pool.research({
        url: `${site.url}/acme/`,
        queries: QUERIES,
        list: false,
        turbo: true,
      });
      expect(after.data.company_name).toBe(FACTS.acme.name);
    }
  }, 60_000);

  it("caps each thread's heap (default, or as configured)", async () => {
    // Uncapped, V8 sized a thread's heap for the machine and let garbage reach ~1.4 GB before
    // collecting, at 4–5× the CPU per job while it did (see ResearchPoolOptions.heapMb).
    await until('both threads to start', () => started.length >= 2);
    expect(started.at(-1)!.resourceLimits?.maxOldGenerationSizeMb).toBe(DEFAULT_HEAP_MB); // a live thread
    const mine: Worker[] = [];
    const own = createResearchPool({
      threads: 1,
      options: OPTIONS,
      heapMb: 192,
      onThreadStart: (w) => mine.push(w),
    });
    const r = await own.research({ url: `${site.url}/acme/`, queries: QUERIES, list: false, turbo: true });
    expect(r.data.company_name).toBe(FACTS.acme.name);
    expect(mine).toHaveLength(1);
    expect(mine[0]!.resourceLimits?.maxOldGenerationSizeMb).toBe(192);
    await own.close();
  }, 30_000);

  it('runs packages as they ship: its bundle imports them instead of inlining them', async () => {
    // Inlined with keepNames, their inner functions were renamed as each closure was made, and V8 kept
    // discarding its optimized code for linkedom's classes (see bundle-worker.ts).
    const text = fs.readFileSync(await bundleWorker('research'), 'utf8');
    expect(text).toMatch(/^import \{ parseHTML \} from "linkedom";$/m);
    expect(text).not.toContain('// node_modules/');
  });

  it('close() terminates the threads and refuses further work', async () => {
    const own = createResearchPool({ threads: 1, options: OPTIONS });
    await own.research({ url: `${site.url}/acme/`, queries: QUERIES, list: false, turbo: true });
    const inFlight = own.research({
      url: `${site.url}/slow/5000/acme/`,
      queries: QUERIES,
      list: false,
      turbo: true,
    });
    await until('the call to be dispatched', () => own.load()[0] === 1);
    const refused = expect(inFlight).rejects.toThrow(/closed/); // handled before close() rejects it
    await own.close();
    await refused;
    expect(own.load()).toEqual([]);
    await expect(
      own.research({ url: `${site.url}/acme/`, queries: QUERIES, list: false, turbo: true }),
    ).rejects.toThrow(/closed/);
  }, 30_000);

  it('researches in-process when a fetch is injected or threads is 0', async () => {
    const guarded = createGuardedFetch(OPTIONS);
    let calls = 0;
    const injected = createResearchPool({
      threads: 2,
      options: { ...OPTIONS, fetch: (url, init) => (calls++, guarded(url, init)) },
    });
    const r = await injected.research({
      url: `${site.url}/acme/`,
      queries: QUERIES,
      list: false,
      turbo: true,
    });
    expect(r.data.company_name).toBe(FACTS.acme.name);
    expect(calls).toBeGreaterThan(0); // a function cannot cross threads, so this ran here
    expect(injected.load()).toEqual([]);
    await injected.close();
    await guarded.close();

    const none = createResearchPool({ threads: 0, options: OPTIONS });
    expect(none.load()).toEqual([]);
    await none.close();
  });
});

describe('turns at a Crawl-delay host, asked by a research thread', () => {
  it('are given back to the schedule when the job is aborted while waiting', async () => {
    const { createServer } = await import('node:http');
    const server = createServer((req, res) => {
      if (req.url === '/robots.txt')
        return res.writeHead(200, { 'content-type': 'text/plain' }).end('User-agent: *\nCrawl-delay: 2\n');
      res
        .writeHead(200, { 'content-type': 'text/html' })
        .end('<html><body><p>hello@slow.example</p></body></html>');
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const url = `http://127.0.0.1:${(server.address() as import('node:net').AddressInfo).port}/`;
    // A schedule whose turn never comes: it only records whether the thread gave its wait up.
    let asked = 0;
    let givenBack: (why: unknown) => void;
    const gaveBack = new Promise<unknown>((r) => (givenBack = r));
    const turns = createResearchPool({
      threads: 1,
      options: {
        ...OPTIONS,
        crawlTurns: (_url, gapMs, maxWaitMs, signal) => {
          expect(gapMs).toBe(2_000);
          // The read of robots.txt asks to record a turn without waiting (net/robots.ts): a schedule
          // whose turns never come has none free now.
          if (maxWaitMs === 0) return Promise.resolve(false);
          asked++;
          return new Promise<boolean>((_resolve, reject) =>
            signal?.addEventListener('abort', () => (givenBack(signal.reason), reject(signal.reason)), {
              once: true,
            }),
          );
        },
      },
    });
    try {
      const job = new AbortController();
      const research = turns.research({
        url,
        queries: [QUERIES[1]!],
        list: false,
        turbo: true,
        signal: job.signal,
      });
      await expect.poll(() => asked, { timeout: 10_000 }).toBe(1);
      job.abort(new Error('cancelled'));
      await expect(research).rejects.toThrow('cancelled');
      expect(String(await gaveBack)).toMatch(/stopped waiting/);
    } finally {
      await turns.close();
      await new Promise((r) => server.close(r));
    }
  }, 30_000);
});

describe('robots.txt, asked by research threads', () => {
  it('is read once for all threads, from one cache on the main thread', async () => {
    const { createServer } = await import('node:http');
    let robotsReads = 0;
    const server = createServer((req, res) => {
      if (req.url === '/robots.txt') {
        robotsReads++;
        return res
          .writeHead(200, { 'content-type': 'text/plain' })
          .end('User-agent: *\nDisallow: /private/\n');
      }
      res
        .writeHead(200, { 'content-type': 'text/html' })
        .end('<html><body><p>hello@shared.example</p></body></html>');
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const origin = `http://127.0.0.1:${(server.address() as import('node:net').AddressInfo).port}`;
    const shared = createResearchPool({ threads: 2, options: { ...OPTIONS, maxPages: 0 } });
    try {
      const ask = (path: string) =>
        shared.research({ url: `${origin}${path}`, queries: [QUERIES[1]!], list: false, turbo: true });
      // Eight at once: both threads meet the site before either has its verdict.
      const results = await Promise.all([
        ...Array.from({ length: 7 }, (_, i) => ask(`/p/${i}`)),
        ask('/private/x'),
      ]);
      expect(robotsReads).toBe(1);
      expect(results.slice(0, 7).every((r) => r.data.email === 'hello@shared.example')).toBe(true);
      expect(results[7]!.error).toMatch(/robots\.txt .* does not allow/); // the shared verdict is applied
    } finally {
      await shared.close();
      await new Promise((r) => server.close(r));
    }
  }, 30_000); // starts a pool of its own: two threads loading the research bundle, seconds on a loaded machine
});
