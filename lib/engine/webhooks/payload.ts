import { and, asc, eq, ne } from 'drizzle-orm';
import type { ResultRow } from '@/lib/contract/batches';
import type { Db } from '../db/client';
import { batches, jobs } from '../db/schema';
import { overlayResultBlocks } from '../batches/result-blocks';
import { handedOutRows, type JobView } from '../batches/handed-out';
import { iterateJobStates } from '../batches/job-states';
import { resultColumns, toResultRow, type ResultJobRow } from '../batches/result-row';
import { PART_SIZE } from './enqueue';

export interface WebhookPayload {
  status: 'success';
  batch_id: string;
  data: ResultRow[];
  part: number;
  parts: number;
}

/**
 * The k-th slice of PART_SIZE result rows in input (seq) order, removed jobs left out. Parts are
 * built one at a time when sent, so no part needs the whole batch in memory. The body is rebuilt on
 * every attempt, so a retry carries the rows as they are then (the webhook-id stays the same).
 */
export async function buildPayload(
  db: Db,
  delivery: { batchId: string; part: number; parts: number },
): Promise<WebhookPayload> {
  const [batch] = await db
    .select({
      id: batches.id,
      taskVersion: batches.taskVersion,
      nextOrd: batches.nextOrd,
      rowlessClaims: batches.rowlessClaims,
    })
    .from(batches)
    .where(eq(batches.id, delivery.batchId));
  if (!batch) throw new Error(`batch ${delivery.batchId} no longer exists`);
  const rows = batch.rowlessClaims
    ? await rowlessPart(db, batch, delivery.part)
    : await rowPart(db, batch.id, delivery.part);
  return {
    status: 'success',
    batch_id: delivery.batchId,
    data: rows.map((j) => toResultRow(j, batch.taskVersion)),
    part: delivery.part,
    parts: delivery.parts,
  };
}

/** Part k of a batch whose handed-out jobs each have a row: OFFSET walks the (batch_id, seq) index. */
async function rowPart(db: Db, batchId: string, part: number): Promise<ResultJobRow[]> {
  // Rows with a block entry are stored as 'running', never 'removed', so the filter holds before the overlay.
  const rows = await db
    .select({ ...resultColumns, seq: jobs.seq })
    .from(jobs)
    .where(and(eq(jobs.batchId, batchId), ne(jobs.state, 'removed')))
    .orderBy(asc(jobs.seq))
    .limit(PART_SIZE)
    .offset((part - 1) * PART_SIZE);
  return overlayResultBlocks(db, batchId, rows);
}

/**
 * Part k of a rowless batch's results (batches/handed-out.ts): its rows handed out, removed ones left
 * out. With none removed (a batch not cancelled, or cancelled with no job waiting) part k is positions
 * (k-1)·PART_SIZE … k·PART_SIZE-1; otherwise the parts before it are counted from the start.
 */
async function rowlessPart(
  db: Db,
  batch: { id: string; nextOrd: number; rowlessClaims: boolean },
  part: number,
): Promise<JobView[]> {
  const [removed] = await db
    .select({ id: jobs.id })
    .from(jobs)
    .where(and(eq(jobs.batchId, batch.id), eq(jobs.state, 'removed')))
    .limit(1);
  const skip = (part - 1) * PART_SIZE;
  if (!removed) return handedOutRows(db, batch, skip, skip + PART_SIZE);
  const out: JobView[] = [];
  let seen = 0;
  for await (const page of iterateJobStates(db, batch, { page: PART_SIZE, withoutRemoved: true })) {
    for (const job of page) {
      if (seen++ < skip) continue;
      out.push(job);
      if (out.length >= PART_SIZE) return out;
    }
  }
  return out;
}
