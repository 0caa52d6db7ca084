import fs from 'node:fs';
import { eq, sql } from 'drizzle-orm';
import type { TaskDefinition } from '@/lib/contract/task-definition';
import type { IngestItem, RowError } from '@/lib/ingest/types';
import { IngestFileError } from '@/lib/ingest/types';
import { readRowBatches } from '@/lib/ingest/read-rows-node';
import type { Db } from '../db/client';
import { batches } from '../db/schema';
import { EngineError, badRequest } from '../errors';
import { BLOCK_ROWS, encodeBlock, type StoredRow } from './row-blocks';

// Blocks are written a few per statement: each insert is a short store transaction, so other requests
// are served between them.
const BLOCKS_PER_WRITE = 8;
const WRITES_IN_FLIGHT = 2;
// Reports keep every bad row up to this many; past it the count is still exact.
export const MAX_REPORTED_ERRORS = 10_000;

export interface ScanResult {
  total: number;
  good: number;
  errors: RowError[];
  errorCount: number;
}

/** Where rows are read from: the spooled upload's path, or a stream of its bytes (a live upload). */
export type RowSource = string | NodeJS.ReadableStream;

async function* itemBatches(source: RowSource, filename: string, def: TaskDefinition): AsyncGenerator<IngestItem[]> {
  try {
    const stream = typeof source === 'string' ? fs.createReadStream(source, { highWaterMark: 256 * 1024 }) : source;
    yield* readRowBatches(stream, filename, def.inputs);
  } catch (err) {
    if (err instanceof IngestFileError) {
      const kind = err.status === 413 ? 'too_large' : err.status === 415 ? 'unsupported_media_type' : 'bad_request';
      throw new EngineError(kind, 'Invalid batch file', err.message);
    }
    throw err;
  }
}

function noteError(result: ScanResult, error: RowError) {
  result.errorCount++;
  if (result.errors.length < MAX_REPORTED_ERRORS) result.errors.push(error);
}

/** validate-data: read every row, report the bad ones, write nothing. */
export async function scanFile(source: RowSource, filename: string, def: TaskDefinition): Promise<ScanResult> {
  const result: ScanResult = { total: 0, good: 0, errors: [], errorCount: 0 };
  for await (const batch of itemBatches(source, filename, def)) {
    for (const item of batch) {
      result.total++;
      if (item.kind === 'row') result.good++;
      else noteError(result, item.error);
    }
  }
  return result;
}

/**
 * Store the file's good rows as blocks of an INGESTING batch. Nothing is claimable until the caller
 * flips the batch to QUEUED; on failure the caller deletes the batch and its blocks go with it.
 */
export async function ingestFile(
  db: Db,
  batchId: string,
  source: RowSource,
  filename: string,
  def: TaskDefinition,
): Promise<ScanResult> {
  const result: ScanResult = { total: 0, good: 0, errors: [], errorCount: 0 };
  let block: StoredRow[] = [];
  let pending: { block: number; rows: string }[] = [];
  let blockNo = 0;
  // Writes overlap with parsing (the embedded store runs on its own thread, PostgreSQL in its own
  // process): up to WRITES_IN_FLIGHT inserts are outstanding while the next rows are read.
  const inFlight = new Set<Promise<void>>();
  let failed: unknown = null;
  const write = async () => {
    if (!pending.length) return;
    const chunk = pending;
    pending = [];
    // Scalar parameters, not a text[] one: an array literal would escape every quote of the JSON and
    // PostgreSQL would parse it back, which costs more than the insert itself.
    const values = chunk.map((b) => sql`(${batchId}, ${b.block}, ${b.rows})`);
    const p: Promise<void> = db
      .execute(sql`INSERT INTO batch_rows (batch_id, block, rows) VALUES ${sql.join(values, sql`, `)}`)
      .then(
        () => undefined,
        (err: unknown) => {
          failed ??= err;
        },
      )
      .finally(() => inFlight.delete(p));
    inFlight.add(p);
    while (inFlight.size >= WRITES_IN_FLIGHT) await Promise.race(inFlight);
    if (failed) throw failed;
  };
  const seal = async () => {
    if (!block.length) return;
    pending.push({ block: blockNo++, rows: encodeBlock(block) });
    block = [];
    if (pending.length >= BLOCKS_PER_WRITE) await write();
  };
  try {
    for await (const batch of itemBatches(source, filename, def)) {
      for (const item of batch) {
        result.total++;
        if (item.kind === 'error') {
          noteError(result, item.error);
          continue;
        }
        result.good++;
        block.push([item.row.index, item.row.data_uuid, item.row.inputs]);
        if (block.length === BLOCK_ROWS) await seal();
      }
    }
    await seal();
    await write();
  } finally {
    // Never return (or let the caller discard the batch) while an insert is still running.
    await Promise.all(inFlight);
  }
  if (failed) throw failed;
  return result;
}

export async function discardBatch(db: Db, batchId: string): Promise<void> {
  await db.delete(batches).where(eq(batches.id, batchId));
}

export function assertHasRows(scan: ScanResult): void {
  if (scan.total === 0) throw badRequest('Invalid batch file', 'the file has no rows');
  if (scan.good === 0) {
    const first = scan.errors.slice(0, 5).map((e) => `row ${e.error_index}: ${e.error_message}`);
    throw badRequest(
      'No valid rows in the batch file',
      `all ${scan.total} rows are invalid; first problems: ${first.join('; ')}`,
    );
  }
}
