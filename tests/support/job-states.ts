import { eq } from 'drizzle-orm';
import type { Db } from '@/lib/engine/db/client';
import { batches, jobs } from '@/lib/engine/db/schema';
import { iterateJobStates } from '@/lib/engine/batches/job-states';

/**
 * Every job a batch has handed out, in seq order, as readers see it: read by the engine's own reader
 * (iterateJobStates: job rows, result block entries, and a rowless batch's uploaded rows below
 * next_ord). `attempts` is the job row's, or 1 for a job without a row (it ran once).
 */
export async function jobsAsRead(db: Db, batchId: string) {
  const [batch] = await db
    .select({ id: batches.id, nextOrd: batches.nextOrd, rowlessClaims: batches.rowlessClaims })
    .from(batches)
    .where(eq(batches.id, batchId));
  if (!batch) return [];
  const rows = await db
    .select({ seq: jobs.seq, attempts: jobs.attempts })
    .from(jobs)
    .where(eq(jobs.batchId, batchId));
  const attempts = new Map(rows.map((r) => [r.seq, r.attempts]));
  const out = [];
  for await (const page of iterateJobStates(db, batch, { page: 1000, withoutRemoved: false })) {
    for (const j of page) {
      const { seq, dataUuid, state, result, errorDetected, error, startedAt, finishedAt } = j;
      out.push({
        seq,
        dataUuid,
        state,
        attempts: attempts.get(seq) ?? 1,
        result,
        errorDetected,
        error,
        startedAt,
        finishedAt,
      });
    }
  }
  return out;
}

/** How many of the batch's handed-out jobs read as each state. */
export async function jobStateCounts(db: Db, batchId: string): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const j of await jobsAsRead(db, batchId)) counts[j.state] = (counts[j.state] ?? 0) + 1;
  return counts;
}
