import { eq } from 'drizzle-orm';
import type { TaskDefinition } from '@/lib/contract/task-definition';
import { IngestFileError, type ColumnOptions } from '@/lib/ingest/types';
import type { Db } from '../db/client';
import { batches } from '../db/schema';
import { EngineError, badRequest } from '../errors';
import { BlockWriter } from './block-writer';
import type { ScanResult } from './scan-rows';
import { scanUpload, type ScanSource } from './scan-thread/client';

export { MAX_REPORTED_ERRORS, type ScanResult } from './scan-rows';

/** Whole-file problems become the engine's 4xx errors; anything else propagates as it is. */
function asEngineError(err: unknown): unknown {
  if (!(err instanceof IngestFileError)) return err;
  const kind =
    err.status === 413 ? 'too_large' : err.status === 415 ? 'unsupported_media_type' : 'bad_request';
  return new EngineError(kind, 'Invalid batch file', err.message);
}

/** validate-data: read every row, report the bad ones, write nothing. */
export async function scanFile(
  source: ScanSource,
  filename: string,
  def: TaskDefinition,
  options: ColumnOptions = {},
): Promise<ScanResult> {
  return scanUpload(source, filename, def.inputs, undefined, options).catch((err: unknown) => {
    throw asEngineError(err);
  });
}

/**
 * Store the file's good rows as blocks of an INGESTING batch. Nothing is claimable until the caller
 * flips the batch to QUEUED; on failure the caller deletes the batch and its blocks go with it.
 */
export async function ingestFile(
  db: Db,
  batchId: string,
  source: ScanSource,
  filename: string,
  def: TaskDefinition,
  options: ColumnOptions = {},
): Promise<ScanResult> {
  const writer = new BlockWriter(db, batchId);
  try {
    const result = await scanUpload(
      source,
      filename,
      def.inputs,
      (first, blocks) => writer.write(first, blocks),
      options,
    );
    await writer.finish();
    return result;
  } catch (err) {
    throw asEngineError(err);
  } finally {
    // Never return (or let the caller discard the batch) while an insert is still running.
    await writer.settle();
  }
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
