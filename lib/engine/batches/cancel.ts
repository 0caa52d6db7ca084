import { sql } from 'drizzle-orm';
import { queryRows } from '../db/query-rows';
import type { Db } from '../db/client';
import { conflict, notFound } from '../errors';

// Spec 3: one transaction marks the batch cancelled and removes its pending jobs, returning the count.
// Claims take the batch row with SKIP LOCKED, so nothing is handed out while this runs.
// Pending means not yet running: a claimed job runs only from its first page request (queue/start-gate.ts),
// so jobs waiting for a host's turn are removed too. Jobs in progress finish, within the cancel's grace
// (QUARRY_CANCEL_GRACE_MS), and are not retried; the worker's completion step then closes the batch.
// A rowless batch (db/schema.ts) keeps next_ord where it stood: its readers tell the rows handed out
// (running or finished, many without a job row) from those never handed out (removed) by it.

/**
 * The store's job store (Engine.jobs, queue/job-store.ts), as a cancel sees it: on the embedded store
 * a worker that starts jobs before its claim statement has run must not do so while a cancel runs,
 * and puts back its ready jobs before the cancel counts.
 */
export interface CancelGate {
  asCancel<T>(batchId: string, work: () => Promise<T>): Promise<T>;
  /** The shared store: claimed jobs not yet fetching are removed here (JobStore.cancelRemovesWaiting). */
  readonly cancelRemovesWaiting: boolean;
}

export async function cancelBatch(db: Db, jobs: CancelGate, batchId: string) {
  return jobs.asCancel(batchId, () => cancelTransaction(db, batchId, jobs.cancelRemovesWaiting));
}

function cancelTransaction(db: Db, batchId: string, removesWaiting: boolean) {
  return db.transaction(async (tx) => {
    const locked = await queryRows<{
      job_status: string;
      jobs_added: number;
      jobs_completed: number;
      cancelled: boolean;
      completed: boolean;
      next_ord: number;
    }>(
      tx,
      sql`SELECT job_status, jobs_added, jobs_completed, cancelled, completed, next_ord FROM batches WHERE id = ${batchId} FOR UPDATE`,
    );
    const b = locked[0];
    if (!b || b.job_status === 'INGESTING') throw notFound('Batch', batchId);
    if (b.cancelled) throw conflict('Batch already cancelled', `batch ${batchId} was already cancelled`);
    if (b.completed)
      throw conflict('Batch already completed', `batch ${batchId} has completed; there is nothing to cancel`);
    const removed = await queryRows<{ n: number }>(
      tx,
      sql`
      WITH r AS (
        UPDATE jobs SET state = 'removed', finished_at = now(), locked_by = NULL, lease_until = NULL,
          -- A claimed job that never sent a request never started (as releaseUnstarted has it).
          started_at = CASE WHEN state = 'running' AND attempts <= 1 THEN NULL ELSE started_at END
        WHERE batch_id = ${batchId}
          AND (state = 'pending' OR (${removesWaiting} AND state = 'running' AND NOT fetching))
        RETURNING 1
      ) SELECT count(*)::int AS n FROM r`,
    );
    // Pending = job rows waiting (retries, rows parked for their host, claimed ones not yet fetching)
    // + rows never handed out.
    const jobsRemoved = Number(removed[0]?.n ?? 0) + (Number(b.jobs_added) - Number(b.next_ord));
    const inProgress = Number(b.jobs_added) - Number(b.jobs_completed) - jobsRemoved;
    await tx.execute(sql`
      UPDATE batches SET cancelled = true, jobs_removed = ${jobsRemoved},
        next_ord = CASE WHEN rowless_claims THEN next_ord ELSE jobs_added END,
        job_status = ${inProgress > 0 ? 'CANCELLING' : 'CANCELLED'},
        completed = ${inProgress <= 0},
        finished_at = CASE WHEN ${inProgress <= 0} THEN now() ELSE finished_at END
      WHERE id = ${batchId}`);
    return {
      batch_id: batchId,
      cancelled: true,
      jobs_removed: jobsRemoved,
      jobs_in_progress: Math.max(0, inProgress),
    };
  });
}
