import { eq, sql } from 'drizzle-orm';
import type { TaskDefinition } from '@/lib/contract/task-definition';
import { IngestFileError, type ColumnOptions } from '@/lib/ingest/types';
import type { Db } from '../db/client';
import { queryRows } from '../db/query-rows';
import { monitorRows } from '../db/schema-monitors';
import { EngineError, conflict } from '../errors';
import { assertHasRows, type ScanResult } from '../batches/ingest';
import { findBatch } from '../batches/read';
import { scanUpload, type ScanSource } from '../batches/scan-thread/client';

// A monitor's kept sheet: the accepted rows of its upload (or of the batch it was made from), kept in
// the row-block format batches use. Parsed rows rather than the uploaded bytes: every tick must give a
// row the same data_uuid (a file without a data_uuid column numbers its rows at each read, and a later
// re-read under another parser version could differ), and a tick then copies the blocks into its batch
// in one INSERT … SELECT instead of parsing the file again.

/** Reads an upload's rows into the monitor's sheet (400 for a file with no good row). */
export async function storeUploadedSheet(
  db: Db,
  monitorId: string,
  source: ScanSource,
  filename: string,
  def: TaskDefinition,
  options: ColumnOptions,
): Promise<ScanResult> {
  try {
    const scan = await scanUpload(
      source,
      filename,
      def.inputs,
      async (first, blocks) => {
        const values = blocks.map((rows, i) => sql`(${monitorId}, ${first + i}, ${rows})`);
        await db.execute(
          sql`INSERT INTO monitor_rows (monitor_id, block, rows) VALUES ${sql.join(values, sql`, `)}`,
        );
      },
      options,
    );
    assertHasRows(scan);
    return scan;
  } catch (err) {
    await dropSheet(db, monitorId);
    if (err instanceof IngestFileError)
      throw new EngineError('bad_request', 'Invalid batch file', err.message);
    throw err;
  }
}

/**
 * Makes `batchId`'s rows the monitor's sheet (replacing any it had), in the caller's transaction.
 * Returns the number of rows. A batch of another task is refused: its inputs answer other questions.
 */
export async function copyBatchSheet(db: Db, monitorId: string, batchId: string, taskId: string) {
  const batch = await findBatch(db, batchId);
  if (batch.taskId !== taskId)
    throw conflict(
      'Batch of another task',
      `batch ${batchId} runs task ${batch.taskId}, the monitor watches task ${taskId}`,
    );
  await dropSheet(db, monitorId);
  await db.execute(sql`
    INSERT INTO monitor_rows (monitor_id, block, rows)
    SELECT ${monitorId}, block, rows FROM batch_rows WHERE batch_id = ${batchId}`);
  return batch.jobsAdded;
}

/**
 * Why the sheet does not fit the task version, or null: its rows must hold one value per input of the
 * version the monitor runs (not a batch of another version, nor a version with other inputs), or each
 * job would answer other questions.
 */
export async function sheetMisfit(db: Db, monitorId: string, def: TaskDefinition): Promise<string | null> {
  const [first] = await queryRows<{ rows: string }>(
    db,
    sql`SELECT rows FROM monitor_rows WHERE monitor_id = ${monitorId} ORDER BY block LIMIT 1`,
  );
  const row = first && (JSON.parse(first.rows) as [number, string, string[]][])[0];
  if (!row || row[2].length === def.inputs.length) return null;
  const names = def.inputs.map((i) => i.name).join(', ');
  return `the sheet's rows hold ${row[2].length} inputs, the task version takes ${def.inputs.length} (${names})`;
}

export async function assertSheetFits(db: Db, monitorId: string, def: TaskDefinition): Promise<void> {
  const misfit = await sheetMisfit(db, monitorId, def);
  if (misfit) throw conflict('Sheet does not fit the task version', misfit);
}

export async function dropSheet(db: Db, monitorId: string): Promise<void> {
  await db.delete(monitorRows).where(eq(monitorRows.monitorId, monitorId));
}

/** Copies the sheet into an INGESTING batch's row blocks; returns the number of rows copied. */
export async function copySheetToBatch(db: Db, monitorId: string, batchId: string): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`WITH copied AS (
          INSERT INTO batch_rows (batch_id, block, rows)
          SELECT ${batchId}, block, rows FROM monitor_rows WHERE monitor_id = ${monitorId}
          RETURNING rows)
        SELECT coalesce(sum(json_array_length(rows::json)), 0)::int AS n FROM copied`,
  );
  return Number(row?.n ?? 0);
}
