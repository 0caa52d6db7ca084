import { asc, eq } from 'drizzle-orm';
import type { Db } from '@/lib/engine/db/client';
import { batches, jobs } from '@/lib/engine/db/schema';
import { iterateHandedOut } from '@/lib/engine/batches/handed-out';
import { overlayResultBlocks } from '@/lib/engine/batches/result-blocks';

/**
 * Every job a batch has handed out, in seq order, as readers see it. On the embedded store a batch's
 * jobs that started at once have no row (batches.rowless_claims): they are read from the uploaded rows
 * below next_ord, with their result block entries. Elsewhere each has a job row, whose final state may
 * be in a result block too. `attempts` is the row's, or 1 for a job without a row (it ran once).
 */
export async function jobsAsRead(db: Db, batchId: string) {
  const [batch] = await db
    .select({ id: batches.id, nextOrd: batches.nextOrd, rowless: batches.rowlessClaims })
    .from(batches)
    .where(eq(batches.id, batchId));
  const rows = await db
    .select({
      seq: jobs.seq,
      dataUuid: jobs.dataUuid,
      state: jobs.state,
      attempts: jobs.attempts,
      result: jobs.result,
      errorDetected: jobs.errorDetected,
      error: jobs.error,
      startedAt: jobs.startedAt,
      finishedAt: jobs.finishedAt,
    })
    .from(jobs)
    .where(eq(jobs.batchId, batchId))
    .orderBy(asc(jobs.seq));
  if (!batch?.rowless) return overlayResultBlocks(db, batchId, rows);
  const attempts = new Map(rows.map((r) => [r.seq, r.attempts]));
  const out = [];
  for await (const page of iterateHandedOut(db, batch)) {
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
