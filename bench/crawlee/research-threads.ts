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

export async function startCrawleeResearchThreads(
  count: number,
  options: ResearcherOptions,
): Promise<CrawleeResearchThreads> {
  const root = process.cwd();
  const outfile = path.join(root, 'node_modules/.cache/quarry/bench-crawlee-research.mjs');
  await buildWorkerFile(path.join(root, 'bench/crawlee/thread-entry.ts'), outfile, root);
  let nextId = 1;
  const threads = await Promise.all(
    Array.from({ length: Math.max(1, count) }, () => startThread(outfile, options)),
  );
  return {
    research(run, page) {
      const t = threads.reduce((a, b) => (b.waiting.size < a.waiting.size ? b : a));
      const id = nextId++;
      return new Promise((resolve, reject) => {
        t.waiting.set(id, { resolve, reject });
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

async function startThread(outfile: string, options: ResearcherOptions) {
  const worker = new Worker(outfile, { workerData: options });
  const waiting = new Map<number, { resolve(ok: boolean): void; reject(err: Error): void }>();
  let counted: ((n: number) => void) | null = null;
  // A thread that dies fails its calls: the benchmark stops with the error instead of hanging.
  const fail = (err: Error) => {
    for (const call of waiting.values()) call.reject(err);
    waiting.clear();
  };
  worker.on('error', fail);
  worker.on('exit', (code) => fail(new Error(`a Crawlee research thread exited (code ${code})`)));
  await new Promise<void>((resolve, reject) => {
    worker.once('error', reject);
    worker.on('message', (m: FromCrawleeThread) => {
      if (m.type === 'ready') return resolve();
      if (m.type === 'count') return counted?.(m.extraFetches);
      waiting.get(m.id)?.resolve(m.ok);
      waiting.delete(m.id);
    });
  });
  const count = () =>
    new Promise<number>((resolve) => {
      counted = resolve;
      worker.postMessage({ type: 'count' } satisfies ToCrawleeThread);
    });
  return { worker, waiting, count };
}
