// Entry of the store thread: it owns the embedded PGlite database, so the WASM PostgreSQL and its
// file I/O run beside the main thread (HTTP, queue, ingest parsing) instead of on it. Bundled by
// lib/engine/threads/bundle-worker.ts, because a thread cannot load TypeScript by itself.
import { parentPort, workerData } from 'node:worker_threads';
import path from 'node:path';
import type { PGlite, Transaction } from '@electric-sql/pglite';
import { PreparedStatements, supportsPrepared } from './prepared-query';
import type {
  FromStore,
  QueryOptions,
  SerializedDbError,
  StoreResult,
  StoreThreadInit,
  ToStore,
} from './protocol';

const port = parentPort;
if (!port) throw new Error('the store worker runs only as a worker thread (see pglite-thread/client.ts)');
const { dataDir } = workerData as StoreThreadInit;

const send = (msg: FromStore) => port.postMessage(msg);

interface OpenTx {
  tx: Transaction;
  finish(commit: boolean): void;
}
const txs = new Map<number, OpenTx>();
let prepared: PreparedStatements | null = null;
let nextTx = 1;
/** Rejection that tells PGlite's transaction() to roll back; not an error anyone sees. */
const ROLLBACK = Symbol('rollback');

function serializeError(err: unknown): SerializedDbError {
  if (!(err instanceof Error)) return { name: 'Error', message: String(err), fields: {} };
  const fields: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(err)) {
    // PGlite's DatabaseError keeps the query and its params: large, and the caller has them.
    if (k === 'query' || k === 'params' || typeof v === 'function') continue;
    if (v === undefined || v === null || ['string', 'number', 'boolean'].includes(typeof v)) fields[k] = v;
  }
  return { name: err.name, message: err.message, stack: err.stack, fields };
}

const identity = (v: unknown) => v;
// One parsers object per set of raw types (Drizzle sends the same few sets): prepared-query.ts merges
// it with PGlite's 318 parsers once per object, not once per statement.
const parsersByRawTypes = new Map<string, Record<number, (v: string) => unknown>>();
function pgliteOptions(o: QueryOptions) {
  const key = (o.rawTypes ?? []).join(',');
  let parsers = parsersByRawTypes.get(key);
  if (!parsers) {
    parsers = {};
    for (const oid of o.rawTypes ?? []) parsers[oid] = identity;
    parsersByRawTypes.set(key, parsers);
  }
  return { rowMode: o.rowMode, parsers };
}

function plain(r: {
  rows: unknown[];
  fields: { name: string; dataTypeID: number }[];
  affectedRows?: number;
}): StoreResult {
  return { rows: r.rows, fields: r.fields, affectedRows: r.affectedRows };
}

function target(pg: PGlite, tx: number | undefined): PGlite | Transaction {
  if (tx === undefined) return pg;
  const open = txs.get(tx);
  if (!open) throw new Error(`store thread: transaction ${tx} is not open`);
  return open.tx;
}

async function handle(pg: PGlite, msg: ToStore): Promise<void> {
  switch (msg.op) {
    case 'query': {
      const options = pgliteOptions(msg.options);
      let r;
      if (!prepared) r = await target(pg, msg.tx).query(msg.sql, msg.params, options);
      else if (msg.tx === undefined) r = await prepared.query(msg.sql, msg.params, options);
      else {
        target(pg, msg.tx); // throws when the transaction is not open
        r = await prepared.queryInTransaction(msg.sql, msg.params, options);
      }
      send({ id: msg.id, ok: true, result: plain(r as never) });
      return;
    }
    case 'exec': {
      const rs = await target(pg, msg.tx).exec(msg.sql);
      send({ id: msg.id, ok: true, result: rs.map((r) => plain(r as never)) });
      return;
    }
    case 'begin': {
      // The transaction stays open (holding PGlite's transaction lock, as it would in-process) until
      // the client sends `end`; its statements arrive as queries naming it.
      const id = nextTx++;
      let began = false;
      const done = pg.transaction(
        (tx) =>
          new Promise<void>((resolve, reject) => {
            began = true;
            txs.set(id, { tx, finish: (commit) => (commit ? resolve() : reject(ROLLBACK)) });
            send({ id: msg.id, ok: true, tx: id });
          }),
      );
      done.then(
        () => endReply(id, null),
        (err: unknown) =>
          began
            ? endReply(id, err === ROLLBACK ? null : err)
            : send({ id: msg.id, ok: false, error: serializeError(err) }),
      );
      return;
    }
    case 'end': {
      const open = txs.get(msg.tx);
      if (!open) throw new Error(`store thread: transaction ${msg.tx} is not open`);
      ends.set(msg.tx, msg.id);
      open.finish(msg.commit);
      return;
    }
    case 'close': {
      await pg.exec('CHECKPOINT');
      await pg.close();
      send({ id: msg.id, ok: true });
      return;
    }
  }
}

/** `end` request ids by transaction: answered once PGlite has committed or rolled back. */
const ends = new Map<number, number>();
function endReply(tx: number, err: unknown): void {
  txs.delete(tx);
  const id = ends.get(tx);
  ends.delete(tx);
  if (id === undefined) return;
  if (err) send({ id, ok: false, error: serializeError(err) });
  else send({ id, ok: true });
}

async function main(): Promise<void> {
  let pg: PGlite;
  try {
    const { PGlite } = await import('@electric-sql/pglite');
    pg = await PGlite.create(path.join(dataDir, 'pgdata'));
  } catch (err) {
    send({ type: 'opened', error: serializeError(err) });
    return;
  }
  prepared = supportsPrepared(pg) ? new PreparedStatements(pg) : null;
  if (!prepared)
    console.error(
      '[quarry] this PGlite version lacks the members prepared statements use; statements run unprepared',
    );
  port!.on('message', (msg: ToStore) => {
    handle(pg, msg).catch((err: unknown) => send({ id: msg.id, ok: false, error: serializeError(err) }));
  });
  send({ type: 'opened' });
}

void main();
