import { sql } from 'drizzle-orm';
import { queryRows } from '../db/query-rows';
import type { Db } from '../db/client';

// Honest estimates from the queue as it is: the remaining work of every active batch, the throughput
// of the batches that ran in the last five minutes (or, before anything ran, the configured concurrency at a
// conservative two seconds a job), and the round-robin claim order, under which a batch of m jobs
// finishes after sum(min(r_i, m)) + m jobs when the other active batches have r_i left.

const WINDOW_S = 300;
const DEFAULT_JOB_S = 2;

/**
 * The aggregate rate of all workers: jobs finished by batches active in the window, over the span they
 * ran. Read from batch counters, never by scanning jobs. Also the jobs left in every other active
 * batch, in the same statement (each statement is a round trip to the embedded store's thread).
 */
export interface QueueState {
  rate: number;
  others: number[];
}

export async function queueState(db: Db, concurrency: number, batchId: string): Promise<QueueState> {
  const rows = await queryRows<{ n: number; span: number | null; remaining: number[] | null }>(
    db,
    sql`
    WITH recent AS (
      SELECT jobs_completed, started_at, coalesce(finished_at, now()) AS until FROM batches
      WHERE started_at IS NOT NULL AND coalesce(finished_at, now()) > now() - make_interval(secs => ${WINDOW_S})
    )
    SELECT (SELECT coalesce(sum(jobs_completed), 0)::int FROM recent) AS n,
      (SELECT extract(epoch FROM (max(until) - min(started_at)))::float8 FROM recent) AS span,
      (SELECT array_agg((jobs_added - jobs_completed - jobs_removed)::int) FROM batches
        WHERE job_status IN ('QUEUED','RUNNING','CANCELLING') AND id <> ${batchId}) AS remaining`,
  );
  const n = Number(rows[0]?.n ?? 0);
  const span = Number(rows[0]?.span ?? 0);
  const rate = n >= 20 && span > 0 ? n / Math.max(5, span) : concurrency / DEFAULT_JOB_S;
  return { rate, others: (rows[0]?.remaining ?? []).map(Number) };
}

export async function estimateTimes(
  db: Db,
  batchId: string,
  mine: number,
  concurrency: number,
  jobSeconds?: number,
) {
  const state = await queueState(db, concurrency, batchId);
  // A sample run's measured pace stands for this task's jobs better than recent batches of any task.
  if (jobSeconds) state.rate = concurrency / jobSeconds;
  return estimatesFrom(state, mine, concurrency);
}

/** The estimates for a batch of `mine` jobs joining the queue `state` describes, as of now. */
export function estimatesFrom({ rate, others }: QueueState, mine: number, concurrency: number) {
  const busy = others.reduce((a, b) => a + b, 0);
  // With free slots a new batch starts at the next claim; with a full queue, after one round of claims.
  const startJobs = busy === 0 ? 0 : Math.min(busy, concurrency);
  const completeJobs = others.reduce((acc, r) => acc + Math.min(r, mine), 0) + mine;
  const now = Date.now();
  return {
    estimated_time_to_start: new Date(now + (startJobs / rate) * 1000).toISOString(),
    estimated_time_to_complete: new Date(now + (completeJobs / rate) * 1000).toISOString(),
  };
}
