import {
  ChangesQuerySchema,
  CreateMonitorRequestSchema,
  PageQuerySchema,
  UpdateMonitorRequestSchema,
} from '@/lib/contract/monitors';
import type { Engine } from '../../runtime';
import { columnOptionsFrom } from '../../batches/column-fields';
import { badRequest, parseWith } from '../../errors';
import { listChanges, listRuns } from '../../monitors/history';
import {
  createMonitor,
  deleteMonitor,
  findMonitor,
  getMonitor,
  listMonitors,
  setPaused,
  updateMonitor,
  type SheetSource,
} from '../../monitors/store';
import { startManualRun } from '../../monitors/tick';
import { endpoint, type Ctx } from '../endpoint';
import { receiveUpload } from '../multipart';
import { readJson } from '../read-body';

// Monitors under /v0.1/monitors (issue 32; additive, same envelope and x-api-key auth): a kept sheet
// run on a schedule, and the history of what changed between runs.

const deps = (e: Engine) => ({ db: e.db, allowPrivate: e.config.allowPrivateUrls });

/** A JSON-encoded form field (schedule, rule), 400 if it is not JSON. */
function jsonField(fields: Record<string, string>, name: string): unknown {
  const raw = fields[name]?.trim();
  if (!raw) return undefined;
  try {
    return JSON.parse(raw);
  } catch {
    throw badRequest(`Invalid ${name}`, `the form field '${name}' must be JSON`);
  }
}

/** The form of a multipart create: the JSON body's fields, with the sheet as the uploaded file. */
function formRequest(fields: Record<string, string>) {
  const version = fields.task_version?.trim();
  if (version && !/^\d+$/.test(version))
    throw badRequest('Invalid task_version', `task_version must be a positive integer, got '${version}'`);
  const body = {
    task_id: fields.task_id,
    ...(version ? { task_version: Number(version) } : {}),
    ...(fields.name?.trim() ? { name: fields.name } : {}),
    schedule: jsonField(fields, 'schedule'),
    ...(fields.rule?.trim() ? { rule: jsonField(fields, 'rule') } : {}),
    ...(fields.webhook_url !== undefined ? { webhook_url: fields.webhook_url } : {}),
  };
  return parseWith(CreateMonitorRequestSchema, body, 'form');
}

async function createFromUpload(ctx: Ctx) {
  const upload = await receiveUpload(ctx.req, {
    fileField: 'batch_input_data',
    maxBytes: ctx.engine.config.maxUploadBytes,
    limitName: 'QUARRY_MAX_UPLOAD_MB',
    tmpDir: ctx.engine.uploadDir,
  });
  try {
    const body = formRequest(upload.fields);
    const file = upload.file;
    if (!file || file.size === 0)
      throw badRequest('Missing file', "send the sheet as a 'batch_input_data' file (JSONL, CSV or XLSX)");
    const sheet: SheetSource = {
      kind: 'upload',
      source: file,
      filename: file.filename,
      options: columnOptionsFrom(upload.fields),
    };
    return await createMonitor(deps(ctx.engine), body, sheet, ctx.engine.now());
  } finally {
    upload.cleanup();
  }
}

// POST /v0.1/monitors — JSON with from_batch_id, or multipart with the sheet as batch_input_data.
export const createMonitorV01 = endpoint('v0.1', { auth: true }, async (ctx) => {
  const type = ctx.req.headers.get('content-type') ?? '';
  let data;
  if (/^multipart\/form-data/i.test(type)) data = await createFromUpload(ctx);
  else {
    const { req } = ctx;
    const body = await readJson(req, CreateMonitorRequestSchema);
    if (!body.from_batch_id)
      throw badRequest(
        'Missing sheet',
        "name the batch whose rows to watch as 'from_batch_id', or upload the sheet as multipart 'batch_input_data'",
      );
    const sheet: SheetSource = { kind: 'batch', batchId: body.from_batch_id };
    data = await createMonitor(deps(ctx.engine), body, sheet, ctx.engine.now());
  }
  return { data, status: 201, message: `Monitor created: ${data.sheet_rows} rows, first run now` };
});

// GET /v0.1/monitors — newest first; after, limit.
export const listMonitorsV01 = endpoint('v0.1', { auth: true }, async ({ engine, url }) => {
  const q = parseWith(PageQuerySchema, Object.fromEntries(url.searchParams), 'query');
  return { data: await listMonitors(engine.db, q) };
});

// GET /v0.1/monitors/{monitor_id} — with its next run and last change.
export const getMonitorV01 = endpoint('v0.1', { auth: true }, async ({ engine, params }) => ({
  data: await getMonitor(engine.db, params.monitor_id!),
}));

// PATCH /v0.1/monitors/{monitor_id} — name, task_version, schedule, rule, webhook_url, the sheet.
export const updateMonitorV01 = endpoint('v0.1', { auth: true }, async ({ engine, req, params }) => {
  const body = await readJson(req, UpdateMonitorRequestSchema);
  return { data: await updateMonitor(deps(engine), params.monitor_id!, body, engine.now()) };
});

// DELETE /v0.1/monitors/{monitor_id} — the monitor and its history; its runs' batches stay.
export const deleteMonitorV01 = endpoint('v0.1', { auth: true }, async ({ engine, params }) => {
  await deleteMonitor(engine.db, params.monitor_id!);
  return { data: { monitor_id: params.monitor_id!, deleted: true }, message: 'Monitor deleted' };
});

// POST /v0.1/monitors/{monitor_id}/pause and /resume
export const pauseMonitorV01 = endpoint('v0.1', { auth: true }, async ({ engine, params }) => ({
  data: await setPaused(engine.db, params.monitor_id!, true, engine.now()),
  message: 'Monitor paused',
}));
export const resumeMonitorV01 = endpoint('v0.1', { auth: true }, async ({ engine, params }) => ({
  data: await setPaused(engine.db, params.monitor_id!, false, engine.now()),
  message: 'Monitor resumed',
}));

// POST /v0.1/monitors/{monitor_id}/run — a run now, outside the schedule; 409 while one is going.
export const runMonitorNowV01 = endpoint('v0.1', { auth: true }, async ({ engine, params }) => {
  const m = await findMonitor(engine.db, params.monitor_id!);
  const run = await startManualRun(engine.db, m, engine.now());
  engine.wakeWorker();
  return {
    data: { run_id: run.runId, batch_id: run.batchId, rows: run.rows },
    status: 202,
    message: `Run started: batch ${run.batchId}`,
  };
});

// GET /v0.1/monitors/{monitor_id}/runs — newest first.
export const monitorRunsV01 = endpoint('v0.1', { auth: true }, async ({ engine, url, params }) => {
  const q = parseWith(PageQuerySchema, Object.fromEntries(url.searchParams), 'query');
  return { data: await listRuns(engine.db, params.monitor_id!, q) };
});

// GET /v0.1/monitors/{monitor_id}/changes — oldest first; after, limit, data_uuid, run_id.
export const monitorChangesV01 = endpoint('v0.1', { auth: true }, async ({ engine, url, params }) => {
  const q = parseWith(ChangesQuerySchema, Object.fromEntries(url.searchParams), 'query');
  return { data: await listChanges(engine.db, params.monitor_id!, q) };
});
