import { and, between, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { batchRows } from '../db/schema';
import { BLOCK_ROWS, type StoredRow } from './row-block-format';

export type { StoredRow };

// Decoded blocks are kept a while: a worker claims a few rows at a time from the same block, and
// decoding 1,000 rows for each claim would cost more than the claim itself. Blocks never change.
const CACHE_MAX = 64;
const cache = new Map<string, StoredRow[]>();

// A batch's first block, as its upload stored it: the first claim takes its rows from here instead of
// reading the block back (a store statement of ~2-3 ms between upload and first job). Kept encoded
// (decoded only if a claim comes) and few: in a process that runs no worker nobody takes them.
const PRIMED_MAX = 8;
const primed = new Map<string, string>();

/** Called once a batch's block is stored: the encoded rows of `block`, for the claims to come. */
export function primeRowBlock(batchId: string, block: number, encoded: string): void {
  primed.set(`${batchId}:${block}`, encoded);
  if (primed.size > PRIMED_MAX) primed.delete(primed.keys().next().value!);
}

/** The stored rows at positions [lo, hi) of a batch's accepted rows, in upload order. */
export async function rowsInRange(db: Db, batchId: string, lo: number, hi: number): Promise<StoredRow[]> {
  const first = Math.floor(lo / BLOCK_ROWS);
  const last = Math.floor((hi - 1) / BLOCK_ROWS);
  const missing: number[] = [];
  for (let b = first; b <= last; b++) {
    const key = `${batchId}:${b}`;
    if (cache.has(key)) continue;
    const encoded = primed.get(key);
    if (encoded === undefined) missing.push(b);
    else {
      primed.delete(key);
      remember(key, JSON.parse(encoded) as StoredRow[]);
    }
  }
  if (missing.length) {
    const rows = await db
      .select()
      .from(batchRows)
      .where(and(eq(batchRows.batchId, batchId), between(batchRows.block, missing[0]!, missing[missing.length - 1]!)));
    for (const r of rows) remember(`${batchId}:${r.block}`, JSON.parse(r.rows) as StoredRow[]);
  }
  const out: StoredRow[] = [];
  for (let b = first; b <= last; b++) {
    const rows = cache.get(`${batchId}:${b}`);
    if (!rows) throw new Error(`batch ${batchId} is missing row block ${b}`);
    const from = Math.max(lo - b * BLOCK_ROWS, 0);
    const to = Math.min(hi - b * BLOCK_ROWS, rows.length);
    for (let i = from; i < to; i++) out.push(rows[i]!);
  }
  return out;
}

function remember(key: string, rows: StoredRow[]) {
  cache.delete(key);
  cache.set(key, rows);
  if (cache.size > CACHE_MAX) cache.delete(cache.keys().next().value!);
}
