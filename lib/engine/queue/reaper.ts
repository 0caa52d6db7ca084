import { sql } from 'drizzle-orm';
import { queryRows } from '../db/query-rows';
import type { Db } from '../db/client';
import { rowsInRange } from '../batches/row-blocks';
import { newJobId } from '../tasks/ids';
import { guessHost } from './guess-host';
import { insertPending } from './release';

// A job of a cancelled batch is never run again (issue 31): it fails instead of going back.
const ofCancelledBatch = (jobs: string) =>
  sql`EXISTS (SELECT 1 FROM batches b WHERE b.id = ${sql.raw(jobs)}.batch_id AND b.cancelled)`;

/**
 * Put back jobs whose worker stopped renewing their lease (it died or hung). Run where workers share
 * the store (PostgreSQL); the embedded store uses requeueInterrupted at start-up instead. A job that
 * already used its attempts is failed instead, so a job that kills its worker cannot loop forever.
 */
export async function reapExpiredLeases(db: Db, maxAttempts: number): Promise<number> {
  const res = await queryRows<{ id: number; state: string }>(
    db,
    sql`
    UPDATE jobs SET
      state = CASE WHEN attempts >= ${maxAttempts} OR ${ofCancelledBatch('jobs')} THEN 'failed_reaped' ELSE 'pending' END,
      locked_by = NULL, lease_until = NULL, run_after = now()
    WHERE state = 'running' AND lease_until < now()
    RETURNING id, state`,
  );
  return settleReaped(db, res);
}

/**
 * At start-up on the embedded store, whose lock file proves no other process runs: every job left
 * running by a process that died goes back to the queue (or fails, as above), without waiting for its
 * lease. A job the sole claimer finished keeps the row state 'running' with its result in a result
 * block (db/schema.ts, resultBlocks), so it is skipped; and only batches still open can have an
 * unfinished job, so the rows of finished batches, however many, are not looked at. Jobs of rowless
 * batches that had no row get one (requeueRowless).
 */
export async function requeueInterrupted(db: Db, maxAttempts: number): Promise<number> {
  const res = await queryRows<{ id: number; state: string }>(
    db,
    sql`
    WITH open AS (
      SELECT id FROM batches WHERE NOT completed AND job_status <> 'INGESTING'
    ), finished AS MATERIALIZED (
      SELECT r.batch_id, unnest(r.seqs) AS seq FROM result_blocks r JOIN open o ON o.id = r.batch_id
    ), stale AS (
      SELECT j.id FROM jobs j JOIN open o ON o.id = j.batch_id
      WHERE j.state = 'running'
        AND NOT EXISTS (SELECT 1 FROM finished f WHERE f.batch_id = j.batch_id AND f.seq = j.seq)
    )
    UPDATE jobs j SET
      state = CASE WHEN j.attempts >= ${maxAttempts} OR ${ofCancelledBatch('j')} THEN 'failed_reaped' ELSE 'pending' END,
      locked_by = NULL, lease_until = NULL, run_after = now()
    FROM stale WHERE j.id = stale.id
    RETURNING j.id, j.state`,
  );
  return (await settleReaped(db, res)) + (await requeueRowless(db, maxAttempts));
}

/**
 * The same for the jobs of rowless batches (db/schema.ts) that had no row: handed out (below
 * next_ord), with neither a job row nor a result block entry. They get the row a retry would have.
 */
async function requeueRowless(db: Db, maxAttempts: number): Promise<number> {
  const open = await queryRows<{ id: string; next_ord: number; cancelled: boolean }>(
    db,
    sql`
    SELECT id, next_ord, cancelled FROM batches WHERE NOT completed AND rowless_claims AND job_status <> 'INGESTING'`,
  );
  let requeued = 0;
  for (const batch of open) {
    for (let lo = 0; lo < Number(batch.next_ord); lo += 1000) {
      const stored = await rowsInRange(db, batch.id, lo, Math.min(lo + 1000, Number(batch.next_ord)));
      if (stored.length === 0) continue;
      const first = stored[0]![0];
      const last = stored[stored.length - 1]![0];
      const known = await queryRows<{ seq: number }>(
        db,
        sql`
        SELECT seq FROM jobs WHERE batch_id = ${batch.id} AND seq BETWEEN ${first} AND ${last}
        UNION ALL
        SELECT s.seq FROM result_blocks r, unnest(r.seqs) AS s(seq)
        WHERE r.batch_id = ${batch.id} AND r.min_seq <= ${last} AND r.max_seq >= ${first}`,
      );
      const seen = new Set(known.map((k) => Number(k.seq)));
      const lost = stored.filter(([seq]) => !seen.has(seq));
      const ids = await insertPending(
        db,
        lost.map(([seq, dataUuid, inputs]) => ({
          jobId: newJobId(),
          batchId: batch.id,
          seq,
          dataUuid,
          inputs,
          host: guessHost(inputs),
          attempts: 1,
          startedAt: null,
          delayMs: 0,
        })),
      );
      // Their one attempt may be all they had, or their batch was cancelled: then they fail, as a running row would above.
      if (ids.length && (1 >= maxAttempts || batch.cancelled)) await failExhausted(db, ids);
      requeued += ids.length;
    }
  }
  return requeued;
}

/** Fails the reaped jobs that used their attempts; returns how many jobs were reaped in all. */
async function settleReaped(db: Db, res: { id: number; state: string }[]): Promise<number> {
  const exhausted = res.filter((r) => r.state === 'failed_reaped').map((r) => Number(r.id));
  if (exhausted.length) await failExhausted(db, exhausted);
  return res.length;
}

async function failExhausted(db: Db, ids: number[]): Promise<void> {
  // Re-lease to a synthetic owner, then finish them through the normal completion path so counters stay exact.
  const { completeJobs } = await import('./complete');
  await db.execute(
    sql`UPDATE jobs SET state = 'running', locked_by = 'reaper' WHERE id = ANY(${sql.param(ids)}::bigint[])`,
  );
  await completeJobs(
    db,
    'reaper',
    ids.map((id) => ({
      id,
      state: 'failed' as const,
      errorDetected: true,
      error:
        'the job was interrupted (its worker stopped while running it) too many times, or after its batch was cancelled',
      result: null,
    })),
  );
}

/** Uploads interrupted mid-ingest leave INGESTING batches behind; remove them. */
export async function sweepAbandonedIngests(db: Db, all: boolean): Promise<number> {
  const res = await queryRows<{ id: string }>(
    db,
    sql`
    DELETE FROM batches WHERE job_status = 'INGESTING'
      AND (${all} OR created_at < now() - interval '6 hours') RETURNING id`,
  );
  return res.length;
}
