import ExcelJS from 'exceljs';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  BatchDetailSchema,
  BatchSummarySchema,
  CreateBatchResponseSchema,
  ResultRowSchema,
  UpdateBatchResponseSchema,
  ValidationReportSchema,
} from '@/lib/contract/batches';
import { successEnvelope } from '@/lib/contract/envelope';
import { batches } from '@/lib/engine/db/schema';
import { companyFacts, startFixtureSite, type FixtureSite } from '../fixtures/site/server';
import { apiClient, batchForm, jsonlFile, waitFor } from '../support/api';
import { startTestEngine, type TestEngine } from '../support/engine-harness';
import { startWebhookReceiver } from '../support/webhook-receiver';

let t: TestEngine;
let site: FixtureSite;
let hooks: Awaited<ReturnType<typeof startWebhookReceiver>>;
let api: ReturnType<typeof apiClient>;
let taskId: string;

beforeAll(async () => {
  site = await startFixtureSite();
  hooks = await startWebhookReceiver();
  t = await startTestEngine();
  api = apiClient(t.url, t.key);
  const created = await api.post('/v0.1/tasks/create', {
    json: { description: 'Find the contact email address and phone number of a company website' },
  });
  taskId = created.body.data.task_id;
});
afterAll(async () => {
  await t?.close();
  await site?.close();
  await hooks?.close();
});

const rowsFor = (ns: number[]) => ns.map((n) => ({ data_uuid: `u-${n}`, inputs: [`${site.url}/co/${n}/`] }));
const waitCompleted = (id: string) =>
  waitFor(async () => {
    const r = await api.get(`/v0/batches/${id}`);
    return r.body.data.completed ? r.body.data : undefined;
  });
const emailOf = (row: { data_json: Record<string, unknown> | null }) =>
  Object.entries(row.data_json ?? {}).find(([k]) => k.includes('email'))?.[1];

describe('validate-data (spec 4.3 rule 2)', () => {
  it('reports bad rows by index and message without creating anything', async () => {
    const lines = [
      ...rowsFor([1, 2]),
      '{not json',
      { data_uuid: 'x', inputs: [] },
      { data_uuid: 'u-1', inputs: [`${site.url}/co/3/`] },
    ];
    const r = await api.post('/v0/batches/validate-data', {
      form: batchForm({ task_id: taskId }, jsonlFile(lines)),
    });
    expect(r.status).toBe(200);
    const [report] = successEnvelope(z.array(ValidationReportSchema), 'v0').parse(r.body).data;
    expect(report).toMatchObject({ job_count: 5, job_improper_format_count: 3 });
    expect(report!.job_improper_format.map((e) => e.error_index)).toEqual([2, 3, 4]);
    expect(report!.job_improper_format[0]!.error_message).toMatch(/JSON/);
    expect(report!.job_improper_format[2]!.error_message).toMatch(/duplicate/i);
    const list = await api.get('/v0/batches');
    expect(list.body.pagination.total).toBe(0);
  });
});

describe('create-batch, progress and results', () => {
  let batchId: string;
  const ns = Array.from({ length: 30 }, (_, i) => i + 100);

  it('creates a batch from JSONL, reports bad rows, queues good ones', async () => {
    const lines = [...rowsFor(ns), { data_uuid: 'bad', inputs: ['not a url at all'] }];
    const form = batchForm(
      { task_id: taskId, batch_name: 'JSONL batch', webhook_url: hooks.url },
      jsonlFile(lines),
    );
    const r = await api.post('/v0.1/batches', { form });
    expect(r.status).toBe(201);
    const data = successEnvelope(CreateBatchResponseSchema, 'v0.1').parse(r.body).data;
    expect(data).toMatchObject({ jobs_submitted: 31, jobs_added: 30, webhook_url: hooks.url });
    expect(data.jobs_failed_error_indexes).toEqual([{ error_index: 30, error_message: expect.any(String) }]);
    expect(Date.parse(data.estimated_time_to_complete)).toBeGreaterThanOrEqual(
      Date.parse(data.estimated_time_to_start),
    );
    batchId = data.batch_id;
  });

  it('get-batch shows counts and reaches COMPLETED', async () => {
    const done = await waitCompleted(batchId);
    const parsed = BatchDetailSchema.parse(done);
    expect(parsed).toMatchObject({
      job_status: 'COMPLETED',
      jobs_submitted: 31,
      jobs_completed: 30,
      completed: true,
      cancelled: false,
      task_version: '1',
    });
  });

  it('raw results: every row in input order with a signed file link', async () => {
    const r = await api.get(`/v0/batches/${batchId}/results`);
    expect(r.status).toBe(200);
    const body = z
      .object({
        status: z.literal('success'),
        data: z.object({ data: z.array(ResultRowSchema) }),
        message: z.string(),
        file: z.object({ file: z.string() }),
      })
      .strict()
      .parse(r.body);
    expect(body.data.data.map((x) => x.data_uuid)).toEqual(ns.map((n) => `u-${n}`));
    for (const [i, row] of body.data.data.entries()) {
      expect(emailOf(row)).toBe(companyFacts(ns[i]!).email);
      expect(row.status).toBe('succeeded');
    }
    const file = await fetch(body.file.file);
    expect(file.status).toBe(200);
    const lines = (await file.text())
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    // Every input row: the row refused at upload too (the last line of the upload), with its reason.
    expect(lines).toHaveLength(31);
    expect(lines[30]).toMatchObject({ status: 'refused', row_number: 31 });
    expect(lines[30].error).toMatch(/URL/);
    const tampered = await fetch(body.file.file.replace(/signature=[^&]+/, 'signature=abc'));
    expect(tampered.status).toBe(401);
  });

  it('stream results: NDJSON in input order', async () => {
    const r = await fetch(`${t.url}/v0/batches/${batchId}/results?output_type=stream`, {
      headers: { 'x-api-key': t.key },
    });
    expect(r.headers.get('content-type')).toMatch(/ndjson/);
    const rows = (await r.text())
      .trim()
      .split('\n')
      .map((l) => ResultRowSchema.parse(JSON.parse(l)));
    expect(rows.map((x) => x.data_uuid)).toEqual(ns.map((n) => `u-${n}`));
  });

  it('CSV and XLSX downloads carry the same rows', async () => {
    const raw = await api.get(`/v0/batches/${batchId}/results?format=csv`);
    const csv = await (await fetch(raw.body.file.file)).text();
    const csvLines = csv
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(csvLines[0]).toMatch(/^data_uuid,website,/);
    expect(csvLines).toHaveLength(32); // the header, 30 rows run, the row refused at upload
    expect(csvLines[1]).toContain(companyFacts(100).email);
    const rawX = await api.get(`/v0/batches/${batchId}/results?format=xlsx`);
    const buf = Buffer.from(await (await fetch(rawX.body.file.file)).arrayBuffer());
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(buf as unknown as ArrayBuffer);
    const sheet = wb.worksheets[0]!;
    expect(sheet.rowCount).toBe(32);
    expect(String(sheet.getRow(2).getCell(1).value)).toBe('u-100');
  });

  it('completion webhook arrives signed, with all rows', async () => {
    const hook = await waitFor(async () => hooks.received.find((h) => h.json?.batch_id === batchId));
    expect(hook.json).toMatchObject({ status: 'success', batch_id: batchId, part: 1, parts: 1 });
    expect(hook.json.data).toHaveLength(30);
    // Each row as finished: its status and data (on the embedded store, from the result blocks).
    const rows = hook.json.data as {
      data_uuid: string;
      status: string;
      data_json: Record<string, unknown> | null;
    }[];
    expect(rows.map((r) => r.data_uuid)).toEqual(ns.map((n) => `u-${n}`));
    for (const [i, row] of rows.entries()) {
      expect(row.status).toBe('succeeded');
      expect(emailOf(row)).toBe(companyFacts(ns[i]!).email);
    }
    const wh = new Webhook(t.engine.webhookSecret);
    expect(() => wh.verify(hook.body, hook.headers as Record<string, string>)).not.toThrow();
  });

  it('results by webhook to a given address, or the batch one; 400 when neither exists', async () => {
    const before = hooks.received.length;
    const r = await api.get(
      `/v0/batches/${batchId}/results?output_type=webhook&webhook_url=${encodeURIComponent(hooks.url + '?x=1')}`,
    );
    expect(r.status).toBe(202);
    await waitFor(async () => hooks.received.length > before);
    const cleared = await api.put(`/v0.1/batches/${batchId}`, { json: { webhook_url: '' } });
    expect(cleared.status).toBe(200);
    expect(successEnvelope(UpdateBatchResponseSchema, 'v0.1').parse(cleared.body).data.webhook_url).toBe('');
    const none = await api.get(`/v0/batches/${batchId}/results?output_type=webhook`);
    expect(none.status).toBe(400);
    const set = await api.put(`/v0.1/batches/${batchId}`, { json: { webhook_url: hooks.url } });
    expect(set.body.data).toMatchObject({ webhook_url: hooks.url, task_version: 1 });
    const bad = await api.put(`/v0.1/batches/${batchId}`, { json: { webhook_url: 'javascript:alert(1)' } });
    expect(bad.status).toBe(400);
    expect((await api.put(`/v0.1/batches/batch_nope`, { json: { webhook_url: '' } })).status).toBe(404);
    expect((await api.get(`/v0/batches/${batchId}/results?output_type=fax`)).status).toBe(400);
  });
});

describe('CSV and XLSX input', () => {
  it('CSV with a data_uuid column and quoted fields', async () => {
    const csv = `data_uuid,website\r\n"a,1",${site.url}/co/5/\r\nb2,"${site.url}/co/6/"\r\n`;
    const form = batchForm({ task_id: taskId }, new File([csv], 'rows.csv', { type: 'text/csv' }));
    const r = await api.post('/v0.1/batches', { form });
    expect(r.status).toBe(201);
    expect(r.body.data.jobs_added).toBe(2);
    await waitCompleted(r.body.data.batch_id);
    const res = await api.get(`/v0/batches/${r.body.data.batch_id}/results`);
    expect(res.body.data.data.map((x: { data_uuid: string }) => x.data_uuid)).toEqual(['a,1', 'b2']);
    expect(emailOf(res.body.data.data[1])).toBe(companyFacts(6).email);
  });

  it('XLSX without data_uuid gets row-<n> ids', async () => {
    const wb = new ExcelJS.Workbook();
    const sheet = wb.addWorksheet('in');
    sheet.addRow(['Website']);
    sheet.addRow([`${site.url}/co/8/`]);
    sheet.addRow([`${site.url}/co/9/`]);
    const buf = Buffer.from(await wb.xlsx.writeBuffer());
    const form = batchForm({ task_id: taskId }, new File([buf], 'rows.xlsx'));
    const r = await api.post('/v0.1/batches', { form });
    expect(r.status, r.text).toBe(201);
    await waitCompleted(r.body.data.batch_id);
    const res = await api.get(`/v0/batches/${r.body.data.batch_id}/results`);
    expect(res.body.data.data.map((x: { data_uuid: string }) => x.data_uuid)).toEqual(['row-0', 'row-1']);
    expect(emailOf(res.body.data.data[1])).toBe(companyFacts(9).email);
  });
});

describe('bad uploads leave nothing behind', () => {
  const countBatches = async () => (await t.engine.db.select().from(batches)).length;
  const cases: [string, () => FormData, number, RegExp][] = [
    ['no file', () => batchForm({ task_id: 'x' }), 400, /batch_input_data/],
    [
      'no task_id',
      () => batchForm({}, jsonlFile([{ data_uuid: 'a', inputs: ['https://example.com'] }])),
      400,
      /task_id/,
    ],
    [
      'unknown task',
      () =>
        batchForm({ task_id: 'task_nope' }, jsonlFile([{ data_uuid: 'a', inputs: ['https://example.com'] }])),
      404,
      /task_nope/,
    ],
    ['empty file', () => batchForm({ task_id: '__TASK__' }, new File([''], 'e.jsonl')), 400, /empty/],
    [
      'binary file',
      () => batchForm({ task_id: '__TASK__' }, new File([new Uint8Array([0, 1, 2, 255, 0, 9])], 'b.bin')),
      415,
      /JSONL, CSV or XLSX/,
    ],
    ['only bad rows', () => batchForm({ task_id: '__TASK__' }, jsonlFile(['{', '[]'])), 400, /invalid/],
    [
      'bad task_version',
      () =>
        batchForm(
          { task_id: '__TASK__', task_version: 'two' },
          jsonlFile([{ data_uuid: 'a', inputs: ['https://example.com'] }]),
        ),
      400,
      /task_version/,
    ],
    [
      'unknown task_version',
      () =>
        batchForm(
          { task_id: '__TASK__', task_version: '9' },
          jsonlFile([{ data_uuid: 'a', inputs: ['https://example.com'] }]),
        ),
      404,
      /@9/,
    ],
    [
      'bad webhook',
      () =>
        batchForm(
          { task_id: '__TASK__', webhook_url: 'file:///x' },
          jsonlFile([{ data_uuid: 'a', inputs: ['https://example.com'] }]),
        ),
      400,
      /webhook_url/,
    ],
  ];
  for (const [name, make, status, detail] of cases) {
    it(name, async () => {
      const before = await countBatches();
      const form = make();
      if (form.get('task_id') === '__TASK__') form.set('task_id', taskId);
      const r = await api.post('/v0.1/batches', { form });
      expect(r.status, r.text).toBe(status);
      expect(r.body.status).toBe('error');
      expect(r.body.error.details).toMatch(detail);
      expect(await countBatches()).toBe(before);
    });
  }

  it('JSON instead of multipart is 415', async () => {
    const r = await api.post('/v0.1/batches', { json: { task_id: taskId } });
    expect(r.status).toBe(415);
  });
});

describe('list-batches pagination', () => {
  it('pages newest first with totals; bad params are 400', async () => {
    const all = await api.get('/v0/batches?page_size=500');
    const total = all.body.pagination.total;
    expect(total).toBeGreaterThanOrEqual(3);
    const items = successEnvelope(z.array(BatchSummarySchema.strict()), 'v0').parse(all.body).data;
    const created = items.map((i) => Date.parse(i.created_at));
    expect([...created].sort((a, b) => b - a)).toEqual(created);
    const p2 = await api.get('/v0/batches?page=2&page_size=1');
    expect(p2.body.data).toHaveLength(1);
    expect(p2.body.data[0].batch_id).toBe(items[1]!.batch_id);
    expect(p2.body.pagination).toEqual({ page: 2, page_size: 1, total });
    expect((await api.get('/v0/batches?page=0')).status).toBe(400);
    expect((await api.get('/v0/batches?page_size=501')).status).toBe(400);
    const filtered = await api.get(`/v0/batches?task_id=${taskId}&status=COMPLETED`);
    expect(filtered.body.data.length).toBeGreaterThan(0);
  });
});
