import { sql } from 'drizzle-orm';
import { queryRows } from '../db/query-rows';
import type { Db } from '../db/client';

/**
 * Put back jobs whose worker stopped renewing their lease (it died or hung). With `all`, every running
 * job is put back: used at start-up on the embedded store, whose lock file proves no other process runs.
 * A job that already used its attempts is failed instead, so a job that kills its worker cannot loop forever.
 */
export async function reapExpiredLeases(db: Db, maxAttempts: number, all = false): Promise<number> {
  const res = await queryRows<{ id: number; state: string }>(db, sql`
    UPDATE jobs SET
      state = CASE WHEN attempts >= ${maxAttempts} THEN 'failed_reaped' ELSE 'pending' END,
      locked_by = NULL, lease_until = NULL, run_after = now()
    WHERE state = 'running' AND (${all} OR lease_until < now())
    RETURNING id, state`);
  const exhausted = res.filter((r) => r.state === 'failed_reaped').map((r) => Number(r.id));
  if (exhausted.length) await failExhausted(db, exhausted);
  return res.length;
}

async function failExhausted(db: Db, ids: number[]): Promise<void> {
  // Re-lease to a synthetic owner, then finish them through the normal completion path so counters stay exact.
  const { completeJobs } = await import('./complete');
  await db.execute(sql`UPDATE jobs SET state = 'running', locked_by = 'reaper' WHERE id = ANY(${sql.param(ids)}::bigint[])`);
  await completeJobs(
    db,
    'reaper',
    ids.map((id) => ({
      id,
      state: 'failed' as const,
      errorDetected: true,
      error: 'the job was interrupted too many times (its worker stopped while running it)',
      result: null,
    })),
  );
}

/** Uploads interrupted mid-ingest leave INGESTING batches behind; remove them. */
export async function sweepAbandonedIngests(db: Db, all: boolean): Promise<number> {
  const res = await queryRows<{ id: string }>(db, sql`
    DELETE FROM batches WHERE job_status = 'INGESTING'
      AND (${all} OR created_at < now() - interval '6 hours') RETURNING id`);
  return res.length;
}
