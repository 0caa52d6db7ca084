import type { BatchProgressEvent } from '@/lib/contract/batch-extensions';
import type { Db } from '../db/client';
import { findBatch } from './read';
import { rowCounts, runningSeqs, type FetchingSeqs } from './rows';

// Live progress as Server-Sent Events. Each tick reads the batch row's counters (one primary-key
// read) and which of its jobs run now (memory on the embedded store, a few index entries on
// PostgreSQL; never a scan of jobs), sends an event when something changed (or a heartbeat comment), and the
// stream ends once the batch is terminal. Rows per minute come from this stream's own samples.

const RATE_WINDOW_MS = 60_000;

export interface EventStreamOptions {
  intervalMs: number;
  /** Stop after this long even if the batch still runs; EventSource reconnects. */
  maxDurationMs: number;
  signal?: AbortSignal;
}

export function batchEventStream(
  db: Db,
  fetching: FetchingSeqs,
  batchId: string,
  opts: EventStreamOptions,
): ReadableStream<Uint8Array> {
  const enc = new TextEncoder();
  const samples: { t: number; done: number }[] = [];
  const startedAt = Date.now();
  let last = '';
  let timer: ReturnType<typeof setTimeout> | undefined;
  let closed = false;

  return new ReadableStream({
    async start(controller) {
      const send = (text: string) => {
        if (!closed) controller.enqueue(enc.encode(text));
      };
      const finish = () => {
        if (closed) return;
        closed = true;
        if (timer) clearTimeout(timer);
        controller.close();
      };
      opts.signal?.addEventListener('abort', finish, { once: true });
      send('retry: 2000\n\n');
      const tick = async () => {
        if (closed) return;
        try {
          const b = await findBatch(db, batchId);
          const counts = rowCounts(b, await runningSeqs(b, fetching));
          const now = Date.now();
          const done = counts.succeeded + counts.failed;
          samples.push({ t: now, done });
          while (samples.length > 2 && now - samples[0]!.t > RATE_WINDOW_MS) samples.shift();
          const first = samples[0]!;
          const rate = now - first.t >= 1000 ? ((done - first.done) / (now - first.t)) * 60_000 : null;
          const event: BatchProgressEvent = {
            batch_id: b.id,
            job_status: b.jobStatus,
            completed: b.completed,
            cancelled: b.cancelled,
            counts,
            rows_per_minute: rate === null ? null : Math.round(rate * 10) / 10,
            at: new Date(now).toISOString(),
          };
          const key = JSON.stringify([event.job_status, counts, event.rows_per_minute]);
          if (key !== last) {
            last = key;
            send(`event: progress\ndata: ${JSON.stringify(event)}\n\n`);
          } else send(': keep-alive\n\n');
          if (b.completed) {
            send(`event: end\ndata: ${JSON.stringify({ job_status: b.jobStatus })}\n\n`);
            return finish();
          }
          if (now - startedAt > opts.maxDurationMs) return finish();
        } catch (err) {
          send(`event: error\ndata: ${JSON.stringify({ message: (err as Error).message })}\n\n`);
          return finish();
        }
        timer = setTimeout(() => void tick(), opts.intervalMs);
      };
      await tick();
    },
    cancel() {
      closed = true;
      if (timer) clearTimeout(timer);
    },
  });
}
