import { and, asc, eq, ne } from 'drizzle-orm';
import type { ResultRow } from '@/lib/contract/batches';
import type { Db } from '../db/client';
import { batches, jobs } from '../db/schema';
import { overlayResultBlocks } from '../batches/result-blocks';
import { handedOutRows, iterateHandedOut, type JobView } from '../batches/handed-out';
import { PART_SIZE } from './enqueue';

/** The job columns a result row is made from; select just these to keep big reads light. */
export const resultColumns = {
  jobId: jobs.jobId,
  dataUuid: jobs.dataUuid,
  inputs: jobs.inputs,
  state: jobs.state,
  result: jobs.result,
  errorDetected: jobs.errorDetected,
  error: jobs.error,
  startedAt: jobs.startedAt,
  finishedAt: jobs.finishedAt,
};

export type ResultJobRow = Pick<
  typeof jobs.$inferSelect,
  'jobId' | 'dataUuid' | 'inputs' | 'state' | 'result' | 'errorDetected' | 'error' | 'startedAt' | 'finishedAt'
>;

export interface WebhookPayload {
  status: 'success';
  batch_id: string;
  data: ResultRow[];
  part: number;
  parts: number;
}

type StoredResult = {
  data_json?: unknown;
  list_data_json?: unknown;
  list?: unknown;
  data_sources?: unknown;
  error?: unknown;
};

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/**
 * Formats dates exactly as toISOString does, for a column of result rows. toISOString costs ~0.7 µs
 * and a result row has two dates; one column's dates mostly fall in the same second as the row
 * before (jobs start moments apart; a result block's rows share their finish time), so the text up
 * to the second is kept and only the milliseconds are written. One formatter per column, so the two
 * columns do not displace each other.
 */
export function isoFormatter(): (d: Date | null | undefined) => string | null {
  let second = NaN;
  let head = '';
  return (d) => {
    if (!d) return null;
    const ms = d.getTime();
    const s = Math.floor(ms / 1000);
    if (s !== second) {
      const iso = d.toISOString(); // throws for an invalid date, as before
      head = iso.slice(0, -4); // "…:ss." without "sssZ"
      second = s;
    }
    const frac = ms - s * 1000;
    return `${head}${frac < 10 ? '00' : frac < 100 ? '0' : ''}${frac}Z`;
  };
}
const startedIso = isoFormatter();
const finishedIso = isoFormatter();

/**
 * One job as a result row (docs/interface-decisions.md, "Result rows"). `result` is the stored JobOutcome; a job that has
 * not finished (or was written by older code) has none, so every field falls back to null/false.
 */
export function toResultRow(job: ResultJobRow, taskVersion: number): ResultRow {
  const r: StoredResult = isObject(job.result) ? job.result : {};
  const error = job.error ?? (typeof r.error === 'string' ? r.error : null);
  return {
    data_uuid: job.dataUuid,
    inputs: job.inputs,
    data_json: isObject(r.data_json) ? r.data_json : null,
    list_data_json: Array.isArray(r.list_data_json) ? (r.list_data_json as Record<string, unknown>[]) : null,
    list: r.list === true,
    job_id: job.jobId,
    error_detected: job.errorDetected,
    error,
    status: job.state as ResultRow['status'],
    task_version: taskVersion,
    started_at: startedIso(job.startedAt),
    finished_at: finishedIso(job.finishedAt),
    data_sources: isObject(r.data_sources) ? r.data_sources : null,
  };
}

/**
 * The k-th slice of PART_SIZE result rows in input (seq) order, removed jobs left out. Parts are
 * built one at a time when sent, so no part needs the whole batch in memory. The body is rebuilt on
 * every attempt, so a retry carries the rows as they are then (the webhook-id stays the same).
 */
export async function buildPayload(
  db: Db,
  delivery: { batchId: string; part: number; parts: number },
): Promise<WebhookPayload> {
  const [batch] = await db
    .select({ id: batches.id, taskVersion: batches.taskVersion, nextOrd: batches.nextOrd, rowless: batches.rowlessClaims })
    .from(batches)
    .where(eq(batches.id, delivery.batchId));
  if (!batch) throw new Error(`batch ${delivery.batchId} no longer exists`);
  const rows = batch.rowless ? await rowlessPart(db, batch, delivery.part) : await rowPart(db, batch.id, delivery.part);
  return {
    status: 'success',
    batch_id: delivery.batchId,
    data: rows.map((j) => toResultRow(j, batch.taskVersion)),
    part: delivery.part,
    parts: delivery.parts,
  };
}

/** Part k of a batch whose handed-out jobs each have a row: OFFSET walks the (batch_id, seq) index. */
async function rowPart(db: Db, batchId: string, part: number): Promise<ResultJobRow[]> {
  // Rows with a block entry are stored as 'running', never 'removed', so the filter holds before the overlay.
  const rows = await db
    .select({ ...resultColumns, seq: jobs.seq })
    .from(jobs)
    .where(and(eq(jobs.batchId, batchId), ne(jobs.state, 'removed')))
    .orderBy(asc(jobs.seq))
    .limit(PART_SIZE)
    .offset((part - 1) * PART_SIZE);
  return overlayResultBlocks(db, batchId, rows);
}

/**
 * Part k of a rowless batch's results (batches/handed-out.ts): its rows handed out, removed ones left
 * out. With none removed (a batch not cancelled, or cancelled with no job waiting) part k is positions
 * (k-1)·PART_SIZE … k·PART_SIZE-1; otherwise the parts before it are counted from the start.
 */
async function rowlessPart(db: Db, batch: { id: string; nextOrd: number }, part: number): Promise<JobView[]> {
  const [removed] = await db
    .select({ id: jobs.id })
    .from(jobs)
    .where(and(eq(jobs.batchId, batch.id), eq(jobs.state, 'removed')))
    .limit(1);
  const skip = (part - 1) * PART_SIZE;
  if (!removed) return handedOutRows(db, batch, skip, skip + PART_SIZE);
  const out: JobView[] = [];
  let seen = 0;
  for await (const page of iterateHandedOut(db, batch)) {
    for (const job of page) {
      if (job.state === 'removed') continue;
      if (seen++ < skip) continue;
      out.push(job);
      if (out.length >= PART_SIZE) return out;
    }
  }
  return out;
}
