// Batch throughput on loopback fixture pages for identical work — one GET of the page, then the
// engine's read-and-extract (readPage → offline extractor, via runResearch) — three ways in one run:
// a bare loop, the engine (upload, queue, worker, results stored) and Crawlee's CheerioCrawler whose
// request handler hands the body it fetched to the same research function.
//
// Measured twice, each against the targets:
// 1. As Quarry runs by default: research on the engine's research threads
//    (QUARRY_RESEARCH_THREADS, by default one per core but one), the site in a process of its own as a
//    real website is. The bare loop uses the same pool; Crawlee's handler sends its body to as many
//    threads running the same research function (bench/crawlee/).
// 2. Everything on this process's main thread (QUARRY_RESEARCH_THREADS=0, the site in this process
//    too), as this section measured before: the engine's queue, store messages and HTTP server share
//    one thread with the research and with the site.
// Each side's CPU time per job (this process, all its threads) is printed beside its rate, and in the
// first set-up the site's process's CPU per job too. Rates of single runs here spread by up to 2× with
// the machine's speed; on two busy cores, the difference in CPU per job is what separates the sides'
// rates, so the section also prints how much extra CPU per job 0.85× would leave the engine.
import fs from 'node:fs';
import path from 'node:path';
import type { TaskDefinition } from '../lib/contract/task-definition';
import { loadConfig } from '../lib/engine/config';
import type { FetchedResponse } from '../lib/engine/net/guarded-fetch';
import { createResearcher, type ResearcherOptions } from '../lib/engine/research';
import { createResearchPool } from '../lib/engine/research/pool/research-pool';
import { prepareRun, type PreparedRun } from '../lib/engine/tasks/build-research';
import { loadDefinition } from '../lib/engine/tasks/queries';
import type { Research } from '../lib/engine/tasks/execute';
import { startFixtureSite } from '../tests/fixtures/site/server';
import {
  bareLoop,
  createTask,
  fmt,
  startBenchEngine,
  startSiteProcess,
  startBenchClient,
  timeBatch,
  writeJsonl,
  type BenchEngine,
} from './bench-engine';
import { startCrawleeResearchThreads } from './crawlee/research-threads';
import { createServedFetch } from './crawlee/served-fetch';
import { line, median, verdict } from './util';

const ROWS = Number(process.env.BENCH_CRAWLEE_ROWS ?? 1_000);
const REPEAT = Number(process.env.BENCH_CRAWLEE_REPEAT ?? 7);
// Runs take about a second. After a warm-up of 200 rows the first measured run was still ~40% slower
// than later ones for every side (the JIT at work), so each side first runs full runs unmeasured.
// One was not enough for the engine: its code (queue, store client, HTTP, the embedded store's glue)
// is far larger than the bare loop's, and V8 kept optimising it for ~6,000 jobs. Traced with
// --trace-opt, background compiles cost the engine 0.22, 0.17, 0.07, 0.10, 0.15, then 0.02-0.06 ms per
// job over its first ten runs of 1,000 (the bare loop: 0.14, 0.02, then < 0.01), which the old
// figure counted against the engine. A batch of thousands of rows runs warm: measure it warm.
const WARM_RUNS = Number(process.env.BENCH_CRAWLEE_WARM_RUNS ?? 5);
const CONCURRENCY = 8;

const OPTIONS: ResearcherOptions = {
  allowPrivate: true,
  timeoutMs: 15_000,
  maxBytes: 5 * 1024 * 1024,
  maxPages: 0, // the given page only: one GET per row everywhere
  userAgent: 'QuarryBench',
  respectRobots: false,
  useSitemap: false,
};

type Rate = { rate: number; ok: number };
/** With this process's CPU time over the run, every thread (main, research, store, GC) counted. */
type Timed = Rate & { cpuMs: number; siteCpuMs: number | null };
/** Crawlee's read + extract of the page it fetched: true when the research found an answer. */
type ResearchFetched = (run: PreparedRun, page: FetchedResponse) => Promise<boolean>;

/** `siteCpu`: the site's process, when it has its own (its CPU is then not in this process's). */
async function withCpu(run: () => Promise<Rate>, siteCpu?: () => number | null): Promise<Timed> {
  const siteBefore = siteCpu?.() ?? null;
  const before = process.cpuUsage();
  const r = await run();
  const used = process.cpuUsage(before);
  const siteAfter = siteCpu?.() ?? null;
  const siteCpuMs = siteBefore !== null && siteAfter !== null ? siteAfter - siteBefore : null;
  return { ...r, cpuMs: (used.user + used.system) / 1000, siteCpuMs };
}

async function crawleeRun(
  definition: TaskDefinition,
  urls: string[],
  researchFetched: ResearchFetched,
): Promise<Rate> {
  const { CheerioCrawler, Configuration, log } = await import('@crawlee/cheerio');
  log.setLevel(log.LEVELS.OFF);
  let ok = 0;
  const crawler = new CheerioCrawler(
    {
      minConcurrency: CONCURRENCY,
      maxConcurrency: CONCURRENCY,
      maxRequestRetries: 0,
      async requestHandler({ request, body, response }) {
        const input = request.userData.input as string;
        const headers: Record<string, string> = {};
        for (const [k, v] of Object.entries(response.headers)) if (typeof v === 'string') headers[k] = v;
        const prepared = prepareRun(definition, [input], true);
        if (!prepared.ok) throw new Error(prepared.message);
        const page: FetchedResponse = {
          url: request.loadedUrl ?? input,
          status: response.statusCode ?? 200,
          headers,
          body: Buffer.isBuffer(body) ? body : Buffer.from(body),
          truncated: false,
          contentType: headers['content-type'] ?? null,
          redirects: [],
        };
        if (await researchFetched(prepared.run, page)) ok++;
      },
    },
    new Configuration({ persistStorage: false, purgeOnStart: true }),
  );
  const t0 = performance.now();
  await crawler.run(urls.map((u) => ({ url: u, userData: { input: u } })));
  const rate = urls.length / ((performance.now() - t0) / 1000);
  releaseQueue(crawler);
  return { rate, ok };
}

/**
 * A finished crawler stays reachable: @apify/timeout runs each request inside an AsyncLocalStorage
 * context, and resources created there that outlive the crawl (a module promise, a socket's timer)
 * keep that context and through it the crawler and its request queue. Each queue holds a
 * deduplication cache of two 1,000,000-slot arrays (~15 MB), so the section's 24 crawls left ~110 MB
 * live on this process's heap (heap snapshot, retainer path), which every later major collection
 * marked: a cost the engine's main thread, which allocates more than the bare loop's, paid in the
 * runs after them. The crawl is over; its cache goes.
 */
function releaseQueue(crawler: object): void {
  const queue = (crawler as { requestQueue?: { requestSeenCache?: unknown } }).requestQueue;
  if (queue && 'requestSeenCache' in queue) queue.requestSeenCache = null;
}

/** Crawlee's research on this thread: the research function reads the page through a fetch that serves Crawlee's body. */
function researchOnMainThread(): {
  researchFetched: ResearchFetched;
  extraFetches(): number;
  close(): Promise<void>;
} {
  const served = createServedFetch(OPTIONS);
  const researcher = createResearcher({ ...OPTIONS, fetch: served.fetch });
  return {
    researchFetched: async (run, page) =>
      !(await served.serving(run.url, page, () => researcher.research({ ...run, turbo: false })))
        .error_detected,
    extraFetches: served.extraFetches,
    async close() {
      await researcher.close();
      await served.close();
    },
  };
}

interface Ways {
  title: string;
  /** The set-up issue 6's throughput target is judged on (the default one); the other is shown beside it. */
  judged: boolean;
  bare(urls: string[]): Promise<Rate>;
  engine(urls: string[]): Promise<Rate>;
  crawlee: ((urls: string[]) => Promise<Rate>) | null;
  extraFetches(): Promise<number>;
  /** CPU time of the site's own process so far (absent when the site runs in this process). */
  siteCpuMs?: () => number | null;
}

async function measure(ways: Ways, siteUrl: string, runOffset: number): Promise<void> {
  const urlsFor = (run: number, n = ROWS) =>
    Array.from({ length: n }, (_, i) => `${siteUrl}/co/${100_000 + (runOffset + run) * ROWS + i}/contact`);
  // Warm-up of every path (JIT, connection pools, threads), interleaved as the measured runs are.
  // Crawlee's runs come after the bare loop's and the engine's, not between them: every crawl leaves
  // state on this process's heap (see releaseQueue; ~1.5-2 MB a crawl even with its queue's cache
  // released), which the engine's main thread, allocating more than the bare loop's, then marked in
  // each major collection. With crawls between them the engine read 0.84-0.95x the bare loop in four
  // runs of this section; without crawls, 0.96x twice. Crawlee's figure then comes from a later
  // window than the engine's; its margin (4-5x against a target of 1.5x) is far beyond the machine's
  // drift between windows.
  const warm: string[] = [];
  for (let w = 0; w < WARM_RUNS; w++) {
    const b = await ways.bare(urlsFor(90 + 3 * w));
    const e = await ways.engine(urlsFor(91 + 3 * w));
    warm.push((e.rate / b.rate).toFixed(2));
  }
  const bare: Timed[] = [];
  const eng: Timed[] = [];
  const crawlee: Timed[] = [];
  for (let r = 0; r < REPEAT; r++) {
    bare.push(await withCpu(() => ways.bare(urlsFor(3 * r)), ways.siteCpuMs));
    eng.push(await withCpu(() => ways.engine(urlsFor(3 * r + 1)), ways.siteCpuMs));
  }
  if (ways.crawlee) {
    for (let w = 0; w < WARM_RUNS; w++) await ways.crawlee(urlsFor(92 + 3 * w));
    for (let r = 0; r < REPEAT; r++) crawlee.push(await withCpu(() => ways.crawlee!(urlsFor(3 * r + 2))));
  }
  const m = (xs: Rate[]) => median(xs.map((x) => x.rate));
  const cpu = (xs: Timed[]) => median(xs.map((x) => x.cpuMs / ROWS));
  const runs = (xs: Timed[]) =>
    `runs ${xs.map((x) => x.rate.toFixed(0)).join(', ')}; ${Math.min(...xs.map((x) => x.ok))}/${ROWS} answered; ` +
    `CPU ${cpu(xs).toFixed(2)} ms/job`;
  console.log(`\n## ${ways.title}, median of ${REPEAT} after ${WARM_RUNS} warm-up runs each`);
  if (WARM_RUNS > 0)
    line(
      'engine / bare loop in the warm-up runs',
      warm.join(', '),
      'not in the figures (the JIT still at work)',
    );
  line('bare loop (fetch, read, extract; no store)', `${m(bare).toFixed(1)} jobs/s`, runs(bare));
  line('engine (upload, queue, worker, results stored)', `${m(eng).toFixed(1)} jobs/s`, runs(eng));
  if (ways.crawlee) {
    line(
      'Crawlee CheerioCrawler, same research function',
      `${m(crawlee).toFixed(1)} jobs/s`,
      `${runs(crawlee)}; ${await ways.extraFetches()} fetches outside Crawlee`,
    );
  }
  line(
    'CPU per job, engine − bare loop',
    `${(cpu(eng) - cpu(bare)).toFixed(2)} ms`,
    `the engine takes ${(cpu(eng) / cpu(bare)).toFixed(2)}× the bare loop's CPU per job`,
  );
  // What 0.85x leaves the engine: with every core busy a side's rate follows the CPU its jobs take in
  // all, the site's included, so the engine may add at most (bare + site) / 0.85 - (bare + site).
  const siteRuns = [...bare, ...eng].map((x) => x.siteCpuMs);
  const site = siteRuns.every((x) => x !== null) ? median(siteRuns.map((x) => x! / ROWS)) : null;
  if (site !== null)
    line(
      'site process, CPU per job (same for both sides)',
      `${site.toFixed(2)} ms`,
      'served from its own process',
    );
  const allowed = (cpu(bare) + (site ?? 0)) * (1 / 0.85 - 1);
  line(
    'extra CPU per job 0.85× would allow',
    `${allowed.toFixed(2)} ms`,
    `(bare loop ${cpu(bare).toFixed(2)}${site !== null ? ` + site ${site.toFixed(2)}` : ''}) / 0.85 − the same; the engine adds ${(cpu(eng) - cpu(bare)).toFixed(2)}`,
  );
  // Each engine run follows its bare-loop run: the ratio of each pair shows how far single runs of this
  // two-core machine spread, which the ratio of medians below hides.
  const pairs = eng.map((e, i) => e.rate / bare[i]!.rate).sort((a, b) => a - b);
  line(
    'engine / bare loop, run by run',
    `${pairs[0]!.toFixed(2)}–${pairs[pairs.length - 1]!.toFixed(2)}×`,
    `each engine run against the bare-loop run before it; median ${median(pairs).toFixed(2)}×`,
  );
  const vsBare = m(eng) / m(bare);
  line(
    'engine / bare loop',
    `${vsBare.toFixed(2)}×`,
    ways.judged
      ? `target ≥ 0.85×: ${verdict(vsBare >= 0.85)}`
      : `${vsBare >= 0.85 ? 'at or above' : 'below'} 0.85× in this set-up; the target is judged on the default set-up`,
  );
  if (ways.crawlee) {
    const vsCrawlee = m(eng) / m(crawlee);
    line('engine / Crawlee', `${vsCrawlee.toFixed(2)}×`, `target ≥ 1.5×: ${verdict(vsCrawlee >= 1.5)}`);
  } else {
    console.log('(@crawlee/cheerio is not installed: the Crawlee comparison is skipped)');
  }
}

/** An engine on loopback whose own worker researches with `research`; a run times one whole batch. */
async function engineSide(threads: number, research: Research) {
  const b = await startBenchEngine(
    {
      QUARRY_WORKER_CONCURRENCY: String(CONCURRENCY),
      QUARRY_HOST_CONCURRENCY: String(CONCURRENCY),
      QUARRY_RESEARCH_THREADS: String(threads),
    },
    { research, startWorker: true },
  );
  const taskId = await createTask(b.url);
  const { definition } = await loadDefinition(b.engine.db, taskId);
  const client = startBenchClient();
  const close = async () => {
    client.close();
    await b.close();
  };
  const run = async (urls: string[]): Promise<Rate> => {
    const file = path.join(b.dir, 'crawlee-engine.jsonl');
    await writeJsonl(file, urls.length, (i) => urls[i]!);
    const { batch: done, seconds } = await timeBatch(client, b.url, file, { task_id: taskId }, 600_000);
    fs.rmSync(file);
    return { rate: urls.length / seconds, ok: done.jobs_completed - done.jobs_failed };
  };
  return { b: { ...b, close }, definition, run };
}

async function hasCrawlee(): Promise<boolean> {
  try {
    await import('@crawlee/cheerio');
    return true;
  } catch {
    return false;
  }
}

/** Quarry's default set-up: research on threads, the site in its own process. */
async function onResearchThreads(withCrawlee: boolean): Promise<void> {
  const threads = loadConfig({ ...process.env, QUARRY_ALLOW_PRIVATE_URLS: '1' }).researchThreads;
  const site = await startSiteProcess();
  const pool = createResearchPool({ threads, options: OPTIONS });
  let b: BenchEngine | null = null;
  const crawleeThreads = withCrawlee ? await startCrawleeResearchThreads(threads, OPTIONS) : null;
  try {
    const side = await engineSide(threads, pool.research);
    b = side.b;
    await measure(
      {
        judged: true,
        title: `Identical work three ways: ${fmt(ROWS)} loopback pages (site in its own process), one GET + read + extract each, concurrency ${CONCURRENCY}, ${threads} research thread(s) each (the default set-up)`,
        bare: (urls) => bareLoop(pool.research, side.definition, urls, CONCURRENCY),
        engine: side.run,
        crawlee: crawleeThreads
          ? (urls) => crawleeRun(side.definition, urls, (run, page) => crawleeThreads.research(run, page))
          : null,
        extraFetches: async () => (await crawleeThreads?.extraFetches()) ?? 0,
        siteCpuMs: site.cpuMs,
      },
      site.url,
      0,
    );
  } finally {
    await b?.close();
    await crawleeThreads?.close();
    await pool.close();
    await site.close();
  }
}

/** Everything on the main thread, the site in this process (the section's earlier set-up). */
async function onMainThread(withCrawlee: boolean): Promise<void> {
  const site = await startFixtureSite();
  const researcher = createResearcher(OPTIONS);
  const crawleeResearch = researchOnMainThread();
  let b: BenchEngine | null = null;
  try {
    const side = await engineSide(0, researcher.research);
    b = side.b;
    await measure(
      {
        judged: false,
        title: `The same on one thread: research, queue and site on the main thread (QUARRY_RESEARCH_THREADS=0, site in this process), ${fmt(ROWS)} pages, concurrency ${CONCURRENCY}`,
        bare: (urls) => bareLoop(researcher.research, side.definition, urls, CONCURRENCY),
        engine: side.run,
        crawlee: withCrawlee
          ? (urls) => crawleeRun(side.definition, urls, crawleeResearch.researchFetched)
          : null,
        extraFetches: async () => crawleeResearch.extraFetches(),
      },
      site.url,
      1_000,
    );
  } finally {
    await b?.close();
    await crawleeResearch.close();
    await researcher.close();
    await site.close();
  }
}

// Two sections, so each starts in a process of its own (bench/run.ts): the one-thread set-up read
// 0.81-0.82x when it ran after the default set-up's crawls in the same process.

/** The default set-up: research on threads, the site in its own process. */
export async function crawleeBench(): Promise<void> {
  await onResearchThreads(await hasCrawlee());
}

/** Everything on the main thread, the site in this process. */
export async function crawleeOneThreadBench(): Promise<void> {
  await onMainThread(await hasCrawlee());
}
