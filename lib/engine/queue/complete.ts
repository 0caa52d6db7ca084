import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client';
import { queryRows } from '../db/query-rows';
import { PLAN_PER_CALL } from '../db/plan-per-call';
import { heldBy } from './held-by';
import { NO_USAGE, type LlmUsage } from '../llm/types';
import { serializedBlockRow, type SerializedEntry } from '../batches/result-blocks';
import { insertRetries, type PendingRow } from './release';

export interface Completion {
  id: number;
  /** succeeded | failed — final; or 'retry' to put the job back with a delay */
  state: 'succeeded' | 'failed' | 'retry';
  result?: unknown;
  /**
   * `result` as JSON, when the caller serialized it already; `result` is then not read. The worker
   * does this as a job finishes, so its group waits holding one compact string per job rather than
   * each result's tree of objects, which lived long enough to be copied by young collections and
   * marked as old (~15-20% less of V8's helper threads' time per job in paired runs).
   */
  resultJson?: string;
  /** The result's model usage, given with `resultJson` (it is not read back out of the JSON). */
  usage?: LlmUsage;
  errorDetected?: boolean;
  error?: string | null;
  retryDelayMs?: number;
  /** The job's batch and row: needed to write a final result into a result block. */
  batchId?: string | null;
  seq?: number;
  /** The job's id and start (epoch ms), for its result block entry: a rowless job has no row to hold them. */
  jobId?: string;
  startedAt?: number;
  /** A retry of a job without a row (ClaimedJob.rowless): written as this pending row (`id` is 0). */
  pending?: PendingRow;
  /** For a retry: the final result written instead when the job's batch was cancelled (never retried). */
  final?: Completion;
}

export interface CompleteOptions {
  /**
   * Write final results into result blocks instead of rewriting each job row. Only for the store's
   * sole claimer (the embedded store): it trusts that every job it completes is still its own, which
   * holds because nothing else takes a running job from it there (no other process, and no lease
   * reaping while it runs; see BlockJobStore.reap). Where workers share a store, a job whose lease was lost
   * may be finished by another worker, and only the row path's lease check keeps its result single.
   */
  inBlocks?: boolean;
}

export interface FinishedBatch {
  id: string;
  cancelled: boolean;
  webhook_url: string;
}

/**
 * Write a group of completions (group commit keeps the store's cost per job small). One statement
 * updates the jobs, bumps the batch counters and model usage, closes batches that are done and marks
 * their webhook as due — atomic without an explicit transaction, which on the embedded store costs as
 * much as the statement. Only jobs still leased by this worker are written: a job whose lease was lost
 * was re-queued and is finished by whoever holds it now, so every job has exactly one result and count.
 * Returns the batches this group finished.
 */
export async function completeJobs(
  db: Db,
  workerId: string,
  items: Completion[],
  opts: CompleteOptions = {},
): Promise<FinishedBatch[]> {
  if (items.length === 0) return [];
  const finals = items.filter((i) => i.state !== 'retry');
  const retries = items.filter((i) => i.state === 'retry');
  // A job of a cancelled batch is not retried: its final result is written instead.
  const rowlessRetries = retries.filter((r) => r.pending);
  if (rowlessRetries.length) {
    const cancelled = await insertRetries(
      db,
      rowlessRetries.map((r) => r.pending!),
    );
    for (const r of rowlessRetries) if (cancelled.has(r.pending!.batchId) && r.final) finals.push(r.final);
  }
  const rowRetries = retries.filter((r) => !r.pending);
  if (rowRetries.length) {
    const ids = rowRetries.map((r) => r.id);
    // FOR SHARE waits for a cancel in progress on the batch row, then sees it cancelled.
    const requeued = await queryRows<{ id: number }>(
      db,
      sql`${sql.raw(PLAN_PER_CALL)}
      UPDATE jobs j SET state = 'pending', locked_by = NULL, lease_until = NULL,
        run_after = now() + make_interval(secs => v.delay / 1000.0)
      FROM unnest(${sql.param(ids)}::bigint[], ${sql.param(rowRetries.map((r) => r.retryDelayMs ?? 1000))}::int[]) AS v(id, delay)
      WHERE j.id = v.id AND ${heldBy(workerId)}
        AND EXISTS (SELECT 1 FROM batches b WHERE b.id = j.batch_id AND NOT b.cancelled FOR SHARE)
      RETURNING j.id`,
    );
    const back = new Set(requeued.map((r) => Number(r.id)));
    // Not put back: its batch was cancelled (or its lease was lost, and the final below matches nothing).
    for (const r of rowRetries) if (!back.has(r.id) && r.final) finals.push(r.final);
  }
  if (finals.length === 0) return [];
  const inBlocks = opts.inBlocks && finals.every((f) => f.batchId && f.seq !== undefined);
  const rows = await queryRows<FinishedBatch & { completed: boolean }>(
    db,
    inBlocks ? blockStatement(finals) : finishStatement(workerId, finals),
  );
  // A batch with jobs still running cannot have been complete before, so completed now means "just finished".
  return rows
    .filter((b) => b.completed)
    .map(({ id, cancelled, webhook_url }) => ({ id, cancelled, webhook_url }));
}

// Adds each batch's counts (a relation `counts`: id, n, failed, tin, tout, cost) to its counters and
// its task version's model usage, closes the batches that are done and marks their webhook due.
const BUMP_AND_CLOSE = sql`bumped AS (
      UPDATE batches b SET
        jobs_completed = b.jobs_completed + c.n,
        jobs_failed = b.jobs_failed + c.failed,
        input_tokens = b.input_tokens + c.tin,
        output_tokens = b.output_tokens + c.tout,
        cost_usd = b.cost_usd + c.cost,
        completed = b.completed OR b.jobs_completed + c.n + b.jobs_removed >= b.jobs_added,
        job_status = CASE WHEN b.jobs_completed + c.n + b.jobs_removed >= b.jobs_added
          THEN CASE WHEN b.cancelled THEN 'CANCELLED' ELSE 'COMPLETED' END ELSE b.job_status END,
        finished_at = CASE WHEN b.jobs_completed + c.n + b.jobs_removed >= b.jobs_added THEN now() ELSE b.finished_at END,
        webhook_due = b.webhook_due OR (b.webhook_url <> '' AND b.jobs_completed + c.n + b.jobs_removed >= b.jobs_added)
      FROM counts c WHERE b.id = c.id
      RETURNING b.id, b.cancelled, b.webhook_url, b.completed, b.task_id, b.task_version, c.tin, c.tout, c.cost
    ), used AS (
      UPDATE task_versions tv SET input_tokens = tv.input_tokens + s.tin, output_tokens = tv.output_tokens + s.tout,
        cost_usd = tv.cost_usd + s.cost
      FROM (SELECT task_id, task_version, sum(tin) AS tin, sum(tout) AS tout, sum(cost) AS cost
            FROM bumped WHERE tin + tout > 0 GROUP BY task_id, task_version) s
      WHERE tv.task_id = s.task_id AND tv.version = s.task_version
      RETURNING 1
    )
    SELECT id, cancelled, webhook_url, completed FROM bumped`;

/** The statement that writes a group of final results and their batches' counters (see completeJobs). */
export function finishStatement(workerId: string, finals: Completion[]): SQL {
  const ids = finals.map((f) => f.id);
  // The model usage travels beside the result as numbers: reading it back out of the stored jsonb
  // parsed every result a second time (~10 µs per job of the embedded store's thread).
  const usage = finals.map(usageFor);
  return sql`${sql.raw(PLAN_PER_CALL)}
    WITH v AS (
      SELECT * FROM unnest(${sql.param(ids)}::bigint[], ${sql.param(finals.map((f) => f.state))}::text[],
                           ${sql.param(finals.map(jsonFor))}::text[],
                           ${sql.param(finals.map((f) => Boolean(f.errorDetected)))}::bool[],
                           ${sql.param(finals.map((f) => f.error ?? null))}::text[],
                           ${sql.param(usage.map((u) => u.input_tokens))}::bigint[],
                           ${sql.param(usage.map((u) => u.output_tokens))}::bigint[],
                           ${sql.param(usage.map((u) => u.cost_usd))}::float8[]) AS v(id, state, result, ed, err, tin, tout, cost)
    ), done AS (
      UPDATE jobs j SET state = v.state, result = v.result::jsonb, error_detected = v.ed, error = v.err,
        finished_at = now(), locked_by = NULL, lease_until = NULL
      FROM v WHERE j.id = v.id AND ${heldBy(workerId)}
      RETURNING j.batch_id, v.state, v.tin, v.tout, v.cost
    ), counts AS (
      SELECT batch_id AS id, count(*)::int AS n, count(*) FILTER (WHERE state = 'failed')::int AS failed,
        coalesce(sum(tin), 0)::bigint AS tin, coalesce(sum(tout), 0)::bigint AS tout, coalesce(sum(cost), 0)::float8 AS cost
      FROM done WHERE batch_id IS NOT NULL GROUP BY batch_id
    ), ${BUMP_AND_CLOSE}`;
}

const jsonFor = (f: Completion): string => f.resultJson ?? JSON.stringify(f.result ?? null);
const usageFor = (f: Completion): LlmUsage => f.usage ?? usageOf(f.result);

/** A result's model usage (JobOutcome.usage), zero where it has none. */
export function usageOf(result: unknown): LlmUsage {
  const u = (result as { usage?: Partial<LlmUsage> } | null | undefined)?.usage;
  if (!u) return NO_USAGE;
  const whole = (n: unknown) => (Number.isFinite(Number(n)) ? Math.round(Number(n)) : 0);
  return {
    input_tokens: whole(u.input_tokens),
    output_tokens: whole(u.output_tokens),
    cost_usd: Number.isFinite(Number(u.cost_usd)) ? Number(u.cost_usd) : 0,
  };
}

/**
 * The same as finishStatement for the sole claimer (CompleteOptions.inBlocks): each batch's results
 * go into one result block (db/schema.ts, resultBlocks) and its job rows are left as they are. One
 * insert per batch and group, where the row path rewrote a row per job.
 */
export function blockStatement(finals: Completion[]): SQL {
  const byBatch = new Map<string, Completion[]>();
  for (const f of finals) {
    const group = byBatch.get(f.batchId!);
    if (group) group.push(f);
    else byBatch.set(f.batchId!, [f]);
  }
  const values = [...byBatch].map(([batchId, group]) => {
    const usage = group.map(usageFor);
    const sum = (pick: (u: LlmUsage) => number) => usage.reduce((a, u) => a + pick(u), 0);
    const block = serializedBlockRow(
      batchId,
      group.map((f): SerializedEntry => {
        const state = f.state as 'succeeded' | 'failed';
        const error = f.error ?? null;
        return f.jobId === undefined
          ? [f.seq!, state, jsonFor(f), Boolean(f.errorDetected), error]
          : [f.seq!, state, jsonFor(f), Boolean(f.errorDetected), error, f.jobId, f.startedAt ?? null];
      }),
    );
    return sql`(${batchId}::text, ${group.length}::int, ${group.filter((f) => f.state === 'failed').length}::int,
      ${sum((u) => u.input_tokens)}::bigint, ${sum((u) => u.output_tokens)}::bigint, ${sum((u) => u.cost_usd)}::float8,
      ${block.minSeq}::int, ${block.maxSeq}::int, ${sql.param(block.seqs)}::int[], ${block.body}::text)`;
  });
  // A data-modifying WITH runs to completion whether or not anything reads it.
  return sql`
    WITH counts(id, n, failed, tin, tout, cost, min_seq, max_seq, seqs, body) AS (VALUES ${sql.join(values, sql`, `)}),
    ins AS (
      INSERT INTO result_blocks (batch_id, min_seq, max_seq, seqs, body)
      SELECT id, min_seq, max_seq, seqs, body FROM counts
    ), ${BUMP_AND_CLOSE}`;
}
