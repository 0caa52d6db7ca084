import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { queryRows } from '../db/query-rows';

// Result blocks (db/schema.ts, resultBlocks) hold the final state and result of jobs finished by the
// embedded store's sole claimer. Most of those jobs have no row (batches.rowless_claims; readers take
// them from the uploaded rows, batches/handed-out.ts); those that have one keep the state 'running'
// the claim gave it. Every reader of job rows lays the blocks over what it read, so a job reads the
// same whichever way its result was written. Cancel marks only pending rows 'removed', so a row with a block entry is never
// 'removed', and a stored 'removed' (or 'pending') is still the row's state.

/**
 * One finished job in a result block. Entries written since rowless claims also carry the job's id
 * and start (epoch ms): a job without a row has nowhere else to keep them.
 */
export type BlockEntry = [
  seq: number,
  state: 'succeeded' | 'failed',
  result: unknown,
  errorDetected: boolean,
  error: string | null,
  jobId?: string,
  startedAt?: number | null,
];

/** A block entry whose result is JSON text already (queue/complete.ts, Completion.resultJson). */
export type SerializedEntry = [
  seq: number,
  state: 'succeeded' | 'failed',
  resultJson: string,
  errorDetected: boolean,
  error: string | null,
  jobId?: string,
  startedAt?: number | null,
];

/** A result block as stored (db/schema.ts, resultBlocks), made from its entries in any order. */
export function resultBlockRow(batchId: string, entries: BlockEntry[]) {
  return serializedBlockRow(
    batchId,
    entries.map(([seq, state, result, ...rest]) => [seq, state, JSON.stringify(result ?? null), ...rest]),
  );
}

/** The same from entries whose results are serialized: the body is the text JSON.stringify would give. */
export function serializedBlockRow(batchId: string, entries: SerializedEntry[]) {
  const seqs = entries.map((e) => e[0]);
  let body = '';
  for (const [seq, state, resultJson, ed, error, ...job] of entries) {
    const tail = job.length ? job.map((v) => `,${JSON.stringify(v ?? null)}`).join('') : '';
    body += `${body ? ',' : '['}[${seq},${JSON.stringify(state)},${resultJson},${ed},${JSON.stringify(error)}${tail}]`;
  }
  return {
    batchId,
    minSeq: Math.min(...seqs),
    maxSeq: Math.max(...seqs),
    seqs,
    body: body ? body + ']' : '[]',
  };
}

/** The fields of a job row that a block entry decides; the rest stays as the claim wrote it. */
export interface BlockOverlaid {
  seq: number;
  state: string;
  result: unknown;
  errorDetected: boolean;
  error: string | null;
  finishedAt: Date | null;
}

/** A finished job's block entry and when its block was written. */
export interface FinishedEntry {
  entry: BlockEntry;
  finishedAt: Date;
}

/**
 * The block entries of `seqs` (rows of `batchId`, in any order), by seq; seqs without one are absent.
 */
export async function blockEntries(
  db: Db,
  batchId: string,
  seqs: number[],
): Promise<Map<number, FinishedEntry>> {
  const out = new Map<number, FinishedEntry>();
  if (seqs.length === 0) return out;
  let lo = seqs[0]!;
  let hi = lo;
  for (const s of seqs) {
    if (s < lo) lo = s;
    if (s > hi) hi = s;
  }
  // Blocks whose bounds meet these seqs. A block is usually compact (its jobs were claimed in order
  // and finished together); one that holds a late straggler spans a wide range, and its bounds alone
  // would have every page in that range parse it, so such a block must hold one of the seqs. The
  // overlap test is left to wide blocks: on compact ones it cost ~1-3 ms per 1,000-row page for nothing.
  const blocks = await queryRows<{ body: string; finished_at: Date | string }>(
    db,
    sql`SELECT body, finished_at FROM result_blocks
        WHERE batch_id = ${batchId} AND min_seq <= ${hi} AND max_seq >= ${lo}
          AND (max_seq - min_seq < 4 * cardinality(seqs) OR seqs && ${sql.param(seqs)}::int[])`,
  );
  const wanted = new Set(seqs);
  for (const block of blocks) {
    const finishedAt = new Date(block.finished_at);
    for (const entry of JSON.parse(block.body) as BlockEntry[]) {
      if (wanted.has(entry[0])) out.set(entry[0], { entry, finishedAt });
    }
  }
  return out;
}

/** The fields a block entry gives a job: its final state, result, error and finish time. */
export function finalFields({ entry: [, state, result, errorDetected, error], finishedAt }: FinishedEntry) {
  return { state, result, errorDetected, error, finishedAt };
}

/**
 * Gives each row of `rows` (job rows of `batchId`, in any order) that is stored as 'running' and has a
 * block entry its final state, result, error and finish time, in place. Rows stored in any other
 * state are final already, so a page without a running row (PostgreSQL's, or the rows of a batch
 * finished before blocks) costs no query.
 */
export async function overlayResultBlocks<T extends BlockOverlaid>(
  db: Db,
  batchId: string,
  rows: T[],
): Promise<T[]> {
  const running = rows.filter((r) => r.state === 'running');
  if (running.length === 0) return rows;
  const finished = await blockEntries(
    db,
    batchId,
    running.map((r) => r.seq),
  );
  for (const row of running) layBlockOver(row, finished.get(row.seq));
  return rows;
}

/**
 * The one rule by which a job row and its block entry make the job's state, for every reader: a row
 * stored 'running' with a block entry reads as the entry says (final state, result, error, finish
 * time), in place; any other row is final already, and a row without an entry reads as stored.
 */
export function layBlockOver<T extends BlockOverlaid>(row: T, done: FinishedEntry | undefined): T {
  if (done && row.state === 'running') Object.assign(row, finalFields(done));
  return row;
}

/**
 * The stored states a row must have to read as one of `wanted` once blocks are laid over it: a row
 * that reads 'succeeded' or 'failed' may still be stored as 'running', and so may one that reads
 * 'pending' (claimed, not yet at its first request: batches/rows.ts).
 */
export function storedStatesFor(wanted: Iterable<string>): string[] {
  const stored = new Set<string>();
  for (const w of wanted) {
    stored.add(w);
    if (w === 'succeeded' || w === 'failed' || w === 'pending') stored.add('running');
  }
  return [...stored];
}
