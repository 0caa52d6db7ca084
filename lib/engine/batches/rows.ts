import { and, asc, eq, gt, inArray, lte, sql, type SQL } from 'drizzle-orm';
import type { BatchRow, RowCounts, RowStatus } from '@/lib/contract/batch-extensions';
import type { Db } from '../db/client';
import { queryRows } from '../db/query-rows';
import { batches, jobs } from '../db/schema';
import { resultColumns, toResultRow } from './result-row';
import { findBatch } from './read';
import { handedOutRows } from './handed-out';
import { overlayResultBlocks, storedStatesFor } from './result-blocks';
import { rowsInRange, type StoredRow } from './row-blocks';
import { sheetRow } from '@/lib/ingest/sheet-row';
import { uploadFormat } from './source-store';

// Every row of a batch with its status, in input order. Rows live in two places: a `jobs` row once a
// worker claimed it (positions < next_ord, handed out in order), and otherwise only in the uploaded
// blocks (pending; removed when the batch was cancelled before handing it out). Because rows are
// handed out in seq order, every un-handed row has a greater seq than every job row, so a page is
// "job rows after the cursor" followed by "block rows after max(cursor, last job seq)".
// A rowless batch (db/schema.ts) has job rows for few of its handed-out rows: its pages are the rows
// below next_ord as handed-out.ts reads them, then the block rows from next_ord on.

type Batch = typeof batches.$inferSelect;

/**
 * What a reader needs from the job store to tell running rows from pending ones: the seqs of a batch's
 * jobs past their first page request whose result is not written (JobStore.fetchingSeqs). A claimed
 * job still waiting (a Crawl-delay turn, a cool-down) reads as pending, as a cancel would remove it.
 */
export type FetchingSeqs = (batchId: string) => Promise<number[]>;

/** The running seqs of `b` (none once it is completed). */
export async function runningSeqs(b: Batch, fetching: FetchingSeqs): Promise<Set<number>> {
  return new Set(b.completed ? [] : await fetching(b.id));
}

/** Per-status counts from the batch's counters and its running jobs (`running`: runningSeqs). */
export function rowCounts(b: Batch, running: Set<number>): RowCounts {
  // Handed out = claimed by a worker at some point. A cancel sets next_ord to jobs_added and counts
  // the never-handed-out rows as removed, so for a cancelled batch it is what was not removed.
  const handedOut = b.cancelled ? b.jobsAdded - b.jobsRemoved : b.nextOrd;
  // A job whose result was just written may still be in the running set for a moment.
  const runningNow = Math.max(0, Math.min(running.size, handedOut - b.jobsCompleted));
  return {
    total: b.jobsAdded,
    succeeded: b.jobsCompleted - b.jobsFailed,
    failed: b.jobsFailed,
    removed: b.jobsRemoved,
    running: runningNow,
    // Not yet handed out, claimed and waiting, or a retry waiting for its backoff.
    pending: Math.max(0, b.jobsAdded - b.jobsRemoved - b.jobsCompleted - runningNow),
  };
}

/** A handed-out row's status: a job stored as running reads as pending until its first request. */
function readStatus(state: string, seq: number, running: Set<number> | undefined): string {
  return state === 'running' && running && !running.has(seq) ? 'pending' : state;
}

function blockRow(r: StoredRow, status: RowStatus, taskVersion: number): BatchRow {
  return {
    seq: r[0],
    data_uuid: r[1],
    inputs: r[2],
    data_json: null,
    list_data_json: null,
    list: false,
    job_id: '',
    error_detected: false,
    error: null,
    status,
    task_version: taskVersion,
    started_at: null,
    finished_at: null,
    data_sources: null,
  };
}

export interface RowsPageQuery {
  after: number;
  limit: number;
  status?: RowStatus[];
  /** The batch's running seqs (runningSeqs): without them, every unfinished handed-out row reads as running. */
  running?: Set<number>;
}

/** One keyset page of a batch's rows (see the note at the top). */
export async function listBatchRows(
  db: Db,
  fetching: FetchingSeqs,
  batchId: string,
  q: Omit<RowsPageQuery, 'running'>,
) {
  const batch = await findBatch(db, batchId);
  const running = await runningSeqs(batch, fetching);
  const [rows, format] = await Promise.all([
    rowsPage(db, batch, { ...q, running }),
    uploadFormat(db, batch.id),
  ]);
  const full = rows.length === q.limit;
  return {
    rows: rows.map((r) => ({ ...r, row_number: sheetRow(r.seq, format) })),
    next_after: full ? rows[rows.length - 1]!.seq : null,
    counts: rowCounts(batch, running),
  };
}

export async function rowsPage(db: Db, batch: Batch, q: RowsPageQuery): Promise<BatchRow[]> {
  const wanted = q.status ? new Set(q.status) : null;
  // A row that never became a job is pending, or removed once the batch was cancelled.
  const blockStatus: RowStatus = batch.cancelled ? 'removed' : 'pending';
  if (batch.rowlessClaims) return rowlessPage(db, batch, q, wanted, blockStatus);
  const out: BatchRow[] = [];

  // Read the boundary first, so a claim racing this read shows its rows once (as pending) rather
  // than not at all.
  const [last] = await queryRows<{ seq: number | null }>(
    db,
    sql`SELECT max(seq) AS seq FROM jobs WHERE batch_id = ${batch.id}`,
  );
  const lastJobSeq = last?.seq === null || last?.seq === undefined ? -1 : Number(last.seq);

  // A row's status is known only once result blocks are laid over it (result-blocks.ts), so a status
  // filter asks the store for every row that may match and is applied here.
  const stored = wanted ? storedStatesFor(wanted) : null;
  for (let after = q.after; after < lastJobSeq && out.length < q.limit;) {
    const jobFilter: SQL[] = [eq(jobs.batchId, batch.id), gt(jobs.seq, after), lte(jobs.seq, lastJobSeq)];
    if (stored) jobFilter.push(inArray(jobs.state, stored));
    const jobRows = await db
      .select({ ...resultColumns, seq: jobs.seq })
      .from(jobs)
      .where(and(...jobFilter))
      .orderBy(asc(jobs.seq))
      .limit(q.limit);
    await overlayResultBlocks(db, batch.id, jobRows);
    for (const j of jobRows) {
      j.state = readStatus(j.state, j.seq, q.running);
      if (wanted && !wanted.has(j.state as RowStatus)) continue;
      out.push({ ...toResultRow(j, batch.taskVersion), seq: j.seq });
      if (out.length >= q.limit) break;
    }
    if (jobRows.length < q.limit) break;
    after = jobRows[jobRows.length - 1]!.seq;
  }
  if (out.length >= q.limit || (wanted && !wanted.has(blockStatus))) return out;

  const from = Math.max(q.after, lastJobSeq);
  let pos = firstPosition(batch, from);
  if (!batch.cancelled) pos = Math.max(pos, Math.min(batch.nextOrd, batch.jobsAdded));
  return untouchedRows(db, batch, from, pos, out, q.limit, blockStatus);
}

// seq is the row's index in the file; positions skip rejected rows, so the row with seq s sits at a
// position between s - rejected and s. Reads start from the lowest candidate and skip forward.
const firstPosition = (batch: Batch, after: number) =>
  Math.max(0, after + 1 - (batch.jobsSubmitted - batch.jobsAdded));

/** Appends to `out` the block rows after seq `from`, from position `pos` on, as `status`, up to `limit`. */
async function untouchedRows(
  db: Db,
  batch: Batch,
  from: number,
  pos: number,
  out: BatchRow[],
  limit: number,
  status: RowStatus,
) {
  const rejected = batch.jobsSubmitted - batch.jobsAdded;
  while (out.length < limit && pos < batch.jobsAdded) {
    const hi = Math.min(batch.jobsAdded, pos + Math.max(limit - out.length, 0) + rejected);
    const stored = await rowsInRange(db, batch.id, pos, hi);
    for (const r of stored) {
      if (r[0] <= from) continue;
      out.push(blockRow(r, status, batch.taskVersion));
      if (out.length >= limit) break;
    }
    pos = hi;
  }
  return out;
}

/** A page of a rowless batch: handed-out rows (below next_ord), then rows never handed out. */
async function rowlessPage(
  db: Db,
  batch: Batch,
  q: RowsPageQuery,
  wanted: Set<RowStatus> | null,
  blockStatus: RowStatus,
) {
  const out: BatchRow[] = [];
  const rejected = batch.jobsSubmitted - batch.jobsAdded;
  const end = Math.min(batch.nextOrd, batch.jobsAdded);
  let pos = firstPosition(batch, q.after);
  // A status filter may skip most rows: then read whole blocks' worth at a time.
  while (out.length < q.limit && pos < end) {
    const want = q.limit - out.length + rejected;
    const hi = Math.min(end, pos + (wanted ? Math.max(want, 1000) : want));
    for (const j of await handedOutRows(db, batch, pos, hi)) {
      j.state = readStatus(j.state, j.seq, q.running);
      if (j.seq <= q.after || (wanted && !wanted.has(j.state as RowStatus))) continue;
      out.push({ ...toResultRow(j, batch.taskVersion), seq: j.seq });
      if (out.length >= q.limit) break;
    }
    pos = hi;
  }
  if (out.length >= q.limit || (wanted && !wanted.has(blockStatus))) return out;
  return untouchedRows(db, batch, q.after, Math.max(pos, end), out, q.limit, blockStatus);
}

/** Every row in input order, all statuses, read page by page (flat memory at any size). */
export async function* iterateBatchRows(
  db: Db,
  batchId: string,
  status?: RowStatus[],
): AsyncGenerator<BatchRow> {
  const batch = await findBatch(db, batchId);
  let after = -1;
  for (;;) {
    const page = await rowsPage(db, batch, { after, limit: 1000, status });
    yield* page;
    if (page.length < 1000) return;
    after = page[page.length - 1]!.seq;
  }
}
