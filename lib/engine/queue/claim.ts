import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { queryRows } from '../db/query-rows';
import { normalizeUrlInput } from '../net/url-guard';
import { rowsInRange } from '../batches/row-blocks';
import { newJobId } from '../tasks/ids';

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

// CANCELLING batches stay in the rotation for their parked jobs only: a job that was in progress when
// the batch was cancelled and then went back to the queue (its worker died, or a transient failure)
// still has to finish. Their cursor is closed, so no new row starts.
interface ActiveBatch {
  id: string;
  task_id: string;
  task_version: number;
  next_ord: number;
  jobs_added: number;
  /** Whether job rows wait in the table (retries, rows parked for their host). */
  has_parked: boolean;
}

export interface ClaimOptions {
  workerId: string;
  limit: number;
  leaseMs: number;
  hostCap: number;
  inFlightByHost: Map<string, number>;
}

/** The host a job will fetch from, for per-host politeness caps: the first input that reads as an address. */
export function guessHost(inputs: string[]): string {
  for (const raw of inputs) {
    if (!/[.:/]/.test(raw)) continue;
    try {
      return new URL(normalizeUrlInput(raw.trim())).hostname;
    } catch {
      /* not an address */
    }
  }
  return '';
}

/**
 * Claim up to `limit` jobs for `workerId`, never waiting on a lock.
 * Fairness: active batches are visited least-recently-claimed first, each with an equal share.
 * Per batch, jobs put back for later (retries, or rows whose host was at its cap) come first; then
 * new rows are taken from the batch's upload cursor and become job rows only now. Rows over a host's
 * cap are stored as pending and taken by a later claim. Row locks use SKIP LOCKED and the cursor row
 * is taken with SKIP LOCKED too, so a claim and a cancel can never deadlock.
 * Cost matters: on the embedded store each statement is ~0.5 ms of the main thread, so the common case
 * (no parked jobs) is two statements and no explicit transaction: each step is one atomic statement.
 */
export async function claimJobs(db: Db, opts: ClaimOptions): Promise<ClaimedJob[]> {
  if (opts.limit <= 0) return [];
  const active = await queryRows<ActiveBatch>(
    db,
    sql`
      SELECT b.id, b.task_id, b.task_version, b.next_ord, b.jobs_added,
        EXISTS (SELECT 1 FROM jobs j WHERE j.batch_id = b.id AND j.state = 'pending') AS has_parked
      FROM batches b WHERE b.job_status IN ('QUEUED','RUNNING','CANCELLING')
      ORDER BY b.last_claim_at ASC NULLS FIRST, b.created_at ASC LIMIT 64`,
  );
  if (active.length === 0) return [];
  const perBatch = Math.max(1, Math.ceil(opts.limit / active.length));
  const perHost = new Map(opts.inFlightByHost);
  const claimed: ClaimedJob[] = [];
  const touched: string[] = [];
  const hasRoom = (host: string) => !host || (perHost.get(host) ?? 0) < opts.hostCap;
  const take = (host: string) => perHost.set(host, (perHost.get(host) ?? 0) + 1);

  for (const batch of active) {
    const room = Math.min(perBatch, opts.limit - claimed.length);
    if (room <= 0) break;
    const parked = batch.has_parked
      ? await db.transaction((t) => claimParked(t, batch, room, opts, hasRoom, take))
      : { jobs: [], waiting: false };
    claimed.push(...parked.jobs);
    // The cursor update of claimFresh records the claim on the batch row; parked-only claims do it below.
    if (parked.jobs.length) touched.push(batch.id);
    // While parked rows wait for their host, taking more new rows would only park more of them.
    if (parked.waiting || parked.jobs.length >= room) continue;
    claimed.push(...(await claimFresh(db, batch, room - parked.jobs.length, opts, hasRoom, take)));
  }
  if (touched.length) {
    await db.execute(sql`
      UPDATE batches SET last_claim_at = clock_timestamp(),
        job_status = CASE WHEN job_status = 'QUEUED' THEN 'RUNNING' ELSE job_status END,
        started_at = coalesce(started_at, now())
      WHERE id = ANY(${sql.param(touched)}::text[])`);
  }
  return claimed;
}

const leaseSql = (opts: ClaimOptions) => sql`now() + make_interval(secs => ${opts.leaseMs / 1000})`;

/** Jobs of this batch already in the table and due: retries, and rows parked for their host. */
async function claimParked(
  tx: Db,
  batch: ActiveBatch,
  room: number,
  opts: ClaimOptions,
  hasRoom: (h: string) => boolean,
  take: (h: string) => void,
): Promise<{ jobs: ClaimedJob[]; waiting: boolean }> {
  const candidates = await queryRows<{ id: number; host: string }>(
    tx,
    sql`
    SELECT id, host FROM jobs WHERE batch_id = ${batch.id} AND state = 'pending' AND run_after <= now()
    ORDER BY seq LIMIT ${room * 4} FOR UPDATE SKIP LOCKED`,
  );
  const picked: number[] = [];
  for (const c of candidates) {
    if (picked.length >= room) break;
    if (!hasRoom(c.host)) continue;
    take(c.host);
    picked.push(Number(c.id));
  }
  const waiting = candidates.length > picked.length;
  if (!picked.length) return { jobs: [], waiting };
  const rows = await queryRows<ClaimedJob>(
    tx,
    sql`
    UPDATE jobs SET state = 'running', locked_by = ${opts.workerId}, lease_until = ${leaseSql(opts)},
      attempts = attempts + 1, started_at = coalesce(started_at, now())
    WHERE id = ANY(${sql.param(picked)}::bigint[])
    RETURNING id, job_id, batch_id, seq, data_uuid, inputs, host, attempts`,
  );
  return {
    jobs: rows.map((r) => ({
      ...r,
      id: Number(r.id),
      task_id: batch.task_id,
      task_version: batch.task_version,
    })),
    waiting,
  };
}

/**
 * New rows from the batch's upload cursor, turned into job rows now: one statement that advances the
 * cursor from the position we read and inserts the jobs, or does nothing when a cancel or another
 * worker holds or has moved the cursor (then we try again on the next claim).
 */
async function claimFresh(
  db: Db,
  batch: ActiveBatch,
  room: number,
  opts: ClaimOptions,
  hasRoom: (h: string) => boolean,
  take: (h: string) => void,
): Promise<ClaimedJob[]> {
  const lo = Number(batch.next_ord);
  const hi = Math.min(lo + room, Number(batch.jobs_added));
  if (hi <= lo) return [];
  const rows = await rowsInRange(db, batch.id, lo, hi);
  const cols = {
    jobId: [] as string[],
    seq: [] as number[],
    uuid: [] as string[],
    inputs: [] as string[],
    host: [] as string[],
    run: [] as boolean[],
  };
  for (const [seq, uuid, inputs] of rows) {
    const host = guessHost(inputs);
    const run = hasRoom(host);
    if (run) take(host);
    cols.jobId.push(newJobId());
    cols.seq.push(seq);
    cols.uuid.push(uuid);
    cols.inputs.push(JSON.stringify(inputs));
    cols.host.push(host);
    cols.run.push(run);
  }
  const inserted = await queryRows<ClaimedJob & { state: string }>(
    db,
    sql`
    WITH cur AS (
      SELECT id FROM batches WHERE id = ${batch.id} AND next_ord = ${lo} AND NOT cancelled FOR UPDATE SKIP LOCKED
    ), moved AS (
      UPDATE batches b SET next_ord = ${hi}, last_claim_at = clock_timestamp(),
        started_at = coalesce(b.started_at, now()),
        job_status = CASE WHEN b.job_status = 'QUEUED' THEN 'RUNNING' ELSE b.job_status END
      FROM cur WHERE b.id = cur.id RETURNING b.id
    )
    INSERT INTO jobs (job_id, batch_id, seq, data_uuid, inputs, host, state, attempts, locked_by, lease_until, started_at)
    SELECT u.job_id, moved.id, u.seq, u.data_uuid, u.inputs, u.host,
      CASE WHEN u.run THEN 'running' ELSE 'pending' END,
      CASE WHEN u.run THEN 1 ELSE 0 END,
      CASE WHEN u.run THEN ${opts.workerId} END,
      CASE WHEN u.run THEN ${leaseSql(opts)} END,
      CASE WHEN u.run THEN now() END
    FROM moved, unnest(${sql.param(cols.jobId)}::text[], ${sql.param(cols.seq)}::int[], ${sql.param(cols.uuid)}::text[],
                ${sql.param(cols.inputs)}::jsonb[], ${sql.param(cols.host)}::text[], ${sql.param(cols.run)}::bool[])
      AS u(job_id, seq, data_uuid, inputs, host, run)
    RETURNING id, job_id, batch_id, seq, data_uuid, inputs, host, attempts, state`,
  );
  // Nothing inserted: the cursor was not ours this time. The host slots counted above stay counted for
  // the rest of this claim only, which merely makes it a little conservative.
  return inserted
    .filter((r) => r.state === 'running')
    .map(({ state: _s, ...r }) => ({
      ...r,
      id: Number(r.id),
      task_id: batch.task_id,
      task_version: batch.task_version,
    }));
}

/** Extend the leases of jobs this worker is still running. */
export async function renewLeases(db: Db, workerId: string, ids: number[], leaseMs: number): Promise<void> {
  if (ids.length === 0) return;
  await db.execute(sql`
    UPDATE jobs SET lease_until = now() + make_interval(secs => ${leaseMs / 1000})
    WHERE id = ANY(${sql.param(ids)}::bigint[]) AND state = 'running' AND locked_by = ${workerId}`);
}
