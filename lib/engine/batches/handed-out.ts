import { and, between, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { jobs, type batches } from '../db/schema';
import { resultColumns, type ResultJobRow } from './result-row';
import { blockEntries, finalFields, layBlockOver, type FinishedEntry } from './result-blocks';
import { rowsInRange } from './row-blocks';

// The rows a rowless batch (db/schema.ts, batches.rowless_claims) has handed out: positions below
// next_ord. Most of them have no job row: a job that started at once is known by its position until it
// finishes, and then by its result block entry. A job row exists only for a job parked for its host,
// retried or put back, and it says more than a block: it is laid over the uploaded row first.

/** A job as readers see it: the job row's result columns and its seq. */
export type JobView = ResultJobRow & { seq: number };

type Batch = Pick<typeof batches.$inferSelect, 'id' | 'nextOrd'>;

/**
 * The handed-out rows at positions [lo, hi) of a rowless batch, in input order, each as its job reads
 * now: its job row (with its block entry laid over it once it finished), else its block entry, else
 * running: handed out, no result yet.
 */
export async function handedOutRows(db: Db, batch: Batch, lo: number, hi: number): Promise<JobView[]> {
  const end = Math.min(hi, batch.nextOrd);
  if (end <= lo) return [];
  const stored = await rowsInRange(db, batch.id, lo, end);
  if (stored.length === 0) return [];
  const first = stored[0]![0];
  const last = stored[stored.length - 1]![0];
  const rows = await db
    .select({ ...resultColumns, seq: jobs.seq })
    .from(jobs)
    .where(and(eq(jobs.batchId, batch.id), between(jobs.seq, first, last)));
  const finished = await blockEntries(
    db,
    batch.id,
    stored.map((r) => r[0]),
  );
  const bySeq = new Map<number, JobView>(rows.map((r) => [r.seq, r]));
  return stored.map(([seq, dataUuid, inputs]) =>
    readJobState(seq, dataUuid, inputs, bySeq.get(seq), finished.get(seq)),
  );
}

/**
 * A handed-out job's state from the three places it can live, for every reader (results, downloads,
 * webhook payloads, the rows listing, the tests' job-states.ts): its job row (with its block entry
 * laid over it, layBlockOver), else its result block entry (a rowless job that finished), else only
 * its uploaded row (seq, data_uuid, inputs) below the cursor: handed out, no result yet, so running.
 */
export function readJobState(
  seq: number,
  dataUuid: string,
  inputs: string[],
  row: JobView | undefined,
  done: FinishedEntry | undefined,
): JobView {
  if (row) return layBlockOver(row, done);
  if (done) {
    const [, , , , , jobId, startedAt] = done.entry;
    return {
      seq,
      dataUuid,
      inputs,
      jobId: jobId ?? '',
      ...finalFields(done),
      startedAt: startedAt ? new Date(startedAt) : null,
    };
  }
  const running = {
    state: 'running',
    result: null,
    errorDetected: false,
    error: null,
    startedAt: null,
    finishedAt: null,
  };
  return { seq, dataUuid, inputs, jobId: '', ...running };
}

/**
 * Every handed-out row of a rowless batch from position `from` on, in pages of `page` positions.
 * With `ahead`, the next page is read while the caller works on this one: the store's thread reads
 * it while a stream serializes and sends the rows before it.
 */
export async function* iterateHandedOut(
  db: Db,
  batch: Batch,
  from = 0,
  page = 1000,
  ahead = false,
): AsyncGenerator<JobView[]> {
  if (!ahead) {
    for (let lo = from; lo < batch.nextOrd; lo += page) yield await handedOutRows(db, batch, lo, lo + page);
    return;
  }
  const read = (lo: number) => (lo < batch.nextOrd ? handedOutRows(db, batch, lo, lo + page) : null);
  let next = read(from);
  try {
    for (let lo = from; next; lo += page) {
      const rows = await next;
      next = read(lo + page);
      yield rows;
    }
  } finally {
    // A caller that stopped early (a client gone) leaves the read ahead to fail unobserved.
    void next?.catch(() => undefined);
  }
}
