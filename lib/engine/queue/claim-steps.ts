import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { queryRows } from '../db/query-rows';
import { rowsInRange } from '../batches/row-blocks';
import { newJobId } from '../tasks/ids';
import type { ActiveBatch } from './active-batch-cache';
import type { ClaimedJob, ClaimOptions } from './claim-types';
import { guessHost } from './guess-host';

export interface HostSlots {
  hasRoom(host: string): boolean;
  take(host: string): void;
}

const leaseSql = (opts: ClaimOptions) => sql`now() + make_interval(secs => ${opts.leaseMs / 1000})`;

const withTask = (batch: ActiveBatch) => (r: ClaimedJob) => ({
  ...r,
  id: Number(r.id),
  task_id: batch.task_id,
  task_version: batch.task_version,
});

/** Jobs of this batch already in the table and due: retries, and rows parked for their host. */
export async function claimParked(
  tx: Db,
  batch: ActiveBatch,
  room: number,
  opts: ClaimOptions,
  slots: HostSlots,
): Promise<{ jobs: ClaimedJob[]; waiting: boolean }> {
  const candidates = await queryRows<{ id: number; host: string }>(
    tx,
    sql`SELECT id, host FROM jobs WHERE batch_id = ${batch.id} AND state = 'pending' AND run_after <= now()
        ORDER BY seq LIMIT ${room * 4} FOR UPDATE SKIP LOCKED`,
  );
  const picked: number[] = [];
  for (const c of candidates) {
    if (picked.length >= room) break;
    if (!slots.hasRoom(c.host)) continue;
    slots.take(c.host);
    picked.push(Number(c.id));
  }
  const waiting = candidates.length > picked.length;
  if (!picked.length) return { jobs: [], waiting };
  const rows = await queryRows<ClaimedJob>(
    tx,
    sql`UPDATE jobs SET state = 'running', locked_by = ${opts.workerId}, lease_until = ${leaseSql(opts)},
          attempts = attempts + 1, started_at = coalesce(started_at, now()), fetching = false
        WHERE id = ANY(${sql.param(picked)}::bigint[])
        RETURNING id, job_id, batch_id, seq, data_uuid, inputs, host, attempts`,
  );
  return { jobs: rows.map(withTask(batch)), waiting };
}

/**
 * New rows from the batch's upload cursor, turned into job rows now: one statement that advances the
 * cursor from the position we read and inserts the jobs, or does nothing (inserted 0) when a cancel or
 * another worker holds or has moved the cursor. Rows over a host's cap are inserted as pending
 * (parked) and taken by a later claim.
 * With opts.startEarly (the store's sole claimer) and no cancel since `seen`, the jobs are handed
 * over as the statement is sent, and the cursor is taken as moved: nobody else moves it.
 */
export async function claimFresh(
  db: Db,
  batch: ActiveBatch,
  room: number,
  opts: ClaimOptions,
  slots: HostSlots,
  seen: number,
  lateRoom = room,
): Promise<{ jobs: ClaimedJob[]; inserted: number }> {
  const lo = Number(batch.next_ord);
  let hi = Math.min(lo + room, Number(batch.jobs_added));
  if (hi <= lo) return { jobs: [], inserted: 0 };
  let rows = await rowsInRange(db, batch.id, lo, hi);
  // From here to the statement's send nothing awaits: whether its jobs are handed over early is
  // decided in the same turn of the event loop as the statement is sent (see cancel-epoch.ts).
  const early = Boolean(opts.startEarly && opts.cancels?.quietSince(seen));
  if (!early && rows.length > lateRoom) {
    // Jobs returned the usual way each start: no more of them than the claimer has slots for.
    hi = lo + Math.max(0, lateRoom);
    rows = rows.slice(0, hi - lo);
    if (hi <= lo) return { jobs: [], inserted: 0 };
  }
  const cols: ClaimColumns = { jobId: [], seq: [], uuid: [], inputs: [], host: [], run: [] };
  const bySeq = new Map<number, { uuid: string; inputs: string[]; host: string; jobId: string }>();
  for (const [seq, uuid, inputs] of rows) {
    const host = guessHost(inputs);
    const run = slots.hasRoom(host);
    if (run) slots.take(host);
    const jobId = newJobId();
    bySeq.set(seq, { uuid, inputs, host, jobId });
    cols.jobId.push(jobId);
    cols.seq.push(seq);
    cols.uuid.push(uuid);
    cols.inputs.push(inputs);
    cols.host.push(host);
    cols.run.push(run);
  }
  // If nothing is inserted, the host slots counted above stay counted for the rest of this claim only,
  // which merely makes it a little conservative.
  const job = (seq: number, id: number, rowless: boolean): ClaimedJob => {
    const row = bySeq.get(seq)!;
    return {
      id,
      job_id: row.jobId,
      batch_id: batch.id,
      seq,
      data_uuid: row.uuid,
      inputs: row.inputs,
      host: row.host,
      attempts: 1,
      task_id: batch.task_id,
      task_version: batch.task_version,
      ...(rowless ? { rowless } : {}),
    };
  };
  // The sole claimer writes no row for a job that starts at once: from a batch's first claim on
  // (a batch it began claiming with rows, before this code, goes on that way).
  if (opts.startEarly && (batch.rowless_claims || lo === 0)) {
    const moved = rowlessStatement(db, batch, lo, hi, cols);
    const run = cols.seq.filter((_, i) => cols.run[i]).map((seq) => job(seq, 0, true));
    batch.rowless_claims = true;
    if (run.length < cols.seq.length) batch.has_parked = true;
    if (early) {
      opts.startEarly(run, moved);
      return { jobs: [], inserted: cols.seq.length };
    }
    return (await moved) ? { jobs: run, inserted: cols.seq.length } : { jobs: [], inserted: 0 };
  }
  // Only what the store decides comes back (id, state); the rest is known here. Returning the inputs
  // (jsonb) made the store serialize and the caller parse them again.
  // The sole claimer's statements run one at a time and a cancel's transaction holds the store while
  // it runs: the row lock would only cost a tuple write per claim (~20% of the statement).
  const rowLock = opts.startEarly ? sql`` : sql`FOR UPDATE SKIP LOCKED`;
  const statement = queryRows<{ id: number; seq: number; state: string }>(
    db,
    sql`
    WITH cur AS (
      SELECT id FROM batches WHERE id = ${batch.id} AND next_ord = ${lo} AND NOT cancelled ${rowLock}
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
                ${sql.param(cols.inputs.map((i) => JSON.stringify(i)))}::jsonb[], ${sql.param(cols.host)}::text[], ${sql.param(cols.run)}::bool[])
      AS u(job_id, seq, data_uuid, inputs, host, run)
    RETURNING id, seq, state`,
  );
  if (early) {
    const handed = cols.seq.filter((_, i) => cols.run[i]).map((seq) => job(seq, 0, false));
    const claimed = statement.then((inserted) => {
      // The statement inserts every row or none.
      const ids = new Map(inserted.map((r) => [Number(r.seq), Number(r.id)]));
      for (const j of handed) j.id = ids.get(j.seq) ?? 0;
      return inserted.length > 0;
    });
    opts.startEarly!(handed, claimed);
    if (handed.length < cols.seq.length) batch.has_parked = true;
    return { jobs: [], inserted: cols.seq.length };
  }
  const inserted = await statement;
  const jobs: ClaimedJob[] = [];
  for (const r of inserted) {
    if (r.state !== 'running') continue;
    jobs.push(job(Number(r.seq), Number(r.id), false)); // id: bigserial, a string from PostgreSQL
  }
  if (jobs.length < inserted.length) batch.has_parked = true;
  return { jobs, inserted: inserted.length };
}

/** A claim's rows, column by column, as the statements send them (`run`: starts now, not parked). */
type ClaimColumns = {
  jobId: string[];
  seq: number[];
  uuid: string[];
  inputs: string[][];
  host: string[];
  run: boolean[];
};

/**
 * The sole claimer's claim of rows lo…hi of a rowless batch: one statement moves the cursor and
 * writes rows only for the jobs parked for their host. Resolves whether the cursor moved (a cancel
 * may have closed it). No row per started job is what made claims most of the embedded store's work
 * (~40 µs of its thread per row).
 */
function rowlessStatement(
  db: Db,
  batch: ActiveBatch,
  lo: number,
  hi: number,
  cols: ClaimColumns,
): Promise<boolean> {
  const parked = cols.run.flatMap((run, i) => (run ? [] : [i]));
  const pick = <T>(xs: T[]) => parked.map((i) => xs[i]!);
  // Statements run one at a time and a cancel's transaction holds the store while it runs: no row lock.
  const move = sql`
    WITH cur AS (
      SELECT id FROM batches WHERE id = ${batch.id} AND next_ord = ${lo} AND NOT cancelled
    ), moved AS (
      UPDATE batches b SET next_ord = ${hi}, last_claim_at = clock_timestamp(), rowless_claims = true,
        started_at = coalesce(b.started_at, now()),
        job_status = CASE WHEN b.job_status = 'QUEUED' THEN 'RUNNING' ELSE b.job_status END
      FROM cur WHERE b.id = cur.id RETURNING b.id
    )`;
  // A data-modifying WITH runs to completion whether or not anything reads it.
  const statement = parked.length
    ? sql`${move}, parked AS (
        INSERT INTO jobs (job_id, batch_id, seq, data_uuid, inputs, host, state, attempts)
        SELECT u.job_id, moved.id, u.seq, u.data_uuid, u.inputs, u.host, 'pending', 0
        FROM moved, unnest(${sql.param(pick(cols.jobId))}::text[], ${sql.param(pick(cols.seq))}::int[],
                           ${sql.param(pick(cols.uuid))}::text[], ${sql.param(pick(cols.inputs).map((i) => JSON.stringify(i)))}::jsonb[],
                           ${sql.param(pick(cols.host))}::text[]) AS u(job_id, seq, data_uuid, inputs, host)
        RETURNING 1
      ) SELECT count(*)::int AS moved FROM moved`
    : sql`${move} SELECT count(*)::int AS moved FROM moved`;
  return queryRows<{ moved: number }>(db, statement).then((r) => Number(r[0]?.moved ?? 0) > 0);
}
