import { Worker } from 'node:worker_threads';
import type { TaskInput } from '@/lib/contract/task-definition';
import { IngestFileError, type ColumnOptions } from '@/lib/ingest/types';
import { bundleWorker } from '../../threads/bundle-worker';
import { scanRows, type BlockSink, type ScanResult } from '../scan-rows';
import { readFileChunks, type FileProgress } from './file-progress';
import type { FromWorker, ToWorker } from './protocol';

// Uploads are parsed and checked on one thread of their own: parsing 100k rows takes a few hundred
// milliseconds of CPU, which on the main thread would stall every other request and the job queue
// (and, for a live upload, receiving the upload itself). The main thread only writes the blocks the
// thread sends. One thread serves every upload of the process; it starts at the first upload and is
// replaced if it dies. If it cannot start at all, uploads are read in-process. Small uploads, held in
// memory (http/multipart.ts), are read in-process too: for them the trip costs more than the parsing.

/** The spooled upload: complete, or still being written (`progress`); or a small one in memory (`bytes`). */
export interface ScanSource {
  path: string;
  progress?: FileProgress;
  bytes?: Uint8Array;
}

interface Job {
  sink: BlockSink | undefined;
  /** Block writes, one after the other, in the order the thread sent them. */
  chain: Promise<void>;
  sinkFailed: { error: unknown } | null;
  resolve(result: ScanResult): void;
  reject(err: unknown): void;
  stop(): void;
}

const MAX_START_FAILURES = 3;
let worker: Worker | null = null;
let inProcess = false;
let startFailures = 0;
let nextId = 1;
const jobs = new Map<number, Job>();

/** Reads every row of the upload; with `sink`, hands it the good rows as encoded blocks, in order. */
export async function scanUpload(
  source: ScanSource,
  filename: string,
  inputs: readonly TaskInput[],
  sink?: BlockSink,
  options: ColumnOptions = {},
): Promise<ScanResult> {
  // A small upload is read here: a trip to the thread would cost more than the parsing (multipart.ts).
  if (source.bytes) return scanRows(oneChunk(source.bytes), filename, inputs, sink, options);
  const w = inProcess ? null : await startedWorker().catch((err: unknown) => fallBack(err));
  if (!w) return scanRows(readFileChunks(source.path, source.progress), filename, inputs, sink, options);

  const id = nextId++;
  const post = (msg: ToWorker) => w.postMessage(msg);
  return new Promise<ScanResult>((resolve, reject) => {
    const unsubscribe = source.progress?.subscribe((p) => {
      if (p.failed) post({ type: 'fail', id, message: p.failed.message });
      else post({ type: 'grow', id, written: p.written, done: p.done });
    });
    const job: Job = {
      sink,
      chain: Promise.resolve(),
      sinkFailed: null,
      resolve,
      reject,
      stop: () => unsubscribe?.(),
    };
    jobs.set(id, job);
    w.ref();
    post({
      type: 'scan',
      id,
      job: {
        path: source.path,
        filename,
        inputs: [...inputs],
        options,
        blocks: sink !== undefined,
        live: source.progress !== undefined,
      },
    });
    // What the spool already holds (the subscription only reports changes from now on).
    const p = source.progress;
    if (p) {
      if (p.failed) post({ type: 'fail', id, message: p.failed.message });
      else post({ type: 'grow', id, written: p.written, done: p.done });
    }
  });
}

async function* oneChunk(bytes: Uint8Array): AsyncGenerator<Uint8Array> {
  yield bytes;
}

function settle(id: number, w: Worker, outcome: () => void): void {
  const job = jobs.get(id);
  if (!job) return;
  jobs.delete(id);
  job.stop();
  if (jobs.size === 0) w.unref();
  outcome();
}

function onMessage(w: Worker, msg: FromWorker): void {
  if (msg.type === 'ready') {
    startFailures = 0;
    return;
  }
  const job = jobs.get(msg.id);
  if (!job) return;
  const id = msg.id;
  switch (msg.type) {
    case 'blocks':
      job.chain = job.chain.then(async () => {
        if (job.sinkFailed || !job.sink) return;
        try {
          await job.sink(msg.firstBlock, msg.blocks);
          w.postMessage({ type: 'ack', id } satisfies ToWorker);
        } catch (error) {
          job.sinkFailed = { error };
          w.postMessage({ type: 'fail', id, message: 'storing the rows failed' } satisfies ToWorker);
        }
      });
      return;
    case 'done':
      // Answer only after every block handed over has been written (or has failed).
      void job.chain.then(() =>
        settle(id, w, () => (job.sinkFailed ? job.reject(job.sinkFailed.error) : job.resolve(msg.result))),
      );
      return;
    case 'error': {
      const err = msg.fileStatus ? new IngestFileError(msg.message, msg.fileStatus) : new Error(msg.message);
      void job.chain.then(() => settle(id, w, () => job.reject(job.sinkFailed?.error ?? err)));
      return;
    }
  }
}

let starting: Promise<Worker> | null = null;

function startedWorker(): Promise<Worker> {
  if (worker) return Promise.resolve(worker);
  starting ??= bundleWorker('scan').then(
    (file) => {
      starting = null;
      return (worker ??= spawn(file));
    },
    (err: unknown) => {
      starting = null;
      throw err;
    },
  );
  return starting;
}

function spawn(file: string): Worker {
  // Not `new Worker(path)`: Turbopack would try to bundle the dynamic path (see research-pool.ts).
  const w: Worker = Reflect.construct(Worker, [file]);
  let ready = false;
  let lastError: Error | null = null;
  w.unref();
  w.on('message', (msg: FromWorker) => {
    if (msg.type === 'ready') ready = true;
    onMessage(w, msg);
  });
  w.on('error', (err) => (lastError = err));
  w.on('exit', (code) => {
    const stoppedOnPurpose = worker !== w; // stopScanThread let go of it first
    if (!stoppedOnPurpose) worker = null;
    const why = `the scan thread stopped: ${lastError?.message ?? `exit code ${code}`}`;
    for (const [id, job] of jobs) void job.chain.then(() => settle(id, w, () => job.reject(new Error(why))));
    if (!ready && ++startFailures >= MAX_START_FAILURES) fallBack(new Error(why));
    else if (!stoppedOnPurpose) console.error(`[quarry] ${why}; the next upload starts a new one`);
  });
  return w;
}

function fallBack(err: unknown): null {
  if (!inProcess)
    console.error(`[quarry] scan thread unavailable, reading uploads in-process: ${(err as Error).message}`);
  inProcess = true;
  return null;
}

/** Where uploads are read: on the thread (its id), in-process after it could not start, or not yet known. */
export function scanThreadState():
  { mode: 'thread'; threadId: number } | { mode: 'in-process' | 'not started' } {
  if (inProcess) return { mode: 'in-process' };
  return worker ? { mode: 'thread', threadId: worker.threadId } : { mode: 'not started' };
}

/** Stops the thread (tests; a process that exits needs nothing: the thread never keeps it alive). */
export async function stopScanThread(): Promise<void> {
  const w = worker;
  worker = null;
  await w?.terminate();
}
