// Batch throughput on loopback fixture pages for identical work — one GET of the page, then the
// engine's read-and-extract (readPage → offline extractor, via runResearch) — three ways in one run:
// a bare loop, the engine (upload, queue, worker, results stored) and Crawlee's CheerioCrawler whose
// request handler calls the same research function on the body Crawlee fetched. All three run at
// concurrency 8 on this process's main thread. (The engine-vs-bare figure with the research thread
// pool and follow-up pages is in bench/engine-bench.ts.)
import fs from 'node:fs';
import path from 'node:path';
import type { TaskDefinition } from '../lib/contract/task-definition';
import { createGuardedFetch, type FetchedResponse, type GuardedFetch } from '../lib/engine/net/guarded-fetch';
import { createResearcher, type ResearcherOptions } from '../lib/engine/research';
import { prepareRun } from '../lib/engine/tasks/build-research';
import { loadDefinition } from '../lib/engine/tasks/queries';
import type { Research } from '../lib/engine/tasks/execute';
import { startFixtureSite } from '../tests/fixtures/site/server';
import { createTask, fmt, startBenchEngine, timeBatch, writeJsonl } from './bench-engine';
import { line, median, verdict } from './util';

const ROWS = Number(process.env.BENCH_CRAWLEE_ROWS ?? 1_000);
const REPEAT = Number(process.env.BENCH_REPEAT ?? 3);
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

async function bareLoop(research: Research, definition: TaskDefinition, urls: string[]): Promise<Rate> {
  const t0 = performance.now();
  let next = 0;
  let ok = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < urls.length) {
        const prepared = prepareRun(definition, [urls[next++]!], true);
        if (!prepared.ok) throw new Error(prepared.message);
        const r = await research({ ...prepared.run, turbo: false });
        if (!r.error_detected) ok++;
      }
    }),
  );
  return { rate: urls.length / ((performance.now() - t0) / 1000), ok };
}

async function crawleeRun(definition: TaskDefinition, urls: string[], fallback: GuardedFetch): Promise<Rate & { extraFetches: number }> {
  const { CheerioCrawler, Configuration, log } = await import('@crawlee/cheerio');
  log.setLevel(log.LEVELS.OFF);
  // The research function reads pages through this fetch: the body Crawlee fetched for the row's URL.
  const served = new Map<string, FetchedResponse>();
  let extraFetches = 0;
  const fetchFromCrawlee: GuardedFetch = async (url, init) => {
    const hit = served.get(url);
    if (hit) return hit;
    extraFetches++;
    return fallback(url, init);
  };
  const researcher = createResearcher({ ...OPTIONS, fetch: fetchFromCrawlee });
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
        served.set(input, {
          url: request.loadedUrl ?? input,
          status: response.statusCode ?? 200,
          headers,
          body: Buffer.isBuffer(body) ? body : Buffer.from(body),
          truncated: false,
          contentType: headers['content-type'] ?? null,
          redirects: [],
        });
        try {
          const prepared = prepareRun(definition, [input], true);
          if (!prepared.ok) throw new Error(prepared.message);
          const r = await researcher.research({ ...prepared.run, turbo: false });
          if (!r.error_detected) ok++;
        } finally {
          served.delete(input);
        }
      },
    },
    new Configuration({ persistStorage: false, purgeOnStart: true }),
  );
  const t0 = performance.now();
  await crawler.run(urls.map((u) => ({ url: u, userData: { input: u } })));
  const rate = urls.length / ((performance.now() - t0) / 1000);
  await researcher.close();
  return { rate, ok, extraFetches };
}

export async function crawleeBench(): Promise<void> {
  let hasCrawlee = true;
  try {
    await import('@crawlee/cheerio');
  } catch {
    hasCrawlee = false;
  }
  const site = await startFixtureSite();
  const researcher = createResearcher(OPTIONS);
  const fallback = createGuardedFetch({ allowPrivate: true, timeoutMs: 15_000, maxBytes: OPTIONS.maxBytes, userAgent: 'QuarryBench' });
  const b = await startBenchEngine(
    { QUARRY_WORKER_CONCURRENCY: String(CONCURRENCY), QUARRY_HOST_CONCURRENCY: String(CONCURRENCY), QUARRY_RESEARCH_THREADS: '0' },
    { research: researcher.research, startWorker: true },
  );
  try {
    const taskId = await createTask(b.url);
    const { definition } = await loadDefinition(b.engine.db, taskId);
    const urlsFor = (run: number) => Array.from({ length: ROWS }, (_, i) => `${site.url}/co/${100_000 + run * ROWS + i}/contact`);
    const engineRun = async (urls: string[]): Promise<Rate> => {
      const file = path.join(b.dir, 'crawlee-engine.jsonl');
      await writeJsonl(file, urls.length, (i) => urls[i]!);
      const { batch: done, seconds } = await timeBatch(b.url, file, { task_id: taskId }, 600_000);
      fs.rmSync(file);
      return { rate: urls.length / seconds, ok: done.jobs_completed - done.jobs_failed };
    };

    // Warm-up of every path (JIT, connection pools), then interleaved repetitions.
    await bareLoop(researcher.research, definition, urlsFor(90).slice(0, 200));
    await engineRun(urlsFor(91).slice(0, 200));
    if (hasCrawlee) await crawleeRun(definition, urlsFor(92).slice(0, 200), fallback);
    const bare: Rate[] = [];
    const eng: Rate[] = [];
    const crawlee: (Rate & { extraFetches: number })[] = [];
    for (let r = 0; r < REPEAT; r++) {
      bare.push(await bareLoop(researcher.research, definition, urlsFor(3 * r)));
      eng.push(await engineRun(urlsFor(3 * r + 1)));
      if (hasCrawlee) crawlee.push(await crawleeRun(definition, urlsFor(3 * r + 2), fallback));
    }
    const m = (xs: Rate[]) => median(xs.map((x) => x.rate));
    const runs = (xs: Rate[]) => `runs ${xs.map((x) => x.rate.toFixed(0)).join(', ')}; ${Math.min(...xs.map((x) => x.ok))}/${ROWS} answered`;
    console.log(
      `\n## Identical work three ways: ${fmt(ROWS)} loopback pages, one GET + read + extract each, concurrency ${CONCURRENCY}, main thread, median of ${REPEAT}`,
    );
    line('bare loop (fetch, read, extract; no store)', `${m(bare).toFixed(1)} jobs/s`, runs(bare));
    line('engine (upload, queue, worker, results stored)', `${m(eng).toFixed(1)} jobs/s`, runs(eng));
    if (hasCrawlee) {
      line('Crawlee CheerioCrawler, same research function', `${m(crawlee).toFixed(1)} jobs/s`, `${runs(crawlee)}; ${crawlee.reduce((s, c) => s + c.extraFetches, 0)} fetches outside Crawlee`);
    }
    const vsBare = m(eng) / m(bare);
    line('engine / bare loop', `${vsBare.toFixed(2)}×`, `target ≥ 0.85×: ${verdict(vsBare >= 0.85)}`);
    if (hasCrawlee) {
      const vsCrawlee = m(eng) / m(crawlee);
      line('engine / Crawlee', `${vsCrawlee.toFixed(2)}×`, `target ≥ 1.5×: ${verdict(vsCrawlee >= 1.5)}`);
    } else {
      console.log('(@crawlee/cheerio is not installed: the Crawlee comparison is skipped)');
    }
  } finally {
    await b.close();
    await researcher.close();
    await fallback.close();
    await site.close();
  }
}
