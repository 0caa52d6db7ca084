import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BatchLinksSchema,
  BatchProgressEventSchema,
  BatchRowsPageSchema,
  ComparisonSchema,
  DerivedBatchResponseSchema,
  EstimateResponseSchema,
  WebhookDeliverySchema,
} from '@/lib/contract/batch-extensions';
import { startFixtureSite, type FixtureSite } from '../fixtures/site/server';
import { apiClient, batchForm, createContactTask, jsonlFile, waitFor } from '../support/api';
import { startTestEngine, type TestEngine } from '../support/engine-harness';
import { startWebhookReceiver } from '../support/webhook-receiver';

// Batch extensions of dashboard part 2: rows with status (merging job rows and un-handed upload
// blocks), live events, retry of failed rows, re-run and comparison, webhook log and redelivery,
// downloads of every row so far, and the pre-launch estimate. Runs on PGlite and (DATABASE_URL) PostgreSQL.

let t: TestEngine;
let site: FixtureSite;
let api: ReturnType<typeof apiClient>;
let taskId: string;

beforeAll(async () => {
  site = await startFixtureSite();
  t = await startTestEngine({
    env: { QUARRY_WORKER_CONCURRENCY: '4', QUARRY_HOST_CONCURRENCY: '4', QUARRY_MAX_ATTEMPTS: '1' },
  });
  api = apiClient(t.url, t.key);
  taskId = await createContactTask(api);
});
afterAll(async () => {
  await t?.close();
  await site?.close();
});

async function launch(rows: { data_uuid: string; inputs: string[] }[], fields: Record<string, string> = {}) {
  const res = await api.post('/v0.1/batches', {
    form: batchForm({ task_id: taskId, ...fields }, jsonlFile(rows)),
  });
  expect(res.status, res.text).toBe(201);
  return res.body.data.batch_id as string;
}
const finished = (id: string) =>
  waitFor(async () => {
    const b = (await api.get(`/v0/batches/${id}`)).body.data;
    return b.completed ? b : undefined;
  }, 60_000);

describe('capabilities', () => {
  it('advertises the batch extensions', async () => {
    const res = await api.get('/v0.1/capabilities');
    expect(res.body.data.extensions).toEqual(
      expect.arrayContaining([
        'batch_events',
        'batch_rows',
        'batch_retry',
        'batch_rerun',
        'webhook_deliveries',
        'batch_downloads',
      ]),
    );
  });
});

describe('rows, retry and links on a finished batch', () => {
  let batchId: string;
  beforeAll(async () => {
    // Row 1 fails (404 is not transient); one rejected row (index 3) shifts positions against seq.
    const rows = [
      { data_uuid: 'a', inputs: [`${site.url}/co/1/`] },
      { data_uuid: 'b', inputs: [`${site.url}/status/404`] },
      { data_uuid: 'c', inputs: [`${site.url}/co/3/`] },
      { data_uuid: 'bad', inputs: ['not a url'] },
      { data_uuid: 'e', inputs: [`${site.url}/co/5/`] },
    ];
    batchId = await launch(rows);
    await finished(batchId);
  });

  it('lists every row in input order with status, error and counts', async () => {
    const res = await api.get(`/v0.1/batches/${batchId}/rows`);
    expect(res.status).toBe(200);
    const page = BatchRowsPageSchema.parse(res.body.data);
    expect(page.rows.map((r) => [r.seq, r.data_uuid, r.status])).toEqual([
      [0, 'a', 'succeeded'],
      [1, 'b', 'failed'],
      [2, 'c', 'succeeded'],
      [4, 'e', 'succeeded'],
    ]);
    expect(page.rows[1]!.error).toBeTruthy();
    expect(page.rows[0]!.data_json).toBeTruthy();
    expect(page.next_after).toBeNull();
    expect(page.counts).toEqual({ total: 4, pending: 0, running: 0, succeeded: 3, failed: 1, removed: 0 });
  });

  it('filters by status and pages with a keyset cursor', async () => {
    const failed = await api.get(`/v0.1/batches/${batchId}/rows?status=failed`);
    expect(failed.body.data.rows.map((r: { data_uuid: string }) => r.data_uuid)).toEqual(['b']);
    const first = await api.get(`/v0.1/batches/${batchId}/rows?limit=2`);
    expect(first.body.data.rows.map((r: { seq: number }) => r.seq)).toEqual([0, 1]);
    expect(first.body.data.next_after).toBe(1);
    const second = await api.get(`/v0.1/batches/${batchId}/rows?limit=2&after=1`);
    expect(second.body.data.rows.map((r: { seq: number }) => r.seq)).toEqual([2, 4]);
    const bad = await api.get(`/v0.1/batches/${batchId}/rows?status=nope`);
    expect(bad.status).toBe(400);
    expect((await api.get('/v0.1/batches/batch_nope/rows')).status).toBe(404);
  });

  it('retry-failed makes a child batch of only the failed rows, linked both ways', async () => {
    const res = await api.post(`/v0.1/batches/${batchId}/retry-failed`);
    expect(res.status, res.text).toBe(201);
    const child = DerivedBatchResponseSchema.parse(res.body.data);
    expect(child).toMatchObject({ parent_batch_id: batchId, relation: 'retry', jobs_added: 1 });
    const rows = (await api.get(`/v0.1/batches/${child.batch_id}/rows`)).body.data.rows;
    expect(rows.map((r: { data_uuid: string; inputs: string[] }) => [r.data_uuid, r.inputs])).toEqual([
      ['b', [`${site.url}/status/404`]],
    ]);
    const up = BatchLinksSchema.parse((await api.get(`/v0.1/batches/${child.batch_id}/links`)).body.data);
    expect(up.parent).toMatchObject({ batch_id: batchId, relation: 'retry' });
    const down = BatchLinksSchema.parse((await api.get(`/v0.1/batches/${batchId}/links`)).body.data);
    expect(down.children.map((c) => c.batch_id)).toContain(child.batch_id);
    await finished(child.batch_id);
    // Nothing failed in a batch without failures: 409.
    const ok = await launch([{ data_uuid: 'x', inputs: [`${site.url}/co/9/`] }]);
    await finished(ok);
    expect((await api.post(`/v0.1/batches/${ok}/retry-failed`)).status).toBe(409);
  });

  it('downloads every row as CSV (neutralised), XLSX, JSONL and JSON through the key', async () => {
    const csv = await fetch(`${t.url}/v0.1/batches/${batchId}/download?format=csv`, {
      headers: { 'x-api-key': t.key },
    });
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-disposition')).toMatch(/attachment; filename=".*-results\.csv"/);
    const text = await csv.text();
    const lines = text
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toMatch(/^data_uuid,website,.*status,error$/);
    // Every input row, the one refused at upload included (a JSONL upload's refused row keeps only
    // its reason: the batch stores no copy of a JSONL file).
    expect(lines.slice(1).map((l) => l.split(',')[0])).toEqual(['a', 'b', 'c', '', 'e']);
    expect(lines[4]).toMatch(/,refused,/);
    const jsonl = await fetch(`${t.url}/v0.1/batches/${batchId}/download?format=jsonl`, {
      headers: { 'x-api-key': t.key },
    });
    expect((await jsonl.text()).trim().split('\n')).toHaveLength(5);
    const json = await fetch(`${t.url}/v0.1/batches/${batchId}/download?format=json`, {
      headers: { 'x-api-key': t.key },
    });
    expect(((await json.json()) as unknown[]).length).toBe(5);
    const xlsx = await fetch(`${t.url}/v0.1/batches/${batchId}/download?format=xlsx`, {
      headers: { 'x-api-key': t.key },
    });
    expect(
      Buffer.from(await xlsx.arrayBuffer())
        .subarray(0, 2)
        .toString(),
    ).toBe('PK');
    expect((await fetch(`${t.url}/v0.1/batches/${batchId}/download?format=csv`)).status).toBe(401);
  });
});

describe('rows not yet handed out, events and cancel', () => {
  it('lists pending rows from the upload, streams progress, and shows removed rows after cancel', async () => {
    const rows = Array.from({ length: 40 }, (_, n) => ({
      data_uuid: `s${n}`,
      inputs: [`${site.url}/slow/400/co/${n}/`],
    }));
    const id = await launch(rows);
    const early = BatchRowsPageSchema.parse((await api.get(`/v0.1/batches/${id}/rows?limit=1000`)).body.data);
    expect(early.rows).toHaveLength(40);
    expect(early.rows.map((r) => r.seq)).toEqual(rows.map((_, n) => n));
    expect(early.rows.some((r) => r.status === 'pending')).toBe(true);
    const c = early.counts;
    expect(c.pending + c.running + c.succeeded + c.failed + c.removed).toBe(40);
    // A partial download already has one line per input.
    const partial = await fetch(`${t.url}/v0.1/batches/${id}/download?format=jsonl`, {
      headers: { 'x-api-key': t.key },
    });
    expect(partial.headers.get('content-disposition')).toMatch(/partial-results\.jsonl/);
    expect((await partial.text()).trim().split('\n').length).toBeGreaterThanOrEqual(40 - c.removed);

    // Events: at least one progress event, then cancel, then the stream ends with the final counts.
    const events: { event: string; data: unknown }[] = [];
    const stream = fetch(`${t.url}/v0.1/batches/${id}/events`, { headers: { 'x-api-key': t.key } }).then(
      async (res) => {
        expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
        const text = await res.text();
        for (const block of text.split('\n\n')) {
          const ev = /^event: (.+)$/m.exec(block)?.[1];
          const data = /^data: (.+)$/m.exec(block)?.[1];
          if (ev && data) events.push({ event: ev, data: JSON.parse(data) });
        }
      },
    );
    await waitFor(
      async () => (await api.get(`/v0/batches/${id}`)).body.data.jobs_completed >= 2 || undefined,
    );
    const cancel = await api.post(`/v0.1/batches/${id}/cancel`);
    expect(cancel.status).toBe(200);
    await finished(id);
    await stream;
    const progress = events
      .filter((e) => e.event === 'progress')
      .map((e) => BatchProgressEventSchema.parse(e.data));
    expect(progress.length).toBeGreaterThanOrEqual(2);
    const last = progress[progress.length - 1]!;
    expect(last).toMatchObject({ completed: true, cancelled: true, job_status: 'CANCELLED' });
    expect(last.counts.removed).toBe(cancel.body.data.jobs_removed);
    expect(last.counts.succeeded + last.counts.failed + last.counts.removed).toBe(40);
    expect(events[events.length - 1]!.event).toBe('end');

    const after = BatchRowsPageSchema.parse((await api.get(`/v0.1/batches/${id}/rows?limit=1000`)).body.data);
    expect(after.rows.map((r) => r.seq)).toEqual(rows.map((_, n) => n));
    expect(after.rows.filter((r) => r.status === 'removed')).toHaveLength(cancel.body.data.jobs_removed);
    const removedOnly = (await api.get(`/v0.1/batches/${id}/rows?status=removed&limit=1000`)).body.data.rows;
    expect(removedOnly).toHaveLength(cancel.body.data.jobs_removed);
  });

  it('events of an unknown batch are a 404 envelope', async () => {
    const res = await api.get('/v0.1/batches/batch_nope/events');
    expect(res.status).toBe(404);
    expect(res.body.status).toBe('error');
  });
});

describe('re-run on another version and compare', () => {
  it('copies every input onto the chosen version and compares field by field', async () => {
    const id = await launch([
      { data_uuid: 'p', inputs: [`${site.url}/co/11/`] },
      { data_uuid: 'q', inputs: [`${site.url}/co/12/`] },
    ]);
    await finished(id);
    const edit = await api.patch(`/v0.1/tasks/${taskId}`, {
      json: { instruction: 'also extract the phone number' },
    });
    expect(edit.status).toBe(200);
    const version = edit.body.data.version as number;
    const res = await api.post(`/v0.1/batches/${id}/rerun`, { json: { task_version: version } });
    expect(res.status, res.text).toBe(201);
    const child = DerivedBatchResponseSchema.parse(res.body.data);
    expect(child).toMatchObject({ relation: 'rerun', task_version: version, jobs_added: 2 });
    await finished(child.batch_id);
    const cmp = ComparisonSchema.parse(
      (await api.get(`/v0.1/batches/${id}/compare?with=${child.batch_id}`)).body.data,
    );
    expect(cmp).toMatchObject({ compared_rows: 2, only_here: 0, only_other: 0, other_task_version: version });
    const email = cmp.fields.find((f) => f.field === 'email');
    expect(email).toMatchObject({ same: 2, differs: 0 });
    const phone = cmp.fields.find((f) => f.field.includes('phone'));
    expect(phone?.differs).toBe(2); // absent in the first version, found in the second
    expect((await api.post(`/v0.1/batches/${id}/rerun`, { json: { task_version: 99 } })).status).toBe(404);
  });
});

describe('webhook delivery log and redelivery', () => {
  it('lists each attempt and sends a delivery again on request', async () => {
    const hook = await startWebhookReceiver();
    try {
      const id = await launch([{ data_uuid: 'w', inputs: [`${site.url}/co/21/`] }], {
        webhook_url: hook.url,
      });
      await finished(id);
      await waitFor(async () => hook.received.length >= 1 || undefined);
      const log = await waitFor(async () => {
        const list = (await api.get(`/v0.1/batches/${id}/webhook-deliveries`)).body.data;
        return list[0]?.state === 'delivered' ? list : undefined;
      });
      const d = WebhookDeliverySchema.parse(log[0]);
      expect(d.attempts[0]).toMatchObject({ status_code: 200, response_excerpt: 'ok' });
      const again = await api.post(`/v0.1/batches/${id}/webhook-deliveries/${d.delivery_id}/redeliver`);
      expect(again.status).toBe(202);
      await waitFor(async () => hook.received.length >= 2 || undefined);
      expect(hook.received[1]!.headers['webhook-signature']).toMatch(/^v1,/);
      expect((await api.post(`/v0.1/batches/${id}/webhook-deliveries/whd_nope/redeliver`)).status).toBe(404);
    } finally {
      await hook.close();
    }
  });
});

describe('estimate', () => {
  it('answers start and finish times for n rows', async () => {
    const res = await api.get('/v0.1/batch-estimate?rows=100');
    const e = EstimateResponseSchema.parse(res.body.data);
    expect(new Date(e.estimated_time_to_complete).getTime()).toBeGreaterThanOrEqual(
      new Date(e.estimated_time_to_start).getTime(),
    );
    expect(e.basis).toBe('queue');
    expect((await api.get('/v0.1/batch-estimate')).status).toBe(400);
  });

  it("runs at a sample run's pace when its seconds per job are given", async () => {
    const at = async (s: number) => {
      const res = await api.get(`/v0.1/batch-estimate?rows=1000&job_seconds=${s}`);
      expect(res.status).toBe(200);
      const e = EstimateResponseSchema.parse(res.body.data);
      expect(e.basis).toBe('sample');
      return new Date(e.estimated_time_to_complete).getTime() - Date.now();
    };
    const fast = await at(0.5);
    const slow = await at(50);
    // 100× slower jobs: the finish moves about 100× further out (the start is the same queue either way).
    expect(slow).toBeGreaterThan(fast * 50);
    for (const bad of ['0', '-1', 'abc', '100000']) {
      const res = await api.get(`/v0.1/batch-estimate?rows=10&job_seconds=${bad}`);
      expect(res.status).toBe(400);
      expect(JSON.stringify(res.body)).toMatch(/job_seconds/);
    }
  });
});
