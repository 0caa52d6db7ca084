import { Worker } from 'node:worker_threads';
import { bundleWorker } from '../../threads/bundle-worker';
import type {
  FromStore,
  QueryOptions,
  SerializedDbError,
  StoreResult,
  StoreThreadInit,
  ToStore,
} from './protocol';

// The embedded store runs PGlite on its own thread: a WASM PostgreSQL costs ~0.5–1 ms of CPU per
// statement plus synchronous file I/O, which on the main thread stalls HTTP requests, ingest
// parsing and job dispatch. This client gives Drizzle's PGlite driver the three calls it makes
// (query, exec, transaction) and forwards them; results come back by structured clone.

type Pending = { resolve(msg: Extract<FromStore, { ok: true }>): void; reject(err: Error): void };

interface DrizzleQueryOptions {
  rowMode?: 'array' | 'object';
  parsers?: Record<number, unknown>;
  serializers?: unknown;
  blob?: unknown;
}

/** What Drizzle calls inside a transaction (its session wraps this). */
export interface ThreadTransaction {
  query(sql: string, params?: unknown[], options?: DrizzleQueryOptions): Promise<StoreResult>;
  exec(sql: string): Promise<StoreResult[]>;
}

export class StoreThreadError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'StoreThreadError';
  }
}

export class PgliteThreadClient {
  private worker: Worker | null = null;
  private pending = new Map<number, Pending>();
  private nextId = 1;
  private closing = false;
  private dead: Error | null = null;
  private restarting: Promise<void> | null = null;

  private constructor(
    private readonly dataDir: string,
    private readonly root?: string,
  ) {}

  /** Start the thread and open (or create) the database in `dataDir/pgdata`. */
  static async open(dataDir: string, root?: string): Promise<PgliteThreadClient> {
    const client = new PgliteThreadClient(dataDir, root);
    await client.start(await bundleWorker('store', root));
    return client;
  }

  private start(bundle: string): Promise<void> {
    // Not `new Worker(path)`: Turbopack would try to bundle a dynamic worker entry (see research-pool.ts).
    const worker: Worker = Reflect.construct(Worker, [
      bundle,
      { workerData: { dataDir: this.dataDir } satisfies StoreThreadInit },
    ]);
    this.worker = worker;
    worker.unref(); // re-referenced while a call is in flight, so an idle store does not keep the process alive
    let lastError: Error | null = null;
    return new Promise<void>((resolveOpen, rejectOpen) => {
      let opened = false;
      worker.on('message', (msg: FromStore) => {
        if ('type' in msg) {
          opened = true;
          if (msg.error) rejectOpen(deserialize(msg.error));
          else resolveOpen();
          return;
        }
        const call = this.pending.get(msg.id);
        if (!call) return;
        this.pending.delete(msg.id);
        if (this.pending.size === 0) worker.unref();
        if (msg.ok) call.resolve(msg);
        else call.reject(deserialize(msg.error));
      });
      worker.on('error', (err) => (lastError = err));
      worker.on('exit', (code) => {
        const why = this.closing
          ? new StoreThreadError('the store is closed')
          : new StoreThreadError(`the store thread stopped: ${lastError?.message ?? `exit code ${code}`}`);
        if (this.worker !== worker) return;
        this.dead = why;
        if (!this.closing) console.error(`[quarry] ${why.message}`);
        for (const call of this.pending.values()) call.reject(why);
        this.pending.clear();
        if (!opened) rejectOpen(why);
      });
    });
  }

  private async call(msg: ToStore): Promise<Extract<FromStore, { ok: true }>> {
    if (this.dead) {
      if (this.closing) throw this.dead;
      // Reopen on the next call, like a restart after a crash: PGlite recovers the data directory.
      // Transactions of the dead thread are gone; their next statement fails, as it would in PostgreSQL.
      this.restarting ??= bundleWorker('store', this.root)
        .then((bundle) => this.start(bundle))
        .then(() => {
          this.dead = null;
        })
        .finally(() => (this.restarting = null));
      await this.restarting;
    }
    const worker = this.worker!;
    return new Promise((resolve, reject) => {
      this.pending.set(msg.id, { resolve, reject });
      worker.ref();
      try {
        worker.postMessage(msg);
      } catch (err) {
        // Not structured-clonable: nothing reached the thread.
        this.pending.delete(msg.id);
        if (this.pending.size === 0) worker.unref();
        reject(err as Error);
      }
    });
  }

  private async runQuery(
    tx: number | undefined,
    sql: string,
    params: unknown[] = [],
    options: DrizzleQueryOptions = {},
  ): Promise<StoreResult> {
    if (options.serializers || options.blob)
      throw new Error('the store thread does not support custom serializers or blobs');
    const plain: QueryOptions = {
      rowMode: options.rowMode,
      rawTypes: options.parsers ? Object.keys(options.parsers).map(Number) : [],
    };
    const msg = await this.call({ op: 'query', id: this.nextId++, tx, sql, params, options: plain });
    return msg.result as StoreResult;
  }

  private async runExec(tx: number | undefined, sql: string): Promise<StoreResult[]> {
    const msg = await this.call({ op: 'exec', id: this.nextId++, tx, sql });
    return msg.result as StoreResult[];
  }

  /**
   * Drizzle passes parsers only to leave dates, intervals and numeric arrays as text; they cross as
   * the list of those type OIDs and the thread applies identity parsers (any other parser would be
   * ignored, so none is accepted beyond that use).
   */
  query(sql: string, params?: unknown[], options?: DrizzleQueryOptions): Promise<StoreResult> {
    return this.runQuery(undefined, sql, params, options);
  }

  exec(sql: string): Promise<StoreResult[]> {
    return this.runExec(undefined, sql);
  }

  async transaction<T>(fn: (tx: ThreadTransaction) => Promise<T>): Promise<T> {
    const begun = await this.call({ op: 'begin', id: this.nextId++ });
    const txId = begun.tx!;
    const tx: ThreadTransaction = {
      query: (sql, params, options) => this.runQuery(txId, sql, params, options),
      exec: (sql) => this.runExec(txId, sql),
    };
    let value: T;
    try {
      value = await fn(tx);
    } catch (err) {
      await this.call({ op: 'end', id: this.nextId++, tx: txId, commit: false }).catch(() => undefined);
      throw err;
    }
    await this.call({ op: 'end', id: this.nextId++, tx: txId, commit: true });
    return value;
  }

  /** CHECKPOINT, close the database and stop the thread. */
  async close(): Promise<void> {
    if (this.closing) return;
    try {
      if (!this.dead) await this.call({ op: 'close', id: this.nextId++ });
    } finally {
      this.closing = true;
      await this.worker?.terminate();
    }
  }
}

function deserialize(e: SerializedDbError): Error {
  const err = new Error(e.message);
  err.name = e.name;
  if (e.stack) err.stack = e.stack;
  Object.assign(err, e.fields);
  return err;
}
