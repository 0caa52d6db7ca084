import { and, between, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { batchRows } from '../db/schema';
import { BLOCK_ROWS, type StoredRow } from './row-block-format';

export type { StoredRow };

// Blocks are kept a while: a worker claims a few rows at a time from the same block, and decoding
// 1,000 rows for each claim would cost more than the claim itself. Blocks never change. An entry is
// kept as stored (encoded) until a claim reads it: an upload puts its first block here (primeRowBlock),
// and a process that runs no worker never pays for decoding it.
const CACHE_MAX = 64;
const cache = new Map<string, StoredRow[] | string>();

/**
 * Called once a batch's block is stored, with its encoded rows: the batch's first claim takes them
 * from here instead of reading the block back (a store statement of ~2-3 ms between upload and first job).
 */
export function primeRowBlock(batchId: string, block: number, encoded: string): void {
  remember(`${batchId}:${block}`, encoded);
}

/**
 * The stored rows at positions [lo, hi) of a batch's accepted rows, in upload order. A block is kept
 * in the cache only while a read ends inside it: the next claim, or the dashboard's next page, goes on
 * from there. A block read to its end is dropped: whoever reads in order is past it. So a one-pass
 * reader (a results stream or export, webhook parts, start-up recovery) leaves nothing behind, where
 * a 1,000,000-row export once pushed 1,000 decoded blocks through the cache, each promoted to the old
 * generation and dropped there, evicting the blocks claims were reading.
 */
export async function rowsInRange(db: Db, batchId: string, lo: number, hi: number): Promise<StoredRow[]> {
  const first = Math.floor(lo / BLOCK_ROWS);
  const last = Math.floor((hi - 1) / BLOCK_ROWS);
  const missing: number[] = [];
  for (let b = first; b <= last; b++) if (!cache.has(`${batchId}:${b}`)) missing.push(b);
  const read = new Map<number, string>();
  if (missing.length) {
    const rows = await db
      .select()
      .from(batchRows)
      .where(
        and(
          eq(batchRows.batchId, batchId),
          between(batchRows.block, missing[0]!, missing[missing.length - 1]!),
        ),
      );
    for (const r of rows) read.set(r.block, r.rows);
  }
  const out: StoredRow[] = [];
  for (let b = first; b <= last; b++) {
    const key = `${batchId}:${b}`;
    const held = read.get(b) ?? cache.get(key);
    if (held === undefined) throw new Error(`batch ${batchId} is missing row block ${b}`);
    const rows = typeof held === 'string' ? (JSON.parse(held) as StoredRow[]) : held;
    const from = Math.max(lo - b * BLOCK_ROWS, 0);
    const to = Math.min(hi - b * BLOCK_ROWS, rows.length);
    for (let i = from; i < to; i++) out.push(rows[i]!);
    if (to < rows.length) remember(key, rows);
    else cache.delete(key);
  }
  return out;
}

function remember(key: string, rows: StoredRow[] | string) {
  cache.delete(key);
  cache.set(key, rows);
  if (cache.size > CACHE_MAX) cache.delete(cache.keys().next().value!);
}
