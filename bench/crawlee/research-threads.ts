// The Crawlee side's research threads (thread-entry.ts): as many as the engine's research pool has,
// so all three ways of the benchmark run read + extract on the same number of threads. Bundled as the
// engine's own thread entries are (lib/engine/threads/bundle-worker.ts).
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { ResearcherOptions } from '../../lib/engine/research';
import { buildWorkerFile } from '../../lib/engine/threads/bundle-worker';
import type { FromCrawleeThread, ToCrawleeThread } from './protocol';

type Page = Extract<ToCrawleeThread, { type: 'research' }>['page'];
type Run = Extract<ToCrawleeThread, { type: 'research' }>['run'];

export interface CrawleeResearchThreads {
  /** Read + extract of a page Crawlee fetched; true when the research found an answer. */
  research(run: Run, page: Page): Promise<boolean>;
  /** Fetches the research made itself, outside Crawlee (expected: none). */
  extraFetches(): Promise<number>;
  close(): Promise<void>;
}

export async function startCrawleeResearchThreads(count: number, options: ResearcherOptions): Promise<CrawleeResearchThreads> {
  const root = process.cwd();
  const outfile = path.join(root, 'node_modules/.cache/quarry/bench-crawlee-research.mjs');
  await buildWorkerFile(path.join(root, 'bench/crawlee/thread-entry.ts'), outfile, root);
  let nextId = 1;
  const threads = await Promise.all(
    Array.from({ length: Math.max(1, count) }, async () => {
      const worker = new Worker(outfile, { workerData: options });
      const waiting = new Map<number, (v: FromCrawleeThread) => void>();
      let counted: ((n: number) => void) | null = null;
      await new Promise<void>((resolve, reject) => {
        worker.once('error', reject);
        worker.on('message', (m: FromCrawleeThread) => {
          if (m.type === 'ready') return resolve();
          if (m.type === 'count') return counted?.(m.extraFetches);
          waiting.get(m.id)?.(m);
          waiting.delete(m.id);
        });
      });
      return { worker, waiting, count: () => new Promise<number>((r) => ((counted = r), worker.postMessage({ type: 'count' } satisfies ToCrawleeThread))) };
    }),
  );
  return {
    research(run, page) {
      const t = threads.reduce((a, b) => (b.waiting.size < a.waiting.size ? b : a));
      const id = nextId++;
      return new Promise((resolve) => {
        t.waiting.set(id, (m) => resolve(m.type === 'done' && m.ok));
        // Copied, not transferred: a small Buffer is a view of Node's shared pool.
        t.worker.postMessage({ type: 'research', id, run, page } satisfies ToCrawleeThread);
      });
    },
    async extraFetches() {
      const counts = await Promise.all(threads.map((t) => t.count()));
      return counts.reduce((a, b) => a + b, 0);
    },
    async close() {
      await Promise.all(threads.map((t) => t.worker.terminate()));
    },
  };
}
