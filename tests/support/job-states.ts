import { asc, eq } from 'drizzle-orm';
import type { Db } from '@/lib/engine/db/client';
import { jobs } from '@/lib/engine/db/schema';
import { overlayResultBlocks } from '@/lib/engine/batches/result-blocks';

/**
 * A batch's job rows in seq order as readers see them: on the embedded store a finished job's row
 * keeps state 'running' and its final state is in a result block, laid over the row here.
 */
export async function jobsAsRead(db: Db, batchId: string) {
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
  return overlayResultBlocks(db, batchId, rows);
}

/** How many of the batch's job rows read as each state. */
export async function jobStateCounts(db: Db, batchId: string): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const j of await jobsAsRead(db, batchId)) counts[j.state] = (counts[j.state] ?? 0) + 1;
  return counts;
}
