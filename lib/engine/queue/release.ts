import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client';
import { queryRows } from '../db/query-rows';
import type { ClaimedJob } from './claim-types';
import { heldBy } from './held-by';

/**
 * Jobs this worker claimed but never started go back to the queue as if never claimed: pending, no
 * lease, the attempt not counted, no start time. A cancel that runs next removes them with the other
 * pending rows; otherwise the next claim takes them again.
 */
export async function releaseUnstarted(db: Db, workerId: string, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  await db.execute(sql`
    UPDATE jobs SET state = 'pending', locked_by = NULL, lease_until = NULL, run_after = now(),
      attempts = greatest(attempts - 1, 0), started_at = CASE WHEN attempts <= 1 THEN NULL ELSE started_at END
    WHERE id = ANY(${sql.param(ids)}::bigint[]) AND ${heldBy(workerId)}`);
}

/** A job without a row (ClaimedJob.rowless) going back to the queue: written as a pending row. */
export interface PendingRow {
  jobId: string;
  batchId: string;
  seq: number;
  dataUuid: string;
  inputs: string[];
  host: string;
  /** Attempts used: kept for a retry or a stopped job, 0 for one put back before it started. */
  attempts: number;
  /** When its attempt started (epoch ms), null if it never started. */
  startedAt: number | null;
  /** How long until it may run again. */
  delayMs: number;
}

/**
 * Writes jobs that have no row as pending rows, the state their row would have had: a claim takes them
 * again after their delay, a cancel removes them. A row already there for the position is kept (a job
 * is only ever in flight once, so that would be a retry written twice). Returns the new rows' ids.
 */
export async function insertPending(db: Db, rows: PendingRow[]): Promise<number[]> {
  if (rows.length === 0) return [];
  const inserted = await queryRows<{ id: number }>(db, insertStatement(rows, sql`true`));
  return inserted.map((r) => Number(r.id));
}

/**
 * Retries of jobs without a row, as insertPending, except in batches already cancelled (a job of a
 * cancelled batch is never run again). Returns those batches: their jobs' final results are written
 * instead. One statement, so a cancel cannot fall between the check and the insert.
 */
export async function insertRetries(db: Db, rows: PendingRow[]): Promise<Set<string>> {
  if (rows.length === 0) return new Set();
  const ids = sql.param([...new Set(rows.map((r) => r.batchId))]);
  const [res] = await queryRows<{ cancelled: string[] | null }>(
    db,
    sql`WITH c AS (SELECT id FROM batches WHERE id = ANY(${ids}::text[]) AND cancelled FOR SHARE),
      ins AS (${insertStatement(rows, sql`u.batch_id NOT IN (SELECT id FROM c)`)})
      SELECT (SELECT array_agg(id) FROM c) AS cancelled, (SELECT count(*) FROM ins) AS n`,
  );
  return new Set(res?.cancelled ?? []);
}

function insertStatement(rows: PendingRow[], where: SQL): SQL {
  const col = <T>(pick: (r: PendingRow) => T) => sql.param(rows.map(pick));
  return sql`
    INSERT INTO jobs (job_id, batch_id, seq, data_uuid, inputs, host, state, attempts, run_after, started_at)
    SELECT u.job_id, u.batch_id, u.seq, u.data_uuid, u.inputs, u.host, 'pending', u.attempts,
      now() + make_interval(secs => u.delay / 1000.0), to_timestamp(u.started / 1000.0)
    FROM unnest(${col((r) => r.jobId)}::text[], ${col((r) => r.batchId)}::text[], ${col((r) => r.seq)}::int[],
                ${col((r) => r.dataUuid)}::text[], ${col((r) => JSON.stringify(r.inputs))}::jsonb[], ${col((r) => r.host)}::text[],
                ${col((r) => r.attempts)}::int[], ${col((r) => r.delayMs)}::int[], ${col((r) => r.startedAt)}::float8[])
      AS u(job_id, batch_id, seq, data_uuid, inputs, host, attempts, delay, started)
    WHERE ${where}
    ON CONFLICT (batch_id, seq) DO NOTHING
    RETURNING id`;
}

/** A job without a row as the pending row it goes back to the queue as (insertPending). */
export function pendingRowOf(
  job: ClaimedJob,
  attempts: number,
  startedAt: number | null,
  delayMs: number,
): PendingRow {
  return {
    jobId: job.job_id,
    batchId: job.batch_id,
    seq: job.seq,
    dataUuid: job.data_uuid,
    inputs: job.inputs,
    host: job.host,
    attempts,
    startedAt,
    delayMs,
  };
}
