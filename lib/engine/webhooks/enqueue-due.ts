import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { queryRows } from '../db/query-rows';
import { PART_SIZE } from './enqueue';

/**
 * Turn batches whose completion webhook is due into delivery rows, one per part of ≤ 1,000 rows, and
 * clear the flag — one statement, so the flag and the deliveries change together. Delivery ids are
 * derived from the batch and part, so running this twice (two processes, a retry) never duplicates.
 * Called right after a completion group and by the periodic sweeper (which catches up after a crash).
 */
export async function enqueueDueCompletionWebhooks(db: Db, batchIds?: string[]): Promise<number> {
  const rows = await queryRows<{ id: string }>(
    db,
    sql`
    WITH due AS (
      UPDATE batches SET webhook_due = false
      WHERE webhook_due ${batchIds ? sql`AND id = ANY(${sql.param(batchIds)}::text[])` : sql``}
      RETURNING id, webhook_url, greatest(1, ceil(jobs_completed / ${PART_SIZE}::numeric))::int AS parts
    )
    INSERT INTO webhook_deliveries (id, batch_id, url, kind, part, parts)
    SELECT 'whd_' || due.id || '_completion_' || p, due.id, due.webhook_url, 'completion', p, due.parts
    FROM due CROSS JOIN LATERAL generate_series(1, due.parts) AS p
    WHERE due.webhook_url <> ''
    ON CONFLICT (id) DO NOTHING
    RETURNING id`,
  );
  return rows.length;
}
