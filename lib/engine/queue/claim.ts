import { sql } from 'drizzle-orm';
import { queryRows } from '../db/query-rows';
import type { Db } from '../db/client';

export interface ClaimedJob {
  id: number;
  job_id: string;
  batch_id: string;
  seq: number;
  data_uuid: string;
  inputs: string[];
  host: string;
  attempts: number;
  task_id: string;
  task_version: number;
}

/**
 * Claim up to `limit` runnable jobs for `workerId`.
 * Fairness: active batches are visited least-recently-claimed first and each gets an equal share, so a
 * big batch never starves a small one. Politeness: candidates whose host is at its concurrency cap
 * (counting this worker's in-flight jobs) are left for later. Rows are locked with SKIP LOCKED, so
 * concurrent workers never claim the same job; unpicked candidates are released at commit.
 */
export async function claimJobs(
  db: Db,
  opts: { workerId: string; limit: number; leaseMs: number; hostCap: number; inFlightByHost: Map<string, number> },
): Promise<ClaimedJob[]> {
  if (opts.limit <= 0) return [];
  return db.transaction(async (tx) => {
    const active = await queryRows<{ id: string }>(tx, sql`
      SELECT id FROM batches WHERE job_status IN ('QUEUED','RUNNING')
      ORDER BY last_claim_at ASC NULLS FIRST, created_at ASC LIMIT 64`);
    if (active.length === 0) return [];
    const ids = active.map((r) => r.id);
    const perBatch = Math.max(1, Math.ceil(opts.limit / ids.length));
    const saturated = [...opts.inFlightByHost].filter(([, n]) => n >= opts.hostCap).map(([h]) => h);
    // Over-fetch a little so per-host caps can still fill the slots from other hosts.
    const candidates = await queryRows<ClaimedJob & { ord: number }>(tx, sql`
      SELECT j.id, j.host, a.ord FROM unnest(${sql.param(ids)}::text[]) WITH ORDINALITY AS a(id, ord)
      CROSS JOIN LATERAL (
        SELECT id, host FROM jobs
        WHERE batch_id = a.id AND state = 'pending' AND run_after <= now()
          AND NOT (host = ANY(${sql.param(saturated)}::text[]))
        ORDER BY seq LIMIT ${perBatch * 2}
        FOR UPDATE SKIP LOCKED
      ) j
      ORDER BY a.ord, j.id`);
    const picked: number[] = [];
    const perHost = new Map(opts.inFlightByHost);
    const perBatchTaken = new Map<number, number>();
    for (const c of candidates) {
      if (picked.length >= opts.limit) break;
      const taken = perBatchTaken.get(c.ord) ?? 0;
      if (taken >= perBatch) continue;
      const n = perHost.get(c.host) ?? 0;
      if (c.host && n >= opts.hostCap) continue;
      perHost.set(c.host, n + 1);
      perBatchTaken.set(c.ord, taken + 1);
      picked.push(Number(c.id));
    }
    if (picked.length === 0) return [];
    const claimed = await queryRows<ClaimedJob>(tx, sql`
      UPDATE jobs j SET state = 'running', locked_by = ${opts.workerId},
        lease_until = now() + make_interval(secs => ${opts.leaseMs / 1000}),
        attempts = j.attempts + 1, started_at = coalesce(j.started_at, now())
      FROM batches b
      WHERE j.id = ANY(${sql.param(picked)}::bigint[]) AND b.id = j.batch_id
      RETURNING j.id, j.job_id, j.batch_id, j.seq, j.data_uuid, j.inputs, j.host, j.attempts,
        b.task_id, b.task_version`);
    const batchIds = [...new Set(claimed.map((r) => r.batch_id))];
    await tx.execute(sql`
      UPDATE batches SET last_claim_at = clock_timestamp(),
        job_status = CASE WHEN job_status = 'QUEUED' THEN 'RUNNING' ELSE job_status END,
        started_at = coalesce(started_at, now())
      WHERE id = ANY(${sql.param(batchIds)}::text[])`);
    return claimed.map((r) => ({ ...r, id: Number(r.id) }));
  });
}

/** Extend the leases of jobs this worker is still running. */
export async function renewLeases(db: Db, workerId: string, ids: number[], leaseMs: number): Promise<void> {
  if (ids.length === 0) return;
  await db.execute(sql`
    UPDATE jobs SET lease_until = now() + make_interval(secs => ${leaseMs / 1000})
    WHERE id = ANY(${sql.param(ids)}::bigint[]) AND state = 'running' AND locked_by = ${workerId}`);
}
