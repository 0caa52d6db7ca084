import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '@/lib/engine/db/query-rows';
import { apiClient, batchForm, createContactTask, jsonlFile, type ApiResponse } from '../support/api';
import { startTestEngine, type TestEngine } from '../support/engine-harness';

// Issue 32: every bad input to /v0.1/monitors is a 4xx envelope saying what is wrong, and leaves
// nothing behind (no monitor, no kept sheet rows).

describe('monitors API refuses bad input', () => {
  let t: TestEngine;
  let api: ReturnType<typeof apiClient>;
  let taskId: string;
  let otherTaskId: string;
  let batchId: string;
  let otherBatchId: string;
  let monitorId: string;

  beforeAll(async () => {
    // No worker: the monitors' runs are not what these tests look at.
    t = await startTestEngine({ env: { QUARRY_WORKER: 'off' }, overrides: { startWorker: false } });
    api = apiClient(t.url, t.key);
    taskId = await createContactTask(api);
    otherTaskId = await createContactTask(api);
    const rows = jsonlFile([{ data_uuid: 'x', inputs: ['https://x.example'] }]);
    batchId = (await api.post('/v0.1/batches', { form: batchForm({ task_id: taskId }, rows) })).body.data
      .batch_id;
    otherBatchId = (await api.post('/v0.1/batches', { form: batchForm({ task_id: otherTaskId }, rows) })).body
      .data.batch_id;
    const ok = await api.post('/v0.1/monitors', {
      json: {
        task_id: taskId,
        from_batch_id: batchId,
        schedule: { kind: 'cron', cron: '0 9 * * 1', time_zone: 'Europe/Berlin' },
      },
    });
    expect(ok.status, ok.text).toBe(201);
    monitorId = ok.body.data.monitor_id;
  });
  afterAll(() => t?.close());

  const base = () => ({
    task_id: taskId,
    from_batch_id: batchId,
    schedule: { kind: 'interval', seconds: 3600 },
  });

  it('is advertised in the capabilities', async () => {
    expect((await api.get('/v0.1/capabilities')).body.data.extensions).toContain('monitors');
  });

  it('create (JSON): each bad field is named', async () => {
    const cases: [Record<string, unknown>, number, RegExp][] = [
      [{ ...base(), schedule: undefined }, 400, /schedule/],
      [{ ...base(), schedule: { kind: 'interval', seconds: 10 } }, 400, /at least 60/],
      [{ ...base(), schedule: { kind: 'weekly' } }, 400, /schedule/],
      [{ ...base(), schedule: { kind: 'cron', cron: 'every monday' } }, 400, /cron 'every monday'/],
      [
        { ...base(), schedule: { kind: 'cron', cron: '0 9 * * 1', time_zone: 'Mars/Olympus' } },
        400,
        /time_zone 'Mars\/Olympus'/,
      ],
      [{ ...base(), task_id: 'task_nope' }, 404, /task_nope/],
      [{ ...base(), task_version: 99 }, 404, /@99/],
      [{ ...base(), task_version: 0 }, 400, /task_version/],
      [{ ...base(), from_batch_id: undefined }, 400, /from_batch_id.*batch_input_data/],
      [{ ...base(), from_batch_id: 'batch_nope' }, 404, /batch_nope/],
      [{ ...base(), from_batch_id: otherBatchId }, 409, /another task|watches task/],
      [{ ...base(), rule: { kind: 'fields', fields: ['colour'] } }, 400, /'colour', not an output/],
      [{ ...base(), rule: { kind: 'number_move', fields: ['email'], percent: -5 } }, 400, /percent/],
      [{ ...base(), rule: { kind: 'fields', fields: [] } }, 400, /at least one field/],
      [{ ...base(), webhook_url: 'ftp://hooks.example/x' }, 400, /webhook_url/],
      [{ ...base(), name: '' }, 400, /name/],
    ];
    for (const [json, status, message] of cases) {
      const r = await api.post('/v0.1/monitors', { json });
      expect(r.status, `${JSON.stringify(json)}: ${r.text}`).toBe(status);
      expect(r.body.status).toBe('error');
      expect(r.body.error.details, JSON.stringify(json)).toMatch(message);
    }
    const malformed = await api.post('/v0.1/monitors', {
      raw: '{"task_id":',
      headers: { 'content-type': 'application/json' },
    });
    expect(malformed.status).toBe(400);
    const wrongType = await api.post('/v0.1/monitors', {
      raw: 'hello',
      headers: { 'content-type': 'text/plain' },
    });
    expect(wrongType.status).toBe(415);
  });

  it('create (upload): bad form fields and files', async () => {
    const schedule = JSON.stringify({ kind: 'interval', seconds: 3600 });
    const good = jsonlFile([{ data_uuid: 'u', inputs: ['https://u.example'] }]);
    const cases: [FormData, number, RegExp][] = [
      [batchForm({ task_id: taskId, schedule }), 400, /batch_input_data/],
      [batchForm({ task_id: taskId, schedule: '{kind:' }, good), 400, /'schedule' must be JSON/],
      [batchForm({ task_id: taskId }, good), 400, /schedule/],
      [batchForm({ task_id: taskId, schedule, task_version: 'two' }, good), 400, /task_version/],
      [batchForm({ task_id: taskId, schedule, rule: '[1' }, good), 400, /'rule' must be JSON/],
      [batchForm({ task_id: taskId, schedule }, jsonlFile(['{"inputs": 5}'])), 400, /all 1 rows are invalid/],
      [batchForm({ task_id: 'task_nope', schedule }, good), 404, /task_nope/],
    ];
    for (const [form, status, message] of cases) {
      const r = await api.post('/v0.1/monitors', { form });
      expect(r.status, r.text).toBe(status);
      expect(r.body.error.details).toMatch(message);
    }
    // Nothing was kept: one monitor (made in beforeAll), and sheet rows only for it.
    expect((await api.get('/v0.1/monitors')).body.data.items).toHaveLength(1);
    const orphans = await queryRows<{ n: number }>(
      t.engine.db,
      sql`SELECT count(*)::int AS n FROM monitor_rows WHERE monitor_id <> ${monitorId}`,
    );
    expect(orphans[0]!.n).toBe(0);
  });

  it('the other operations: unknown monitors, empty or unknown changes, bad paging', async () => {
    const cases: [() => Promise<ApiResponse>, number, RegExp][] = [
      [() => api.get('/v0.1/monitors/mon_nope'), 404, /mon_nope/],
      [() => api.patch('/v0.1/monitors/mon_nope', { json: { name: 'x' } }), 404, /mon_nope/],
      [() => api.delete('/v0.1/monitors/mon_nope'), 404, /mon_nope/],
      [() => api.post('/v0.1/monitors/mon_nope/pause'), 404, /mon_nope/],
      [() => api.post('/v0.1/monitors/mon_nope/resume'), 404, /mon_nope/],
      [() => api.post('/v0.1/monitors/mon_nope/run'), 404, /mon_nope/],
      [() => api.get('/v0.1/monitors/mon_nope/runs'), 404, /mon_nope/],
      [() => api.get('/v0.1/monitors/mon_nope/changes'), 404, /mon_nope/],
      [() => api.patch(`/v0.1/monitors/${monitorId}`, { json: {} }), 400, /at least one field/],
      [() => api.patch(`/v0.1/monitors/${monitorId}`, { json: { colour: 'red' } }), 400, /colour/],
      [
        () =>
          api.patch(`/v0.1/monitors/${monitorId}`, {
            json: { schedule: { kind: 'cron', cron: '61 * * * *' } },
          }),
        400,
        /cron/,
      ],
      [() => api.patch(`/v0.1/monitors/${monitorId}`, { json: { task_version: 7 } }), 404, /@7/],
      [
        () => api.patch(`/v0.1/monitors/${monitorId}`, { json: { from_batch_id: otherBatchId } }),
        409,
        /another task|watches task/,
      ],
      [() => api.get(`/v0.1/monitors/${monitorId}/changes?after=abc`), 400, /change_id/],
      [() => api.get(`/v0.1/monitors/${monitorId}/changes?limit=0`), 400, /limit/],
      [() => api.get(`/v0.1/monitors?limit=501`), 400, /at most 500/],
    ];
    for (const [call, status, message] of cases) {
      const r = await call();
      expect(r.status, r.text).toBe(status);
      expect(r.body.error.details).toMatch(message);
    }
    // A version with another input: the kept sheet (one input per row) does not fit it.
    const task = (await api.get(`/v0.1/tasks/${taskId}`)).body.data;
    const v2 = await api.put(`/v0.1/tasks/${taskId}/definition`, {
      json: {
        inputs: [...task.inputs, { name: 'country', type: 'string', description: 'Country of the site' }],
        outputs: task.outputs,
      },
    });
    expect(v2.status, v2.text).toBe(200);
    const misfit = await api.patch(`/v0.1/monitors/${monitorId}`, {
      json: { task_version: v2.body.data.version },
    });
    expect(misfit.status, misfit.text).toBe(409);
    expect(misfit.body.error.details).toMatch(/hold 1 inputs, the task version takes 2/);
    const misfitCreate = await api.post('/v0.1/monitors', {
      json: { ...base(), task_version: v2.body.data.version },
    });
    expect(misfitCreate.status).toBe(409);
    expect((await api.get(`/v0.1/monitors/${monitorId}`)).body.data.task_version).toBeNull();

    // A good update: a cron schedule moves the next run to its next time in the zone.
    const r = await api.patch(`/v0.1/monitors/${monitorId}`, {
      json: { name: 'Weekly', schedule: { kind: 'cron', cron: '30 7 * * *', time_zone: 'Asia/Tokyo' } },
    });
    expect(r.status, r.text).toBe(200);
    expect(r.body.data.name).toBe('Weekly');
    expect(
      new Date(r.body.data.next_run_at).getUTCHours() * 60 +
        new Date(r.body.data.next_run_at).getUTCMinutes(),
    ).toBe(22 * 60 + 30);
  });
});
