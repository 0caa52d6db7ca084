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
 * The stored rows at positions [lo, hi) of a batch's accepted rows, in upload order. Claims keep the
 * blocks they read (`keep`); a reader that goes through a batch once (a results stream, an export,
 * the rows listing, start-up recovery) takes a block from the cache when it is there but does not
 * keep those it reads: a 1,000,000-row export would otherwise push 1,000 decoded blocks through the
 * cache, each living long enough to be promoted to the old generation and then dropped there, and
 * would evict the blocks the worker's claims are reading.
 */
export async function rowsInRange(db: Db, batchId: string, lo: number, hi: number, keep = true): Promise<StoredRow[]> {
  const first = Math.floor(lo / BLOCK_ROWS);
  const last = Math.floor((hi - 1) / BLOCK_ROWS);
  const missing: number[] = [];
  for (let b = first; b <= last; b++) if (!cache.has(`${batchId}:${b}`)) missing.push(b);
  const read = new Map<string, StoredRow[] | string>();
  if (missing.length) {
    const rows = await db
      .select()
      .from(batchRows)
      .where(and(eq(batchRows.batchId, batchId), between(batchRows.block, missing[0]!, missing[missing.length - 1]!)));
    for (const r of rows) {
      if (keep) remember(`${batchId}:${r.block}`, r.rows);
      else read.set(`${batchId}:${r.block}`, r.rows);
    }
  }
  const out: StoredRow[] = [];
  for (let b = first; b <= last; b++) {
    const key = `${batchId}:${b}`;
    let rows = read.get(key) ?? cache.get(key);
    if (rows === undefined) throw new Error(`batch ${batchId} is missing row block ${b}`);
    if (typeof rows === 'string') {
      rows = JSON.parse(rows) as StoredRow[];
      if (!read.has(key)) cache.set(key, rows);
    }
    const from = Math.max(lo - b * BLOCK_ROWS, 0);
    const to = Math.min(hi - b * BLOCK_ROWS, rows.length);
    for (let i = from; i < to; i++) out.push(rows[i]!);
  }
  return out;
}

function remember(key: string, rows: StoredRow[] | string) {
  cache.delete(key);
  cache.set(key, rows);
  if (cache.size > CACHE_MAX) cache.delete(cache.keys().next().value!);
}
