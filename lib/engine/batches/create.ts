import { eq } from 'drizzle-orm';
import type { CreateBatchResponse } from '@/lib/contract/batches';
import type { Db } from '../db/client';
import { batches } from '../db/schema';
import { badRequest } from '../errors';
import type { LiveFile, Upload } from './upload';
import { newId } from '../ids';
import { checkUrl } from '../net/url-guard';
import { loadDefinition } from '../tasks/queries';
import { assertHasRows, discardBatch, ingestFile, scanFile, type ScanResult } from './ingest';
import { estimatesFrom, queueState } from './estimate';
import { BLOCK_ROWS } from './row-block-format';
import { COLUMN_FIELDS, columnOptionsFrom } from './column-fields';
import { storeSource } from './source-store';

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
  if (!upload.file)
    throw badRequest('Missing file', "send the rows as a 'batch_input_data' file (JSONL, CSV or XLSX)");
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
  if (!/^\d+$/.test(raw) || Number(raw) < 1)
    throw badRequest('Invalid task_version', `task_version must be a positive integer, got '${raw}'`);
  return Number(raw);
}

export function validateWebhookUrl(raw: string | undefined, allowPrivate: boolean): string {
  const value = raw?.trim() ?? '';
  if (!value) return '';
  const checked = checkUrl(value, { allowPrivate });
  if (!checked.ok) throw badRequest('Invalid webhook_url', `webhook_url: ${checked.reason}`);
  return checked.url.toString();
}

interface Prepared {
  task: { id: string; name: string };
  version: number;
  definition: Awaited<ReturnType<typeof loadDefinition>>['definition'];
  webhookUrl: string;
  name: string;
}

type CheckedFields = Pick<Prepared, 'webhookUrl' | 'name'> & { taskId: string; version: number | undefined };

/** Checks the form fields (400 for a bad one) without reading the store. */
function checkFields(deps: Pick<BatchDeps, 'allowPrivate'>, fields: Record<string, string>): CheckedFields {
  const taskId = requireTaskId(fields);
  const webhookUrl = validateWebhookUrl(fields.webhook_url, deps.allowPrivate);
  const name = (fields.batch_name ?? '').trim();
  if (name.length > 200) throw badRequest('Invalid batch_name', 'batch_name must be at most 200 characters');
  return { taskId, version: optionalVersion(fields), webhookUrl, name };
}

/** Checks the form fields and loads the task version they name. */
async function prepare(
  deps: Pick<BatchDeps, 'db' | 'allowPrivate'>,
  fields: Record<string, string>,
): Promise<Prepared> {
  const checked = checkFields(deps, fields);
  const { task, version, definition } = await loadDefinition(deps.db, checked.taskId, checked.version);
  return { task, version, definition, webhookUrl: checked.webhookUrl, name: checked.name };
}

// An upload's rows can be read while it is still arriving, when task_id (and task_version) came
// before the file part: then reading overlaps the transfer. The work is kept only if the complete
// form names the same task version; otherwise, or if it failed, the rows are read again from the
// spooled file and any problem is reported the usual way.
function sameVersionNamed(early: Record<string, string>, complete: Record<string, string>): boolean {
  const same = (field: string) => (early[field]?.trim() ?? '') === (complete[field]?.trim() ?? '');
  // The columns named decide which cells are the inputs: rows read for other ones are read again.
  return same('task_id') && same('task_version') && COLUMN_FIELDS.every(same);
}

export interface EarlyScan {
  /** The form fields sent before the file part: the task version the rows were read for. */
  fields: Record<string, string>;
  scan: ScanResult;
}

export interface EarlyIngest extends EarlyScan {
  batchId: string;
  /** The task version the rows were read for (the batch row names it already). */
  loaded: Pick<Prepared, 'task' | 'version' | 'definition'>;
}

async function prepareEarly(
  deps: Pick<BatchDeps, 'db' | 'allowPrivate'>,
  live: LiveFile,
): Promise<Prepared | null> {
  if (!live.fields.task_id?.trim()) return null;
  // Fields that fail here are reported from the complete form, where later fields may differ.
  return prepare(deps, live.fields).catch(() => null);
}

export function startEarlyScan(deps: Pick<BatchDeps, 'db'>, live: LiveFile): Promise<EarlyScan | null> {
  return (async () => {
    // validate-data reads only task_id and task_version; other fields do not stop an early read.
    if (!live.fields.task_id?.trim()) return null;
    const { definition } = await loadDefinition(
      deps.db,
      live.fields.task_id.trim(),
      optionalVersion(live.fields),
    );
    const scan = await scanFile(live, live.filename, definition, columnOptionsFrom(live.fields)).catch(
      () => null,
    );
    return scan && { fields: live.fields, scan };
  })().catch(() => null);
}

// Both never reject: nobody awaits them until the upload is complete, and a rejection left unhandled
// that long would take the process down.
export function startEarlyIngest(deps: BatchDeps, live: LiveFile): Promise<EarlyIngest | null> {
  return (async () => {
    const p = await prepareEarly(deps, live);
    if (!p) return null;
    const options = columnOptionsFrom(live.fields);
    const batchId = await insertIngesting(deps, p).catch(() => null);
    if (!batchId) return null;
    try {
      // The bytes are kept as they arrive, beside the reading of the rows (source-store.ts).
      const [read, kept] = await Promise.allSettled([
        ingestFile(deps.db, batchId, live, live.filename, p.definition, options),
        storeSource(deps.db, batchId, live, options),
      ]);
      if (read.status === 'rejected') throw read.reason;
      if (kept.status === 'rejected') throw kept.reason;
      return { fields: live.fields, batchId, scan: read.value, loaded: p };
    } catch {
      await dropBatch(deps, batchId);
      return null;
    }
  })().catch(() => null);
}

/** Discards what an early ingest stored, once it has stopped (the upload failed or was not used). */
export async function dropEarlyIngest(
  deps: Pick<BatchDeps, 'db'>,
  early: Promise<EarlyIngest | null> | undefined,
): Promise<void> {
  const e = await early?.catch(() => null);
  if (e) await dropBatch(deps, e.batchId);
}

async function dropBatch(deps: Pick<BatchDeps, 'db'>, batchId: string): Promise<void> {
  await discardBatch(deps.db, batchId).catch((e) =>
    console.error('[quarry] could not discard batch', batchId, e),
  );
}

async function insertIngesting(deps: Pick<BatchDeps, 'db'>, p: Prepared): Promise<string> {
  const batchId = newId('batch');
  const createdAt = new Date();
  await deps.db.insert(batches).values({
    id: batchId,
    taskId: p.task.id,
    taskVersion: p.version,
    name: p.name || defaultName(p.task.name, createdAt),
    createdAt,
    webhookUrl: p.webhookUrl,
    jobStatus: 'INGESTING',
  });
  return batchId;
}

const defaultName = (taskName: string, at: Date) =>
  `${taskName} · ${at.toISOString().slice(0, 16).replace('T', ' ')}`;

// POST /v0/batches/validate-data
export async function validateData(
  deps: Pick<BatchDeps, 'db'>,
  upload: Upload,
  early?: Promise<EarlyScan | null>,
) {
  const file = requireFile(upload);
  const e = await early;
  let scan = e && sameVersionNamed(e.fields, upload.fields) ? e.scan : null;
  if (!scan) {
    // Not read early (or for another version): load the task the complete form names and read the spool.
    const { definition } = await loadDefinition(
      deps.db,
      requireTaskId(upload.fields),
      optionalVersion(upload.fields),
    );
    scan = await scanFile(file, file.filename, definition, columnOptionsFrom(upload.fields));
  }
  if (scan.total === 0) throw badRequest('Invalid batch file', 'the file has no rows');
  return [
    { job_count: scan.total, job_improper_format_count: scan.errorCount, job_improper_format: scan.errors },
  ];
}

// POST /v0.1/batches
export async function createBatch(
  deps: BatchDeps,
  upload: Upload,
  early?: Promise<EarlyIngest | null>,
): Promise<CreateBatchResponse> {
  let e = (await early?.catch(() => null)) ?? null;
  let batchId: string | null = e?.batchId ?? null;
  try {
    const file = requireFile(upload);
    if (e && !sameVersionNamed(e.fields, upload.fields)) {
      await dropBatch(deps, e.batchId);
      e = null;
      batchId = null;
    }
    // Read early for the same task_id and task_version: that version is the one loaded then (and the
    // one its batch row names), so only the complete form's other fields are left to check.
    let p: Prepared;
    if (e) {
      const { webhookUrl, name } = checkFields(deps, upload.fields);
      p = { ...e.loaded, webhookUrl, name };
    } else p = await prepare(deps, upload.fields);
    if (!e) batchId = await insertIngesting(deps, p);
    const id = batchId!;
    // The queue is read for the estimates while the rows are stored, not after: they would otherwise
    // stand between the batch becoming claimable and its first job. The state excludes this batch.
    const queue = queueState(deps.db, deps.concurrency, id);
    queue.catch(() => undefined); // awaited below unless the ingest fails first
    const options = columnOptionsFrom(upload.fields);
    // The spreadsheet's bytes are kept for downloads (source-store.ts), written while its rows are
    // (an early ingest kept them already). Both settle before a failure is thrown: the batch is
    // dropped only once neither still writes.
    const [read, kept] = await Promise.allSettled([
      e ? e.scan : ingestFile(deps.db, id, file, file.filename, p.definition, options),
      e ? undefined : storeSource(deps.db, id, file, options),
    ]);
    if (read.status === 'rejected') throw read.reason;
    if (kept.status === 'rejected') throw kept.reason;
    const scan = read.value;
    assertHasRows(scan);
    const state = await queue;
    await deps.db
      .update(batches)
      .set({
        jobStatus: 'QUEUED',
        jobsSubmitted: scan.total,
        jobsAdded: scan.good,
        rowErrors: scan.errors,
        // From the complete form: fields sent after the file count too.
        webhookUrl: p.webhookUrl,
        ...(p.name ? { name: p.name } : {}),
      })
      .where(eq(batches.id, id));
    deps.wake();
    const estimates = estimatesFrom(state, scan.good, deps.concurrency);
    // Rows are stored 1,000 to a block: that is what the store's statistics see.
    deps.afterBigWrite(Math.ceil(scan.good / BLOCK_ROWS));
    return {
      batch_id: id,
      jobs_submitted: scan.total,
      jobs_added: scan.good,
      jobs_failed_error_indexes: scan.errors,
      ...estimates,
      webhook_url: p.webhookUrl,
    };
  } catch (err) {
    if (batchId) await dropBatch(deps, batchId);
    throw err;
  }
}
