import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { queryRows } from '../db/query-rows';
import { claimFresh, claimParked } from './claim-steps';
import type { ActiveBatch } from './active-batch-cache';
import type { ClaimedJob, ClaimOptions } from './claim-types';
import { heldBy } from './held-by';

export type { ClaimedJob, ClaimOptions } from './claim-types';
export { guessHost } from './guess-host';
export { ActiveBatchCache } from './active-batch-cache';

/**
 * Claim up to `limit` jobs for `workerId`, never waiting on a lock.
 * Fairness: active batches are visited least-recently-claimed first, each with an equal share.
 * Per batch, jobs put back for later (retries, or rows whose host was at its cap) come first; then
 * new rows are taken from the batch's upload cursor and become job rows only now. Row locks use SKIP
 * LOCKED and the cursor row is taken with SKIP LOCKED too, so a claim and a cancel can never deadlock.
 * Cost matters: on the embedded store each statement is ~1 ms of the store thread. With a fresh
 * ActiveBatchCache and no pending job rows, a claim is one statement and no explicit transaction.
 */
export async function claimJobs(db: Db, opts: ClaimOptions): Promise<ClaimedJob[]> {
  // `total`: every job this claim may take; `late`: those returned rather than handed over early.
  // With every slot busy, a sole claimer still claims to refill its ready list (limit 0, readyRoom > 0).
  const total = Math.max(0, opts.limit) + (opts.startEarly ? Math.max(0, opts.readyRoom ?? 0) : 0);
  if (total <= 0) return [];
  const cache = opts.cache;
  let active: ActiveBatch[];
  let seen: number;
  if (cache?.fresh()) {
    active = cache.batches;
    seen = cache.epoch;
  } else {
    seen = opts.cancels?.current() ?? 0;
    active = await loadActive(db);
    cache?.set(active, seen);
  }
  if (active.length === 0) return [];
  let late = Math.max(0, opts.limit);
  let taken = 0;
  const perBatch = Math.max(1, Math.ceil(total / active.length));
  const perHost = new Map(opts.inFlightByHost);
  // The store's count covers every worker (this one's jobs too, unless just finished and not yet written).
  for (const [host, n] of opts.hosts?.running ?? []) perHost.set(host, Math.max(n, perHost.get(host) ?? 0));
  const now = Date.now();
  const cooling = (host: string) => (opts.hosts?.cooledUntil.get(host) ?? 0) > now;
  const serial = (host: string) => (opts.hosts?.serial.get(host) ?? 0) > now;
  const slots = {
    // A host with a robots.txt Crawl-delay runs one job at a time (host-limits.ts).
    hasRoom: (host: string) =>
      !host || (!cooling(host) && (perHost.get(host) ?? 0) < (serial(host) ? 1 : opts.hostCap)),
    take: (host: string) => void perHost.set(host, (perHost.get(host) ?? 0) + 1),
  };
  const claimed: ClaimedJob[] = [];
  const parkedOnly: string[] = [];
  const claimedFrom = new Set<string>();

  for (const batch of [...active]) {
    const room = Math.min(perBatch, total - taken);
    if (room <= 0) break;
    if (opts.cancels?.cancelling(batch.id)) continue;
    const parked =
      batch.has_parked && late > 0
        ? await db.transaction((t) => claimParked(t, batch, Math.min(room, late), opts, slots))
        : { jobs: [], waiting: batch.has_parked };
    if (batch.has_parked && !parked.jobs.length && !parked.waiting) batch.has_parked = false;
    claimed.push(...parked.jobs);
    late -= parked.jobs.length;
    taken += parked.jobs.length;
    if (parked.jobs.length) claimedFrom.add(batch.id);
    // While parked rows wait for their host, taking more new rows would only park more of them.
    const want = Math.min(room - parked.jobs.length, Number(batch.jobs_added) - Number(batch.next_ord));
    if (parked.waiting || want <= 0) {
      if (parked.jobs.length) parkedOnly.push(batch.id);
      continue;
    }
    const fresh = await claimFresh(db, batch, want, opts, slots, seen, late);
    claimed.push(...fresh.jobs);
    late -= fresh.jobs.length;
    taken += fresh.inserted;
    if (fresh.inserted) {
      batch.next_ord = Number(batch.next_ord) + fresh.inserted;
      claimedFrom.add(batch.id);
    } else {
      cache?.invalidate(); // the cursor moved or the batch is held: look again next time
      if (parked.jobs.length) parkedOnly.push(batch.id);
    }
  }
  cache?.rotate(claimedFrom);
  // The cursor statement records a fresh claim on the batch row; claims that took only pending job rows do it here.
  if (parkedOnly.length) {
    await db.execute(sql`
      UPDATE batches SET last_claim_at = clock_timestamp(),
        job_status = CASE WHEN job_status = 'QUEUED' THEN 'RUNNING' ELSE job_status END,
        started_at = coalesce(started_at, now())
      WHERE id = ANY(${sql.param(parkedOnly)}::text[])`);
  }
  return claimed;
}

function loadActive(db: Db): Promise<ActiveBatch[]> {
  return queryRows<ActiveBatch>(
    db,
    // A cancelled batch's cursor is closed: nothing past it is handed out (a cancel leaves a rowless
    // batch's next_ord where it stood, for its readers).
    sql`SELECT b.id, b.task_id, b.task_version, b.jobs_added, b.rowless_claims,
          CASE WHEN b.cancelled THEN b.jobs_added ELSE b.next_ord END AS next_ord,
          EXISTS (SELECT 1 FROM jobs j WHERE j.batch_id = b.id AND j.state = 'pending') AS has_parked
        FROM batches b WHERE b.job_status IN ('QUEUED','RUNNING','CANCELLING')
        ORDER BY b.last_claim_at ASC NULLS FIRST, b.created_at ASC LIMIT 64`,
  );
}

/** Extend the leases of jobs this worker is still running. */
export async function renewLeases(db: Db, workerId: string, ids: number[], leaseMs: number): Promise<void> {
  if (ids.length === 0) return;
  await db.execute(sql`
    UPDATE jobs SET lease_until = now() + make_interval(secs => ${leaseMs / 1000})
    WHERE id = ANY(${sql.param(ids)}::bigint[]) AND ${heldBy(workerId)}`);
}
