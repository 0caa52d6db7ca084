// A research thread for the Crawlee side of the three-ways benchmark: Crawlee fetched the page on the
// main thread, and this thread runs the engine's research function (read + extract) on that body, as
// the engine's and the bare loop's research threads do on theirs.
import { parentPort, workerData } from 'node:worker_threads';
import { createResearcher, type ResearcherOptions } from '../../lib/engine/research';
import type { FromCrawleeThread, ToCrawleeThread } from './protocol';
import { createServedFetch } from './served-fetch';

const port = parentPort;
if (!port) throw new Error('bench/crawlee/thread-entry.ts runs only as a worker thread');
const options = workerData as ResearcherOptions;
const served = createServedFetch(options);
const researcher = createResearcher({ ...options, fetch: served.fetch });
const send = (msg: FromCrawleeThread) => port.postMessage(msg);

port.on('message', (msg: ToCrawleeThread) => {
  if (msg.type === 'count') return send({ type: 'count', extraFetches: served.extraFetches() });
  const { id, run, page } = msg;
  const body = Buffer.from(page.body.buffer, page.body.byteOffset, page.body.byteLength);
  served
    .serving(run.url, { ...page, body }, () => researcher.research({ ...run, turbo: false }))
    .then(
      (r) => send({ type: 'done', id, ok: !r.error_detected }),
      () => send({ type: 'done', id, ok: false }),
    );
});
send({ type: 'ready' });
