import { sql } from 'drizzle-orm';
import { queryRows } from '../db/query-rows';
import type { Db } from '../db/client';

export interface Completion {
  id: number;
  /** succeeded | failed — final; or 'retry' to put the job back with a delay */
  state: 'succeeded' | 'failed' | 'retry';
  result?: unknown;
  errorDetected?: boolean;
  error?: string | null;
  retryDelayMs?: number;
}

export interface FinishedBatch {
  id: string;
  cancelled: boolean;
  webhook_url: string;
}

/**
 * Write a group of completions in one transaction (group commit keeps the store's cost per job small).
 * Only jobs still leased by this worker are written: a job whose lease was lost was re-queued and will
 * be finished by whoever holds it now, so every job ends with exactly one result and one count.
 * Returns the batches this group finished.
 */
export async function completeJobs(
  db: Db,
  workerId: string,
  items: Completion[],
  onFinished?: (tx: Db, finished: FinishedBatch[]) => Promise<void>,
): Promise<FinishedBatch[]> {
  if (items.length === 0) return [];
  const finals = items.filter((i) => i.state !== 'retry');
  const retries = items.filter((i) => i.state === 'retry');
  return db.transaction(async (tx) => {
    if (retries.length) {
      await tx.execute(sql`
        UPDATE jobs j SET state = 'pending', locked_by = NULL, lease_until = NULL,
          run_after = now() + make_interval(secs => v.delay / 1000.0)
        FROM unnest(${sql.param(retries.map((r) => r.id))}::bigint[], ${sql.param(retries.map((r) => r.retryDelayMs ?? 1000))}::int[]) AS v(id, delay)
        WHERE j.id = v.id AND j.state = 'running' AND j.locked_by = ${workerId}`);
    }
    if (finals.length === 0) return [];
    const updated = await queryRows<{ batch_id: string; failed: number; n: number }>(tx, sql`
      WITH done AS (
        UPDATE jobs j SET state = v.state, result = v.result::jsonb, error_detected = v.ed, error = v.err,
          finished_at = now(), locked_by = NULL, lease_until = NULL
        FROM unnest(${sql.param(finals.map((f) => f.id))}::bigint[], ${sql.param(finals.map((f) => f.state))}::text[],
                    ${sql.param(finals.map((f) => JSON.stringify(f.result ?? null)))}::text[],
                    ${sql.param(finals.map((f) => Boolean(f.errorDetected)))}::bool[],
                    ${sql.param(finals.map((f) => f.error ?? null))}::text[]) AS v(id, state, result, ed, err)
        WHERE j.id = v.id AND j.state = 'running' AND j.locked_by = ${workerId}
        RETURNING j.batch_id, v.state
      )
      SELECT batch_id, count(*) FILTER (WHERE state = 'failed')::int AS failed, count(*)::int AS n
      FROM done WHERE batch_id IS NOT NULL GROUP BY batch_id`);
    if (updated.length === 0) return [];
    // One UPDATE both bumps the counters and closes the batch: PostgreSQL applies only one of two
    // modifications of the same row within a statement, so this must not be split into CTE + UPDATE.
    const bumped = await queryRows<FinishedBatch & { completed: boolean }>(tx, sql`
      WITH counts AS (
        SELECT * FROM unnest(${sql.param(updated.map((r) => r.batch_id))}::text[],
                             ${sql.param(updated.map((r) => Number(r.n)))}::int[],
                             ${sql.param(updated.map((r) => Number(r.failed)))}::int[]) AS c(id, n, failed)
      )
      UPDATE batches b SET
        jobs_completed = b.jobs_completed + c.n,
        jobs_failed = b.jobs_failed + c.failed,
        completed = b.completed OR b.jobs_completed + c.n + b.jobs_removed >= b.jobs_added,
        job_status = CASE WHEN b.jobs_completed + c.n + b.jobs_removed >= b.jobs_added
          THEN CASE WHEN b.cancelled THEN 'CANCELLED' ELSE 'COMPLETED' END ELSE b.job_status END,
        finished_at = CASE WHEN b.jobs_completed + c.n + b.jobs_removed >= b.jobs_added THEN now() ELSE b.finished_at END
      FROM counts c WHERE b.id = c.id
      RETURNING b.id, b.cancelled, b.webhook_url, b.completed`);
    // A batch with jobs still running cannot have been complete before, so completed now means "just finished".
    const finished = bumped.filter((b) => b.completed).map(({ id, cancelled, webhook_url }) => ({ id, cancelled, webhook_url }));
    if (finished.length && onFinished) await onFinished(tx as unknown as Db, finished);
    return finished;
  });
}
