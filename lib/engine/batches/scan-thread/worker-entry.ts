// Entry of the scan thread: parses and checks uploaded rows off the main thread, which keeps serving
// requests (and receiving the upload) meanwhile. Bundled by lib/engine/threads/bundle-worker.ts.
import { parentPort } from 'node:worker_threads';
import { IngestFileError } from '@/lib/ingest/types';
import { scanRows } from '../scan-rows';
import { FileProgress, readFileChunks } from './file-progress';
import type { FromWorker, ScanJob, ToWorker } from './protocol';

const port = parentPort;
if (!port) throw new Error('worker-entry runs only as a worker thread (see client.ts)');

/** `blocks` messages sent and not yet taken: bounds what waits in the main thread's queue. */
const MAX_UNACKED = 2;

interface Running {
  progress: FileProgress | undefined;
  stopped: FileProgress; // fails when the main thread says stop (also for complete files)
  unacked: number;
  acked: () => void;
}
const running = new Map<number, Running>();
const send = (msg: FromWorker) => port.postMessage(msg);

async function scan(id: number, job: ScanJob): Promise<void> {
  const progress = job.live ? new FileProgress() : undefined;
  const r: Running = { progress, stopped: new FileProgress(), unacked: 0, acked: () => undefined };
  running.set(id, r);
  try {
    const chunks = stoppable(readFileChunks(job.path, progress), r.stopped);
    const result = await scanRows(
      chunks,
      job.filename,
      job.inputs,
      job.blocks
        ? async (firstBlock, blocks) => {
            send({ type: 'blocks', id, firstBlock, blocks });
            r.unacked++;
            while (r.unacked >= MAX_UNACKED) {
              if (r.stopped.failed) throw r.stopped.failed;
              await new Promise<void>((resolve) => (r.acked = resolve));
            }
          }
        : undefined,
      job.options,
    );
    send({ type: 'done', id, result });
  } catch (err) {
    const e = err instanceof Error ? err : new Error(String(err));
    send({
      type: 'error',
      id,
      message: e.message,
      ...(err instanceof IngestFileError ? { fileStatus: err.status } : {}),
    });
  } finally {
    running.delete(id);
  }
}

/** The chunks, unless a stop arrives first (checked between chunks). */
async function* stoppable(chunks: AsyncGenerator<Buffer>, stopped: FileProgress): AsyncGenerator<Buffer> {
  for await (const chunk of chunks) {
    if (stopped.failed) throw stopped.failed;
    yield chunk;
  }
}

port.on('message', (msg: ToWorker) => {
  if (msg.type === 'scan') {
    void scan(msg.id, msg.job);
    return;
  }
  const r = running.get(msg.id);
  if (!r) return; // already finished: late messages are expected
  switch (msg.type) {
    case 'grow':
      if (msg.done) r.progress?.finish(msg.written);
      else r.progress?.advance(msg.written);
      return;
    case 'fail': {
      const err = new Error(msg.message);
      r.stopped.fail(err);
      r.progress?.fail(err);
      r.acked();
      return;
    }
    case 'ack':
      r.unacked--;
      r.acked();
      return;
    default:
      // A message we do not know means the bundle is out of step with the client: die loudly so a
      // fresh thread (from a rebuilt bundle) replaces this one.
      throw new Error(`scan worker: unknown message ${JSON.stringify(msg)}`);
  }
});

send({ type: 'ready' });
