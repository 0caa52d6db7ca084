import { ListBatchesQuerySchema, ResultsQuerySchema, UpdateBatchRequestSchema } from '@/lib/contract/batches';
import { DownloadQuerySchema } from '@/lib/contract/batch-extensions';
import type { Engine } from '../../runtime';
import { cancelBatch } from '../../batches/cancel';
import {
  createBatch,
  dropEarlyIngest,
  startEarlyIngest,
  startEarlyScan,
  validateData,
  validateWebhookUrl,
  type EarlyIngest,
  type EarlyScan,
} from '../../batches/create';
import { resultsFile } from '../../batches/download';
import { signedFileUrl, verifyFileUrl, type FileFormat } from '../../batches/file-url';
import { readLinkKey } from '../../batches/link-key';
import { findBatch, listBatches, toBatchDetail } from '../../batches/read';
import { iterateResultRows, ndjsonLines, rawEnvelope, streamFrom } from '../../batches/results';
import { updateBatchWebhook } from '../../batches/update';
import { EngineError, badRequest, parseWith } from '../../errors';
import { enqueueDeliveries } from '../../webhooks/enqueue';
import { endpoint, type Ctx } from '../endpoint';
import type { LiveFile, Upload } from '../../batches/upload';
import { receiveUpload } from '../multipart';
import { readJson } from '../read-body';

const batchDeps = (e: Engine) => ({
  db: e.db,
  allowPrivate: e.config.allowPrivateUrls,
  concurrency: e.config.workerConcurrency,
  wake: () => e.wakeWorker(),
  afterBigWrite: (n: number) => e.afterBigWrite(n),
});

/**
 * Receives the multipart upload, then runs `fn` on it and removes the spool. `onFile` sees the file
 * part as it starts arriving (to read rows during the transfer); `onFailed` runs when the upload
 * itself fails, after the spool is gone, so work started early can be undone.
 */
async function withUpload<T>(
  ctx: Ctx,
  fn: (u: Upload) => Promise<T>,
  hooks: { onFile?: (live: LiveFile) => void; onFailed?: () => Promise<void> } = {},
) {
  let upload: Upload;
  try {
    upload = await receiveUpload(ctx.req, {
      fileField: 'batch_input_data',
      maxBytes: ctx.engine.config.maxUploadBytes,
      limitName: 'QUARRY_MAX_UPLOAD_MB',
      tmpDir: ctx.engine.uploadDir,
      onFile: hooks.onFile,
    });
  } catch (err) {
    await hooks.onFailed?.();
    throw err;
  }
  try {
    return await fn(upload);
  } finally {
    upload.cleanup();
  }
}

// POST /v0/batches/validate-data — check a file for a task without launching anything.
export const validateDataV0 = endpoint('v0', { auth: true }, async (ctx) => {
  const deps = batchDeps(ctx.engine);
  let early: Promise<EarlyScan | null> | undefined;
  const data = await withUpload(ctx, (u) => validateData(deps, u, early), {
    onFile: (live) => (early = startEarlyScan(deps, live)),
    onFailed: async () => void (await early),
  });
  return { data };
});

// POST /v0.1/batches — upload rows and launch a batch.
export const createBatchV01 = endpoint('v0.1', { auth: true }, async (ctx) => {
  const deps = batchDeps(ctx.engine);
  let early: Promise<EarlyIngest | null> | undefined;
  const created = await withUpload(ctx, (u) => createBatch(deps, u, early), {
    onFile: (live) => (early = startEarlyIngest(deps, live)),
    onFailed: () => dropEarlyIngest(deps, early),
  });
  const bad = created.jobs_failed_error_indexes.length;
  return {
    data: created,
    status: 201,
    message: `Batch created: ${created.jobs_added} jobs queued${bad ? `, ${bad} rows rejected` : ''}`,
  };
});

const cancel = async ({ engine, params }: Ctx) => {
  const r = await cancelBatch(engine.db, engine.jobs, (params.batch_id ?? params.id)!);
  return {
    data: { batch_id: r.batch_id, cancelled: r.cancelled, jobs_removed: r.jobs_removed },
    message: `Batch cancelled: ${r.jobs_removed} pending jobs removed, ${r.jobs_in_progress} in progress will finish`,
  };
};
// POST /v0.1/batches/{batch_id}/cancel and POST /v0/batches/{id}/cancel
export const cancelBatchV01 = endpoint('v0.1', { auth: true }, cancel);
export const cancelBatchV0 = endpoint('v0', { auth: true }, cancel);

// GET /v0/batches/{id} — batch with counts and job_status.
export const getBatchV0 = endpoint('v0', { auth: true }, async ({ engine, params }) => ({
  data: toBatchDetail(await findBatch(engine.db, params.id!)),
}));

// GET /v0/batches — newest first; page, page_size (≤ 500), task_id, status.
export const listBatchesV0 = endpoint('v0', { auth: true }, async ({ engine, url }) => {
  const q = parseWith(ListBatchesQuerySchema, Object.fromEntries(url.searchParams), 'query');
  const { items, pagination } = await listBatches(engine.db, q);
  return { data: items, pagination };
});

// PUT /v0.1/batches/{batch_id} — set or clear (empty string) the webhook address.
export const updateBatchV01 = endpoint('v0.1', { auth: true }, async ({ engine, req, params }) => {
  const body = await readJson(req, UpdateBatchRequestSchema);
  const data = await updateBatchWebhook(
    engine.db,
    params.batch_id!,
    body.webhook_url,
    engine.config.allowPrivateUrls,
  );
  return { data, message: data.webhook_url ? 'Webhook address set' : 'Webhook address cleared' };
});

function baseUrl(engine: Engine, req: Request): string {
  if (engine.config.publicUrl) return engine.config.publicUrl;
  const u = new URL(req.url);
  const host = req.headers.get('x-forwarded-host') ?? req.headers.get('host') ?? u.host;
  const proto = req.headers.get('x-forwarded-proto') ?? u.protocol.replace(':', '');
  return `${proto}://${host}`;
}

// GET /v0/batches/{id}/results — output_type raw (envelope + signed file link), stream (NDJSON) or webhook.
export const resultsV0 = endpoint('v0', { auth: true }, async ({ engine, req, url, params }) => {
  const q = parseWith(ResultsQuerySchema, Object.fromEntries(url.searchParams), 'query');
  const batch = await findBatch(engine.db, params.id!);
  const rows = () => iterateResultRows(engine.db, batch);
  if (q.output_type === 'stream') {
    return new Response(streamFrom(ndjsonLines(rows())), {
      headers: { 'content-type': 'application/x-ndjson; charset=utf-8', 'cache-control': 'no-store' },
    });
  }
  if (q.output_type === 'webhook') {
    const target =
      q.webhook_url !== undefined
        ? validateWebhookUrl(q.webhook_url, engine.config.allowPrivateUrls)
        : batch.webhookUrl;
    if (!target) {
      throw badRequest(
        'No webhook address',
        'pass webhook_url, or set one on the batch with PUT /v0.1/batches/{batch_id}',
      );
    }
    const total = batch.jobsAdded - batch.jobsRemoved;
    const ids = await enqueueDeliveries(engine.db, {
      batchId: batch.id,
      url: target,
      kind: 'results',
      totalRows: total,
    });
    engine.webhooks.wake();
    return {
      data: { batch_id: batch.id, webhook_url: target, deliveries: ids, parts: ids.length },
      status: 202,
      message: `Results are being sent to ${target} in ${ids.length} part${ids.length === 1 ? '' : 's'}`,
    };
  }
  const format = (q.format ?? 'jsonl') as FileFormat;
  const file = { file: signedFileUrl(baseUrl(engine, req), await readLinkKey(engine.db), batch.id, format) };
  const message = batch.completed ? 'Results' : `Partial results: the batch is ${batch.jobStatus}`;
  return new Response(streamFrom(rawEnvelope(rows(), { message, file })), {
    headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' },
  });
});

// GET /files/results/{batch_id}?format&expires&signature — the signed results file; no key.
export const resultsFileDownload = endpoint('none', { auth: false }, async ({ engine, url, params }) => {
  const problem = verifyFileUrl(await readLinkKey(engine.db), params.batch_id!, url.searchParams);
  if (problem) throw new EngineError('unauthorized', 'Invalid download link', problem);
  const format = (url.searchParams.get('format') ?? 'jsonl') as FileFormat;
  if (!['jsonl', 'csv', 'xlsx', 'json'].includes(format))
    throw badRequest('Invalid format', 'format must be jsonl, csv, xlsx or json');
  // Not part of the signature: it changes which columns are written, never which batch is read.
  const sources = parseWith(
    DownloadQuerySchema.pick({ sources: true }),
    { sources: url.searchParams.get('sources') ?? undefined },
    'query',
  ).sources;
  return resultsFile(engine.db, params.batch_id!, format, { sources });
});
