import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { queryRows } from '../db/query-rows';

// What the shared store (PostgreSQL) says of jobs other processes may hold: a worker or a reader there
// cannot keep it in memory, as the embedded store's one process does (block-job-store.ts).

/** Seqs of a batch's job rows that are running and past their first page request (start-gate.ts). */
export async function fetchingSeqs(db: Db, batchId: string): Promise<number[]> {
  const rows = await queryRows<{ seq: number }>(
    db,
    sql`SELECT seq FROM jobs WHERE batch_id = ${batchId} AND state = 'running' AND fetching`,
  );
  return rows.map((r) => Number(r.seq));
}

/** Which of `batchIds` are cancelled (a cancel may have run in another process). */
export async function cancelledAmong(db: Db, batchIds: string[]): Promise<string[]> {
  if (batchIds.length === 0) return [];
  const rows = await queryRows<{ id: string }>(
    db,
    sql`SELECT id FROM batches WHERE id = ANY(${sql.param(batchIds)}::text[]) AND cancelled`,
  );
  return rows.map((r) => r.id);
}
