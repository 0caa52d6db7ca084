import type { z } from 'zod';
import {
  BatchRowsQuerySchema,
  CompareQuerySchema,
  DownloadQuerySchema,
  EstimateQuerySchema,
  RerunRequestSchema,
  RetryFailedRequestSchema,
} from '@/lib/contract/batch-extensions';
import type { Engine } from '../../runtime';
import { compareBatches } from '../../batches/compare';
import { batchLinksOf, deriveBatch } from '../../batches/derive';
import { batchRowsFile } from '../../batches/download-rows';
import { estimateTimes } from '../../batches/estimate';
import { batchEventStream } from '../../batches/events';
import { findBatch } from '../../batches/read';
import { listBatchRows } from '../../batches/rows';
import { notFound, parseWith } from '../../errors';
import { listDeliveries, redeliver } from '../../webhooks/log';
import { endpoint } from '../endpoint';
import { MAX_JSON_BYTES, readBodyCapped, readJson } from '../read-body';

// Quarry's batch extensions under /v0.1 (additive; same envelope and x-api-key auth; advertised by
// GET /v0.1/capabilities): live events, rows with status, derived batches, comparison, webhook log,
// key-authenticated downloads and a pre-launch estimate.

const deriveDeps = (e: Engine) => ({
  db: e.db,
  allowPrivate: e.config.allowPrivateUrls,
  concurrency: e.config.workerConcurrency,
  wake: () => e.wakeWorker(),
  afterBigWrite: (n: number) => e.afterBigWrite(n),
});

// GET /v0.1/batches/{batch_id}/events — Server-Sent Events of progress until the batch is terminal.
export const batchEventsV01 = endpoint('v0.1', { auth: true }, async ({ engine, req, params }) => {
  await findBatch(engine.db, params.batch_id!); // 404 as an envelope, before the stream starts
  const body = batchEventStream(engine.db, (id) => engine.jobs.fetchingSeqs(id), params.batch_id!, {
    intervalMs: 1000,
    maxDurationMs: 10 * 60_000,
    signal: req.signal,
  });
  return new Response(body, {
    headers: {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store, no-transform',
      'x-accel-buffering': 'no',
    },
  });
});

// GET /v0.1/batches/{batch_id}/rows — rows in input order with status and error; keyset paginated.
export const batchRowsV01 = endpoint('v0.1', { auth: true }, async ({ engine, url, params }) => {
  const q = parseWith(BatchRowsQuerySchema, Object.fromEntries(url.searchParams), 'query');
  return { data: await listBatchRows(engine.db, (id) => engine.jobs.fetchingSeqs(id), params.batch_id!, q) };
});

// GET /v0.1/batches/{batch_id}/links — the batch it was made from and the batches made from it.
export const batchLinksV01 = endpoint('v0.1', { auth: true }, async ({ engine, params }) => ({
  data: await batchLinksOf(engine.db, params.batch_id!),
}));

// POST /v0.1/batches/{batch_id}/retry-failed — a child batch of only the failed rows.
export const retryFailedV01 = endpoint('v0.1', { auth: true }, async ({ engine, req, params }) => {
  const body = await readJsonOrEmpty(req, RetryFailedRequestSchema);
  const data = await deriveBatch(deriveDeps(engine), params.batch_id!, {
    relation: 'retry',
    status: ['failed'],
    name: body.batch_name,
    webhookUrl: body.webhook_url,
  });
  return { data, status: 201, message: `Retrying ${data.jobs_added} failed rows in batch ${data.batch_id}` };
});

// POST /v0.1/batches/{batch_id}/rerun — the same inputs on another task version.
export const rerunV01 = endpoint('v0.1', { auth: true }, async ({ engine, req, params }) => {
  const body = await readJson(req, RerunRequestSchema);
  const data = await deriveBatch(deriveDeps(engine), params.batch_id!, {
    relation: 'rerun',
    taskVersion: body.task_version,
    name: body.batch_name,
    webhookUrl: body.webhook_url,
    status: ['pending', 'running', 'succeeded', 'failed'],
  });
  return { data, status: 201, message: `Re-running ${data.jobs_added} rows on version ${data.task_version}` };
});

// GET /v0.1/batches/{batch_id}/compare?with={other} — per-field comparison of two batches by data_uuid.
export const compareV01 = endpoint('v0.1', { auth: true }, async ({ engine, url, params }) => {
  const q = parseWith(CompareQuerySchema, Object.fromEntries(url.searchParams), 'query');
  return { data: await compareBatches(engine.db, params.batch_id!, q.with, q.limit) };
});

// GET /v0.1/batches/{batch_id}/webhook-deliveries — every delivery with its attempts.
export const listDeliveriesV01 = endpoint('v0.1', { auth: true }, async ({ engine, params }) => {
  await findBatch(engine.db, params.batch_id!);
  return { data: await listDeliveries(engine.db, params.batch_id!) };
});

// POST /v0.1/batches/{batch_id}/webhook-deliveries/{delivery_id}/redeliver — send it again now.
export const redeliverV01 = endpoint('v0.1', { auth: true }, async ({ engine, params }) => {
  await findBatch(engine.db, params.batch_id!);
  const view = await redeliver(engine.db, params.delivery_id!);
  if (!view || view.batch_id !== params.batch_id) throw notFound('Webhook delivery', params.delivery_id!);
  engine.webhooks.wake();
  return { data: view, status: 202, message: 'Redelivery queued' };
});

// GET /v0.1/batches/{batch_id}/download?format=csv|xlsx|jsonl|json — every row so far, streamed.
export const downloadV01 = endpoint('v0.1', { auth: true }, async ({ engine, url, params }) => {
  const q = parseWith(DownloadQuerySchema, Object.fromEntries(url.searchParams), 'query');
  return batchRowsFile(engine.db, params.batch_id!, q.format, { sources: q.sources });
});

// GET /v0.1/batch-estimate?rows=n[&job_seconds=s] — when a batch of n rows would start and finish if
// launched now; at the pace of a sample run when its seconds per job are given.
export const estimateV01 = endpoint('v0.1', { auth: true }, async ({ engine, url }) => {
  const q = parseWith(EstimateQuerySchema, Object.fromEntries(url.searchParams), 'query');
  const concurrency = engine.config.workerConcurrency;
  const times = await estimateTimes(engine.db, '', q.rows, concurrency, q.job_seconds);
  return { data: { rows: q.rows, basis: q.job_seconds ? 'sample' : 'queue', concurrency, ...times } };
});

/** An optional JSON body: none (or an empty one) means all defaults. */
async function readJsonOrEmpty<S extends z.ZodType>(req: Request, schema: S): Promise<z.infer<S>> {
  const raw = Buffer.from(await readBodyCapped(req, MAX_JSON_BYTES)).toString('utf8');
  if (!raw.trim()) return parseWith(schema, {}, 'body');
  return readJson(new Request(req.url, { method: 'POST', headers: req.headers, body: raw }), schema);
}
