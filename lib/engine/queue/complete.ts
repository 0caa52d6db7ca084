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
    const updated = await queryRows<{ batch_id: string; failed: number; n: number; tin: number; tout: number; cost: number }>(tx, sql`
      WITH done AS (
        UPDATE jobs j SET state = v.state, result = v.result::jsonb, error_detected = v.ed, error = v.err,
          finished_at = now(), locked_by = NULL, lease_until = NULL
        FROM unnest(${sql.param(finals.map((f) => f.id))}::bigint[], ${sql.param(finals.map((f) => f.state))}::text[],
                    ${sql.param(finals.map((f) => JSON.stringify(f.result ?? null)))}::text[],
                    ${sql.param(finals.map((f) => Boolean(f.errorDetected)))}::bool[],
                    ${sql.param(finals.map((f) => f.error ?? null))}::text[]) AS v(id, state, result, ed, err)
        WHERE j.id = v.id AND j.state = 'running' AND j.locked_by = ${workerId}
        RETURNING j.batch_id, v.state, v.result::jsonb -> 'usage' AS usage
      )
      SELECT batch_id, count(*) FILTER (WHERE state = 'failed')::int AS failed, count(*)::int AS n,
        coalesce(sum((usage ->> 'input_tokens')::bigint), 0)::bigint AS tin,
        coalesce(sum((usage ->> 'output_tokens')::bigint), 0)::bigint AS tout,
        coalesce(sum((usage ->> 'cost_usd')::float8), 0)::float8 AS cost
      FROM done WHERE batch_id IS NOT NULL GROUP BY batch_id`);
    if (updated.length === 0) return [];
    // One UPDATE both bumps the counters and closes the batch: PostgreSQL applies only one of two
    // modifications of the same row within a statement, so this must not be split into CTE + UPDATE.
    const bumped = await queryRows<FinishedBatch & { completed: boolean }>(tx, sql`
      WITH counts AS (
        SELECT * FROM unnest(${sql.param(updated.map((r) => r.batch_id))}::text[],
                             ${sql.param(updated.map((r) => Number(r.n)))}::int[],
                             ${sql.param(updated.map((r) => Number(r.failed)))}::int[],
                             ${sql.param(updated.map((r) => Number(r.tin)))}::bigint[],
                             ${sql.param(updated.map((r) => Number(r.tout)))}::bigint[],
                             ${sql.param(updated.map((r) => Number(r.cost)))}::float8[]) AS c(id, n, failed, tin, tout, cost)
      )
      UPDATE batches b SET
        jobs_completed = b.jobs_completed + c.n,
        jobs_failed = b.jobs_failed + c.failed,
        input_tokens = b.input_tokens + c.tin,
        output_tokens = b.output_tokens + c.tout,
        cost_usd = b.cost_usd + c.cost,
        completed = b.completed OR b.jobs_completed + c.n + b.jobs_removed >= b.jobs_added,
        job_status = CASE WHEN b.jobs_completed + c.n + b.jobs_removed >= b.jobs_added
          THEN CASE WHEN b.cancelled THEN 'CANCELLED' ELSE 'COMPLETED' END ELSE b.job_status END,
        finished_at = CASE WHEN b.jobs_completed + c.n + b.jobs_removed >= b.jobs_added THEN now() ELSE b.finished_at END
      FROM counts c WHERE b.id = c.id
      RETURNING b.id, b.cancelled, b.webhook_url, b.completed`);
    const used = updated.filter((r) => Number(r.tin) + Number(r.tout) > 0);
    if (used.length) {
      await tx.execute(sql`
        UPDATE task_versions tv SET input_tokens = tv.input_tokens + c.tin, output_tokens = tv.output_tokens + c.tout,
          cost_usd = tv.cost_usd + c.cost
        FROM (SELECT b.task_id, b.task_version, u.tin, u.tout, u.cost
              FROM unnest(${sql.param(used.map((r) => r.batch_id))}::text[], ${sql.param(used.map((r) => Number(r.tin)))}::bigint[],
                          ${sql.param(used.map((r) => Number(r.tout)))}::bigint[], ${sql.param(used.map((r) => Number(r.cost)))}::float8[])
                AS u(id, tin, tout, cost) JOIN batches b ON b.id = u.id) c
        WHERE tv.task_id = c.task_id AND tv.version = c.task_version`);
    }
    // A batch with jobs still running cannot have been complete before, so completed now means "just finished".
    const finished = bumped.filter((b) => b.completed).map(({ id, cancelled, webhook_url }) => ({ id, cancelled, webhook_url }));
    if (finished.length && onFinished) await onFinished(tx as unknown as Db, finished);
    return finished;
  });
}
