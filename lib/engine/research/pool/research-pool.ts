import { Worker } from 'node:worker_threads';
import { createResearcher, researchFetch } from '../index';
import type { ResearchRequest, ResearchResult, Researcher, ResearcherOptions } from '../types';
import { bundleWorker } from '../../threads/bundle-worker';
import { HostPacer, type RemoteTurns } from '../../net/host-pacer';
import { JobStop } from '../job-stop';
import { createRobotsCache, type RobotsCache, type RobotsVerdict } from '../../net/robots';
import type { FromWorker, PlainResearchRequest, SerializedError, ToWorker, WorkerInit } from './protocol';

// Research (HTML parsing and extraction) is CPU-heavy, while the main thread also runs the HTTP
// server and the single-threaded PGlite store. The pool moves research onto worker threads so the
// main thread only routes messages.

export interface ResearchPoolOptions {
  /** Worker threads; 0 (or an injected fetch, which cannot cross threads) researches in-process. */
  threads: number;
  options: ResearcherOptions;
  /** Project root holding lib/ (default process.cwd(), which is where Next and the scripts run). */
  root?: string;
  /**
   * Cap of each thread's V8 old generation, in MB (default 1024). Without a cap a thread's heap is
   * sized for the machine (4 GB here): V8 then let garbage pile up to ~1.4 GB before collecting, and
   * while it did, research took 4 to 5 times its CPU per job. With the cap V8 collects early and the
   * heap stays near its live size (~100–180 MB under a full worker's load). A call that needs more
   * than the cap kills its thread, which fails its calls as a crash (retried) and is replaced.
   */
  heapMb?: number;
  /** Sees each thread as it starts (tests use it to simulate crashes). */
  onThreadStart?: (worker: Worker) => void;
}

export interface ResearchPool extends Researcher {
  /** Calls in flight per live thread; empty when researching in-process. */
  load(): number[];
}

/** A research thread died with this call in flight; the job may succeed on another attempt. */
export class ResearchWorkerCrashedError extends Error {
  readonly transient = true;
  constructor(message: string) {
    super(message);
    this.name = 'ResearchWorkerCrashedError';
  }
}

interface Call {
  settled: boolean;
  /** The caller's start gate (JobStop.gate), asked when the thread sends 'start'. */
  gate: (() => boolean | Promise<boolean>) | null;
  finish(msg: Extract<FromWorker, { type: 'done' }>): void;
  fail(err: Error): void;
}

interface Thread {
  worker: Worker;
  calls: Map<number, Call>;
  /** Turns the thread is waiting for, by its turn number: aborted when its job stops waiting. */
  turns: Map<number, AbortController>;
  ready: boolean;
  lastError: Error | null;
}

/** See ResearchPoolOptions.heapMb. */
export const DEFAULT_HEAP_MB = 1024;

/** Threads that die before saying ready, in a row, before the pool gives up and goes in-process. */
const MAX_START_FAILURES = 3;

export function createResearchPool(opts: ResearchPoolOptions): ResearchPool {
  if (opts.threads <= 0 || opts.options.fetch) return inProcess(createResearcher(opts.options));
  // Functions cannot cross to a thread: crawlTurns stays here and answers the threads' turn messages.
  const { crawlTurns, robotsCheck, ...threadOptions } = opts.options;
  const init: WorkerInit = { options: threadOptions };
  const threads: (Thread | null)[] = Array.from({ length: opts.threads }, () => null);
  let fallback: Researcher | null = null;
  let closed = false;
  let nextId = 1;
  let startFailures = 0;
  let bundlePath = '';
  // Turns at hosts whose robots.txt sets a Crawl-delay, for every thread: the delay holds between
  // requests of jobs on different threads too (and of other processes, when crawlTurns books them in
  // the store).
  const takeTurn: RemoteTurns = crawlTurns ?? new HostPacer(0).turn;
  // robots.txt for every thread, read once per site here: with a cache per thread, threads that met a
  // site at the same moment each read the file, a burst of requests before its Crawl-delay was known.
  const robots = sharedRobots(opts.options, takeTurn, robotsCheck);

  const goInProcess = (why: string) => {
    console.error(`[quarry] research threads unavailable, researching in-process: ${why}`);
    fallback ??= createResearcher(opts.options);
  };

  // Build eagerly so the first job does not wait for esbuild; callers await this before dispatching.
  const started = bundleWorker('research', opts.root).then(
    (file) => {
      bundlePath = file;
      if (closed) return;
      for (let i = 0; i < threads.length; i++) spawn(i);
    },
    (err: unknown) => goInProcess(`bundling the worker failed: ${(err as Error).message}`),
  );

  function spawn(slot: number): void {
    // Not `new Worker(path)`: Turbopack treats that as a worker entry and, the path being dynamic,
    // tries to bundle every file of the project as one (turbopackIgnore is not honoured there).
    const worker: Worker = Reflect.construct(Worker, [
      bundlePath,
      { workerData: init, resourceLimits: { maxOldGenerationSizeMb: opts.heapMb ?? DEFAULT_HEAP_MB } },
    ]);
    const thread: Thread = { worker, calls: new Map(), turns: new Map(), ready: false, lastError: null };
    const threadId = worker.threadId; // reads -1 once the thread has exited
    threads[slot] = thread;
    worker.unref(); // an idle pool must not keep the process alive; refAccordingly() re-refs it while busy
    worker.on('message', (msg: FromWorker) => {
      if (msg.type === 'ready') {
        thread.ready = true;
        startFailures = 0;
        return;
      }
      if (msg.type === 'turn') {
        const waiting = new AbortController();
        thread.turns.set(msg.turn, waiting);
        void takeTurn(msg.url, msg.gapMs, msg.maxWaitMs, waiting.signal)
          .then(
            (ok) => post(thread, { type: 'turn', turn: msg.turn, ok }),
            () => post(thread, { type: 'turn', turn: msg.turn, ok: false }),
          )
          .finally(() => thread.turns.delete(msg.turn));
        return;
      }
      if (msg.type === 'turn-cancel') {
        thread.turns.get(msg.turn)?.abort(new Error('the job stopped waiting for its turn'));
        return;
      }
      if (msg.type === 'robots') {
        // Never rejects (an unreadable file allows everything); the thread may have stopped asking.
        const answer = (verdict: RobotsVerdict) => post(thread, { type: 'robots', ask: msg.ask, verdict });
        void (robots ? robots.check(msg.url) : Promise.resolve(ALLOW_ALL)).then(answer, () =>
          answer(ALLOW_ALL),
        );
        return;
      }
      const call = thread.calls.get(msg.id);
      if (!call) return;
      if (msg.type === 'start') {
        const answer = (ok: boolean) => post(thread, { type: 'start', id: msg.id, ok });
        void Promise.resolve(call.gate ? call.gate() : true).then(answer, () => answer(false));
        return;
      }
      thread.calls.delete(msg.id);
      refAccordingly(thread);
      call.finish(msg);
    });
    worker.on('error', (err) => {
      thread.lastError = err;
    });
    worker.on('exit', (code) => {
      if (threads[slot] !== thread) return;
      threads[slot] = null;
      if (closed) {
        for (const call of thread.calls.values()) call.fail(new Error('the research pool was closed'));
        return;
      }
      const why = `research thread ${threadId} crashed: ${thread.lastError?.message ?? `exit code ${code}`}`;
      for (const call of thread.calls.values()) call.fail(new ResearchWorkerCrashedError(why));
      thread.calls.clear();
      console.error(`[quarry] ${why}; starting a replacement`);
      if (!thread.ready && ++startFailures >= MAX_START_FAILURES) {
        goInProcess(`${startFailures} threads in a row died while starting (${why})`);
        return;
      }
      spawn(slot);
    });
    opts.onThreadStart?.(worker);
  }

  function refAccordingly(thread: Thread): void {
    if (thread.calls.size > 0) thread.worker.ref();
    else thread.worker.unref();
  }

  function leastBusy(): Thread | null {
    let best: Thread | null = null;
    for (const t of threads) if (t && (!best || t.calls.size < best.calls.size)) best = t;
    return best;
  }

  async function research(req: ResearchRequest): Promise<ResearchResult> {
    if (closed) throw new Error('the research pool is closed');
    await started;
    if (closed) throw new Error('the research pool is closed');
    if (fallback) return fallback.research(req);
    const thread = leastBusy();
    if (!thread) throw new Error('no research thread is running');
    const { signal, start: _start, ...plain } = req;
    signal?.throwIfAborted();
    const id = nextId++;
    return new Promise<ResearchResult>((resolve, reject) => {
      const onAbort = () => {
        if (call.settled) return;
        call.settled = true;
        reject(signal?.reason);
        // The thread keeps the call (and its load) until it confirms it stopped.
        post(thread, { type: 'abort', id });
      };
      // A queue job's JobStop takes one listener in a slot; an AbortSignal, an event listener.
      const unlisten = () => {
        if (signal instanceof JobStop) signal.listen(null);
        else signal?.removeEventListener('abort', onAbort);
      };
      const gate = signal instanceof JobStop ? signal.gate : null;
      const call: Call = {
        settled: false,
        gate,
        finish(msg) {
          unlisten();
          if (call.settled) return;
          call.settled = true;
          if (msg.ok) resolve(msg.result);
          else reject(deserializeError(msg.error));
        },
        fail(err) {
          unlisten();
          if (call.settled) return;
          call.settled = true;
          reject(err);
        },
      };
      thread.calls.set(id, call);
      refAccordingly(thread);
      if (signal instanceof JobStop) signal.listen(onAbort);
      else signal?.addEventListener('abort', onAbort, { once: true });
      try {
        const flag = signal instanceof JobStop ? signal.startFlag : null;
        const sent: PlainResearchRequest = flag
          ? { ...plain, startFlag: flag }
          : gate
            ? { ...plain, gated: true }
            : plain;
        thread.worker.postMessage({ type: 'research', id, req: sent } satisfies ToWorker);
      } catch (err) {
        // Not structured-clonable: nothing reached the thread.
        thread.calls.delete(id);
        refAccordingly(thread);
        call.fail(err as Error);
      }
    });
  }

  return {
    research,
    load: () => threads.flatMap((t) => (t ? [t.calls.size] : [])),
    async close() {
      if (closed) return;
      closed = true;
      await started;
      // terminate() tears down each thread's event loop, sockets included; 'exit' rejects what was in flight.
      await Promise.all(threads.map((t) => t?.worker.terminate()));
      await fallback?.close();
      await robots?.close();
    },
  };
}

const ALLOW_ALL: RobotsVerdict = { allowed: true, sitemaps: [] };

/**
 * The threads' robots.txt cache, on this thread: the given check, or a cache with a guarded fetch of
 * its own whose reads of robots.txt take turns from `takeTurn` (see net/robots.ts). Null when robots.txt
 * is not honoured.
 */
function sharedRobots(
  options: ResearcherOptions,
  takeTurn: RemoteTurns,
  check: RobotsCache['check'] | undefined,
): (RobotsCache & { close(): Promise<void> }) | null {
  if (options.respectRobots === false) return null;
  if (check) return { check, close: async () => undefined };
  const fetch = researchFetch(options);
  const cache = createRobotsCache(fetch, options.userAgent, undefined, takeTurn);
  return { check: cache.check, close: () => fetch.close() };
}

function post(thread: Thread, msg: ToWorker): void {
  try {
    thread.worker.postMessage(msg);
  } catch {
    // The thread is gone; its 'exit' handler settles the call.
  }
}

function inProcess(researcher: Researcher): ResearchPool {
  return { ...researcher, load: () => [] };
}

function deserializeError(e: SerializedError): Error {
  const err = new Error(e.message);
  err.name = e.name;
  if (e.stack) err.stack = e.stack;
  return err;
}
