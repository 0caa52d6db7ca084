import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { heldBy } from './held-by';

/**
 * Jobs this worker claimed but never started go back to the queue as if never claimed: pending, no
 * lease, the attempt not counted, no start time. A cancel that runs next removes them with the other
 * pending rows; otherwise the next claim takes them again.
 */
export async function releaseUnstarted(db: Db, workerId: string, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  await db.execute(sql`
    UPDATE jobs SET state = 'pending', locked_by = NULL, lease_until = NULL, run_after = now(),
      attempts = greatest(attempts - 1, 0), started_at = CASE WHEN attempts <= 1 THEN NULL ELSE started_at END
    WHERE id = ANY(${sql.param(ids)}::bigint[]) AND ${heldBy(workerId)}`);
}
