// Entry of a research worker thread. It is bundled by lib/engine/threads/bundle-worker.ts into one ESM file, because
// the thread cannot load TypeScript (or Turbopack's chunks) by itself.
import { parentPort, workerData } from 'node:worker_threads';
import { createResearcher } from '../index';
import { crossStartFlag } from '../job-stop';
import type { RemoteTurns } from '../../net/host-pacer';
import type { RobotsVerdict } from '../../net/robots';
import type { FromWorker, SerializedError, ToWorker, WorkerInit } from './protocol';

const port = parentPort;
if (!port) throw new Error('worker-entry runs only as a worker thread (see research-pool.ts)');

const { options } = workerData as WorkerInit;
const controllers = new Map<number, AbortController>();
const turns = new Map<number, (ok: boolean) => void>();
let nextTurn = 1;

const send = (msg: FromWorker) => port.postMessage(msg);

/**
 * Sends `msg` to the main thread and waits for its answer, which arrives as answer number `n` in
 * `pending`. A job that stops stops waiting; `giveUp` tells the main thread, where that matters.
 */
function askMain<T>(
  pending: Map<number, (answer: T) => void>,
  n: number,
  msg: FromWorker,
  signal?: AbortSignal,
  giveUp?: () => void,
): Promise<T> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const onAbort = () => {
      pending.delete(n);
      giveUp?.();
      reject(signal?.reason);
    };
    pending.set(n, (answer) => {
      signal?.removeEventListener('abort', onAbort);
      resolve(answer);
    });
    signal?.addEventListener('abort', onAbort, { once: true });
    send(msg);
  });
}

// Turns at Crawl-delay hosts come from the main thread's schedule, shared by every thread. A job
// aborted while waiting gives up its place here and tells the schedule, which frees the turn it had
// booked if nobody has booked after it.
const crawlTurns: RemoteTurns = (url, gapMs, maxWaitMs, signal) => {
  const turn = nextTurn++;
  return askMain(turns, turn, { type: 'turn', turn, url, gapMs, maxWaitMs }, signal, () =>
    send({ type: 'turn-cancel', turn }),
  );
};

// robots.txt verdicts come from the main thread's cache, shared by every thread: the file is read once
// per site for the process, not once per thread. A job that stops stops waiting; the read goes on.
const asks = new Map<number, (verdict: RobotsVerdict) => void>();
let nextAsk = 1;
const robotsCheck = (url: string, signal?: AbortSignal): Promise<RobotsVerdict> => {
  const ask = nextAsk++;
  return askMain(asks, ask, { type: 'robots', ask, url }, signal);
};

// One researcher per thread: it owns the connection pool and serves many requests concurrently.
const researcher = createResearcher({ ...options, crawlTurns, robotsCheck });

function serializeError(err: unknown): SerializedError {
  if (err instanceof Error) return { name: err.name, message: err.message, stack: err.stack };
  return { name: 'Error', message: String(err) };
}

// A queue job asks its worker, on the main thread, before its first page request (JobStop.gate).
const starts = new Map<number, (ok: boolean) => void>();

async function run(id: number, msg: Extract<ToWorker, { type: 'research' }>): Promise<void> {
  const controller = new AbortController();
  controllers.set(id, controller);
  const { gated, startFlag, ...req } = msg.req;
  const start = startFlag
    ? () => crossStartFlag(startFlag)
    : gated
      ? () => askMain(starts, id, { type: 'start', id }, controller.signal)
      : undefined;
  try {
    const result = await researcher.research({ ...req, signal: controller.signal, start });
    send({ type: 'done', id, ok: true, result });
  } catch (err) {
    send({ type: 'done', id, ok: false, error: serializeError(err) });
  } finally {
    controllers.delete(id);
  }
}

port.on('message', (msg: ToWorker) => {
  switch (msg.type) {
    case 'research':
      void run(msg.id, msg);
      return;
    case 'turn': {
      const answer = turns.get(msg.turn);
      turns.delete(msg.turn);
      answer?.(msg.ok);
      return;
    }
    case 'robots': {
      const answer = asks.get(msg.ask);
      asks.delete(msg.ask);
      answer?.(msg.verdict);
      return;
    }
    case 'start': {
      const answer = starts.get(msg.id);
      starts.delete(msg.id);
      answer?.(msg.ok);
      return;
    }
    case 'abort':
      // The caller has already rejected with its own reason; this only stops the work here.
      controllers.get(msg.id)?.abort(new DOMException('research aborted by the caller', 'AbortError'));
      return;
    default:
      // A message we do not know means the bundle is out of step with the pool: die loudly so the
      // pool replaces this thread (from a rebuilt bundle) instead of leaving calls hanging.
      throw new Error(`research worker: unknown message ${JSON.stringify(msg)}`);
  }
});

send({ type: 'ready' });
