import fs from 'node:fs';
import { eq, sql } from 'drizzle-orm';
import type { TaskDefinition } from '@/lib/contract/task-definition';
import type { RowError } from '@/lib/ingest/types';
import { IngestFileError } from '@/lib/ingest/types';
import { readRows } from '@/lib/ingest/read-rows-node';
import type { Db } from '../db/client';
import { batches } from '../db/schema';
import { EngineError, badRequest } from '../errors';
import { normalizeUrlInput } from '../net/url-guard';
import { newJobId } from '../tasks/ids';

const CHUNK = 2000;
// Reports keep every bad row up to this many; past it the count is still exact.
export const MAX_REPORTED_ERRORS = 10_000;

export interface ScanResult {
  total: number;
  good: number;
  errors: RowError[];
  errorCount: number;
}

function hostOf(def: TaskDefinition, inputs: string[]): string {
  const i = def.inputs.findIndex((x) => x.type === 'url');
  const raw = inputs[i >= 0 ? i : 0];
  if (!raw) return '';
  try {
    return new URL(normalizeUrlInput(raw.trim())).hostname;
  } catch {
    return '';
  }
}

async function* items(filePath: string, filename: string, def: TaskDefinition) {
  try {
    yield* readRows(fs.createReadStream(filePath, { highWaterMark: 256 * 1024 }), filename, def.inputs);
  } catch (err) {
    if (err instanceof IngestFileError) throw new EngineError(statusKind(err.status), 'Invalid batch file', err.message);
    throw err;
  }
}

function statusKind(status: number) {
  return status === 413 ? 'too_large' : status === 415 ? 'unsupported_media_type' : 'bad_request';
}

/** validate-data: read every row, report the bad ones, write nothing. */
export async function scanFile(filePath: string, filename: string, def: TaskDefinition): Promise<ScanResult> {
  const result: ScanResult = { total: 0, good: 0, errors: [], errorCount: 0 };
  for await (const item of items(filePath, filename, def)) {
    result.total++;
    if (item.kind === 'row') result.good++;
    else {
      result.errorCount++;
      if (result.errors.length < MAX_REPORTED_ERRORS) result.errors.push(item.error);
    }
  }
  return result;
}

/**
 * Write the file's good rows as pending jobs of an INGESTING batch, in chunks (PGlite runs on the main
 * thread: big single statements would stall requests). Nothing is claimable until the caller flips the
 * batch to QUEUED; on failure the caller deletes the batch and its jobs go with it.
 */
export async function ingestFile(
  db: Db,
  batchId: string,
  filePath: string,
  filename: string,
  def: TaskDefinition,
): Promise<ScanResult> {
  const result: ScanResult = { total: 0, good: 0, errors: [], errorCount: 0 };
  let cols = newChunk();
  const flush = async () => {
    if (!cols.seq.length) return;
    const c = cols;
    cols = newChunk();
    await db.execute(sql`
      INSERT INTO jobs (job_id, batch_id, seq, data_uuid, inputs, host)
      SELECT u.job_id, ${batchId}, u.seq, u.data_uuid, u.inputs, u.host
      FROM unnest(${sql.param(c.jobId)}::text[], ${sql.param(c.seq)}::int[], ${sql.param(c.uuid)}::text[], ${sql.param(c.inputs)}::jsonb[], ${sql.param(c.host)}::text[])
        AS u(job_id, seq, data_uuid, inputs, host)`);
    // Yield so requests queued behind the store get a turn between chunks.
    await new Promise((r) => setImmediate(r));
  };
  for await (const item of items(filePath, filename, def)) {
    result.total++;
    if (item.kind === 'error') {
      result.errorCount++;
      if (result.errors.length < MAX_REPORTED_ERRORS) result.errors.push(item.error);
      continue;
    }
    result.good++;
    const row = item.row;
    cols.jobId.push(newJobId());
    cols.seq.push(row.index);
    cols.uuid.push(row.data_uuid);
    cols.inputs.push(JSON.stringify(row.inputs));
    cols.host.push(hostOf(def, row.inputs));
    if (cols.seq.length >= CHUNK) await flush();
  }
  await flush();
  return result;
}

function newChunk() {
  return { jobId: [] as string[], seq: [] as number[], uuid: [] as string[], inputs: [] as string[], host: [] as string[] };
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
