import { eq } from 'drizzle-orm';
import type { CreateBatchResponse } from '@/lib/contract/batches';
import type { Db } from '../db/client';
import { batches } from '../db/schema';
import { badRequest } from '../errors';
import type { Upload } from '../http/multipart';
import { newId } from '../ids';
import { checkUrl } from '../net/url-guard';
import { loadDefinition } from '../tasks/queries';
import { assertHasRows, discardBatch, ingestFile, scanFile } from './ingest';
import { estimateTimes } from './estimate';
import { BLOCK_ROWS } from './row-blocks';

export interface BatchDeps {
  db: Db;
  allowPrivate: boolean;
  concurrency: number;
  /** Called after a batch becomes claimable, so an idle worker starts at once. */
  wake(): void;
  /** Called with the number of table rows written (PGlite has no autovacuum). */
  afterBigWrite(rows: number): void;
}

function requireFile(upload: Upload) {
  if (!upload.file) throw badRequest('Missing file', "send the rows as a 'batch_input_data' file (JSONL, CSV or XLSX)");
  if (upload.file.size === 0) throw badRequest('Invalid batch file', 'the uploaded file is empty');
  return upload.file;
}

function requireTaskId(fields: Record<string, string>) {
  const id = fields.task_id?.trim();
  if (!id) throw badRequest('Missing task_id', "the form field 'task_id' is required");
  return id;
}

function optionalVersion(fields: Record<string, string>) {
  const raw = fields.task_version?.trim();
  if (!raw) return undefined;
  if (!/^\d+$/.test(raw) || Number(raw) < 1) throw badRequest('Invalid task_version', `task_version must be a positive integer, got '${raw}'`);
  return Number(raw);
}

export function validateWebhookUrl(raw: string | undefined, allowPrivate: boolean): string {
  const value = raw?.trim() ?? '';
  if (!value) return '';
  const checked = checkUrl(value, { allowPrivate });
  if (!checked.ok) throw badRequest('Invalid webhook_url', `webhook_url: ${checked.reason}`);
  return checked.url.toString();
}

// POST /v0/batches/validate-data
export async function validateData(deps: Pick<BatchDeps, 'db'>, upload: Upload) {
  const file = requireFile(upload);
  const { definition } = await loadDefinition(deps.db, requireTaskId(upload.fields), optionalVersion(upload.fields));
  const scan = await scanFile(file.path, file.filename, definition);
  if (scan.total === 0) throw badRequest('Invalid batch file', 'the file has no rows');
  return [{ job_count: scan.total, job_improper_format_count: scan.errorCount, job_improper_format: scan.errors }];
}

// POST /v0.1/batches
export async function createBatch(deps: BatchDeps, upload: Upload): Promise<CreateBatchResponse> {
  const file = requireFile(upload);
  const taskId = requireTaskId(upload.fields);
  const webhookUrl = validateWebhookUrl(upload.fields.webhook_url, deps.allowPrivate);
  const name = (upload.fields.batch_name ?? '').trim();
  if (name.length > 200) throw badRequest('Invalid batch_name', 'batch_name must be at most 200 characters');
  const { task, version, definition } = await loadDefinition(deps.db, taskId, optionalVersion(upload.fields));

  const batchId = newId('batch');
  const createdAt = new Date();
  await deps.db.insert(batches).values({
    id: batchId,
    taskId: task.id,
    taskVersion: version,
    name: name || `${task.name} · ${createdAt.toISOString().slice(0, 16).replace('T', ' ')}`,
    createdAt,
    webhookUrl,
    jobStatus: 'INGESTING',
  });
  try {
    const scan = await ingestFile(deps.db, batchId, file.path, file.filename, definition);
    assertHasRows(scan);
    await deps.db
      .update(batches)
      .set({ jobStatus: 'QUEUED', jobsSubmitted: scan.total, jobsAdded: scan.good, rowErrors: scan.errors })
      .where(eq(batches.id, batchId));
    const estimates = await estimateTimes(deps.db, batchId, scan.good, deps.concurrency);
    deps.wake();
    // Rows are stored 1,000 to a block: that is what the store's statistics see.
    deps.afterBigWrite(Math.ceil(scan.good / BLOCK_ROWS));
    return {
      batch_id: batchId,
      jobs_submitted: scan.total,
      jobs_added: scan.good,
      jobs_failed_error_indexes: scan.errors,
      ...estimates,
      webhook_url: webhookUrl,
    };
  } catch (err) {
    await discardBatch(deps.db, batchId).catch((e) => console.error('[quarry] could not discard batch', batchId, e));
    throw err;
  }
}
