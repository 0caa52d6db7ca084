// A research thread for the Crawlee side of the three-ways benchmark: Crawlee fetched the page on the
// main thread, and this thread runs the engine's research function (read + extract) on that body, as
// the engine's and the bare loop's research threads do on theirs. Any fetch the research makes for
// another URL goes out for real and is counted, so the report can show it made none.
import { parentPort, workerData } from 'node:worker_threads';
import { createResearcher, type ResearcherOptions } from '../../lib/engine/research';
import { createGuardedFetch, type FetchedResponse, type GuardedFetch } from '../../lib/engine/net/guarded-fetch';
import type { FromCrawleeThread, ToCrawleeThread } from './protocol';

const port = parentPort;
if (!port) throw new Error('bench/crawlee/thread-entry.ts runs only as a worker thread');
const options = workerData as ResearcherOptions;

const served = new Map<string, FetchedResponse>();
let extraFetches = 0;
const outside = createGuardedFetch({ allowPrivate: options.allowPrivate, timeoutMs: options.timeoutMs, maxBytes: options.maxBytes, userAgent: options.userAgent });
const fetchFromCrawlee: GuardedFetch = async (url, init) => {
  const hit = served.get(url);
  if (hit) return hit;
  extraFetches++;
  return outside(url, init);
};
const researcher = createResearcher({ ...options, fetch: fetchFromCrawlee });
const send = (msg: FromCrawleeThread) => port.postMessage(msg);

port.on('message', (msg: ToCrawleeThread) => {
  if (msg.type === 'count') return send({ type: 'count', extraFetches });
  const { id, run, page } = msg;
  served.set(run.url, { ...page, body: Buffer.from(page.body.buffer, page.body.byteOffset, page.body.byteLength) });
  researcher
    .research({ ...run, turbo: false })
    .then(
      (r) => send({ type: 'done', id, ok: !r.error_detected }),
      () => send({ type: 'done', id, ok: false }),
    )
    .finally(() => served.delete(run.url));
});
send({ type: 'ready' });
