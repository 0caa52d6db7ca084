import type { Db } from '../db/client';
import { webhookDeliveries } from '../db/schema';
import { newId } from '../ids';

/** Rows per webhook POST: keeps each body a few MB at most, whatever the batch size. */
export const PART_SIZE = 1000;

export type DeliveryKind = 'completion' | 'results';

export function partCount(totalRows: number): number {
  return Math.max(1, Math.ceil(Math.max(0, totalRows) / PART_SIZE));
}

/**
 * Queue one delivery per part of ≤ PART_SIZE rows; the dispatcher sends them. `totalRows` is the
 * number of result rows (the batch's jobs minus removed ones); an empty batch still gets one part,
 * so the receiver always hears that the batch finished. Only inserts, so it is safe to call with a
 * transaction handle: the deliveries then exist exactly when the batch's completion commits.
 */
export async function enqueueDeliveries(
  db: Db,
  opts: { batchId: string; url: string; kind: DeliveryKind; totalRows: number },
): Promise<string[]> {
  const parts = partCount(opts.totalRows);
  const rows = Array.from({ length: parts }, (_, i) => ({
    id: newId('whd'),
    batchId: opts.batchId,
    url: opts.url,
    kind: opts.kind,
    part: i + 1,
    parts,
  }));
  await db.insert(webhookDeliveries).values(rows);
  return rows.map((r) => r.id);
}
