import { Webhook } from 'standardwebhooks';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '@/lib/engine/db/query-rows';
import { apiClient, batchForm, createContactTask, jsonlFile, waitFor } from '../support/api';
import { startTestEngine, type TestEngine } from '../support/engine-harness';
import { startMonitorSite, type MonitorSite } from '../support/monitor-site';
import { startWebhookReceiver } from '../support/webhook-receiver';

// Issue 32: a monitor runs its kept sheet on a schedule and reports, per row and field, what changed
// since the values each row last had. The clock is the engine's fake one: the test moves it and the
// scheduler (polling every 50 ms) starts the tick; the loopback shop's pages change between ticks.

const HOUR = 3600_000;

describe('a monitor ticks on a fake clock and reports what changed', () => {
  let t: TestEngine;
  let site: MonitorSite;
  let hooks: Awaited<ReturnType<typeof startWebhookReceiver>>;
  let api: ReturnType<typeof apiClient>;
  let taskId: string;
  let clock = new Date('2026-03-02T08:00:00Z');

  beforeAll(async () => {
    hooks = await startWebhookReceiver();
    site = await startMonitorSite({
      a: { price: '€49.00', email: 'sales@a.example' },
      b: { price: '€49.00', email: 'sales@b.example' },
      c: { price: '€10.00', email: 'old@c.example' },
      d: { price: '€5.00', email: 'shop@d.example' },
      r: { price: '€1.00', email: 'shop@r.example' },
      e: { price: '€7.50', email: 'new@e.example' },
    });
    t = await startTestEngine({
      env: {
        QUARRY_MONITOR_POLL_MS: '50',
        QUARRY_MAX_ATTEMPTS: '1',
        QUARRY_HOST_DELAY_MS: '0',
        QUARRY_WORKER_STOP_DEADLINE_MS: '500',
        QUARRY_RESEARCH_THREADS: '0',
      },
      overrides: { now: () => clock },
    });
    api = apiClient(t.url, t.key);
    taskId = await createContactTask(api);
    const put = await api.put(`/v0.1/tasks/${taskId}/definition`, {
      json: {
        outputs: [
          { name: 'price', type: 'money', query: 'What is the price of the product?' },
          { name: 'email', type: 'email', query: 'What is the contact email address?' },
        ],
      },
    });
    expect(put.status, put.text).toBe(200);
  });
  afterAll(async () => {
    await t?.close();
    await site?.close();
    await hooks?.close();
  });

  const rows = (ids: string[]) => ids.map((id) => ({ data_uuid: id, inputs: [site.url(id)] }));
  const runsOf = async (id: string) => (await api.get(`/v0.1/monitors/${id}/runs`)).body.data.items;
  const finishedRuns = (id: string, n: number) =>
    waitFor(async () => {
      const runs = await runsOf(id);
      return runs.length === n && runs.every((r: { finished_at: string | null }) => r.finished_at) && runs;
    });

  it('takes a baseline, then reports changed, equal-but-rewritten, new, removed and failed rows', async () => {
    const form = batchForm(
      {
        task_id: taskId,
        name: 'Shop prices',
        schedule: JSON.stringify({ kind: 'interval', seconds: 3600 }),
        // Alert on price changes only: new, removed and failed rows and address changes stay quiet.
        rule: JSON.stringify({ kind: 'fields', fields: ['price'] }),
        webhook_url: hooks.url,
      },
      jsonlFile(rows(['a', 'b', 'c', 'd', 'r'])),
    );
    const created = await api.post('/v0.1/monitors', { form });
    expect(created.status, created.text).toBe(201);
    const id = created.body.data.monitor_id;
    expect(created.body.data.sheet_rows).toBe(5);

    // The first run starts at once and takes the baseline: every row is new.
    const [first] = await finishedRuns(id, 1);
    expect(first.counts).toMatchObject({ new: 5, changed: 0, removed: 0, failed: 0 });
    const baseline = (await api.get(`/v0.1/monitors/${id}/changes`)).body.data.items;
    expect(baseline.map((c: { kind: string }) => c.kind)).toEqual(Array(5).fill('new'));
    expect(baseline.find((c: { data_uuid: string }) => c.data_uuid === 'a').new).toMatchObject({
      email: 'sales@a.example',
    });
    const got = await api.get(`/v0.1/monitors/${id}`);
    expect(got.body.data.next_run_at).toBe(new Date(clock.getTime() + HOUR).toISOString());
    expect(hooks.received).toHaveLength(0); // a baseline of new rows is no price change

    // Between ticks: a's price moves, b's is written differently but equal, c's address changes,
    // d's page fails; the sheet loses r and gains e (replaced from a batch of those rows).
    site.set('a', { price: '€59.00', email: 'sales@a.example' });
    site.set('b', { price: '49 €', email: 'sales@b.example' });
    site.set('c', { price: '€10.00', email: 'new@c.example' });
    site.set('d', 'fail');
    const batch = await api.post('/v0.1/batches', {
      form: batchForm({ task_id: taskId }, jsonlFile(rows(['a', 'b', 'c', 'd', 'e']))),
    });
    expect(batch.status).toBe(201);
    const patched = await api.patch(`/v0.1/monitors/${id}`, {
      json: { from_batch_id: batch.body.data.batch_id },
    });
    expect(patched.status, patched.text).toBe(200);

    // Nothing runs before the hour is up.
    await new Promise((r) => setTimeout(r, 300));
    expect(await runsOf(id)).toHaveLength(1);
    clock = new Date(clock.getTime() + HOUR);
    const [second] = await finishedRuns(id, 2);
    expect(second.trigger).toBe('schedule');
    expect(second.counts).toMatchObject({ new: 1, changed: 2, unchanged: 1, removed: 1, failed: 1 });
    const changes = (await api.get(`/v0.1/monitors/${id}/changes?run_id=${second.run_id}`)).body.data.items;
    const seen = changes.map((c: { data_uuid: string; kind: string; field: string | null }) =>
      [c.data_uuid, c.kind, c.field].join(' '),
    );
    expect(seen.sort()).toEqual(['a changed price', 'c changed email', 'd failed ', 'e new ', 'r removed ']);
    const price = changes.find((c: { data_uuid: string }) => c.data_uuid === 'a');
    expect([price.old, price.new]).toEqual(['49.00 EUR', '59.00 EUR']);
    // Each change names its row by its inputs in the run; a removed row is no longer in it.
    const inputOf = (uuid: string) =>
      changes.find((c: { data_uuid: string }) => c.data_uuid === uuid).input as Record<string, string> | null;
    for (const uuid of ['a', 'c', 'd', 'e']) expect(Object.values(inputOf(uuid)!)).toEqual([site.url(uuid)]);
    expect(inputOf('r')).toBeNull();

    // One signed monitor.changed event, carrying only the price change.
    const hook = await waitFor(async () => hooks.received[0]);
    expect(() =>
      new Webhook(t.engine.webhookSecret).verify(hook.body, hook.headers as Record<string, string>),
    ).not.toThrow();
    expect(hook.json).toMatchObject({
      type: 'monitor.changed',
      data: { monitor_id: id, run_id: second.run_id, changes_total: 1 },
    });
    expect(hook.json.data.changes).toEqual([
      {
        kind: 'changed',
        data_uuid: 'a',
        fields: [{ field: 'price', old: '49.00 EUR', new: '59.00 EUR' }],
        input: inputOf('a'),
      },
    ]);
    // It is in the delivery log of the run's batch, delivered. The sender records the state after the
    // receiver has answered, so the log is read until it does (on a busy machine that takes a moment).
    const log = await waitFor(async () => {
      const res = await api.get(`/v0.1/batches/${second.batch_id}/webhook-deliveries`);
      return res.body.data[0]?.state === 'delivering' ? undefined : res;
    });
    expect(log.body.data).toEqual([expect.objectContaining({ kind: 'monitor_changed', state: 'delivered' })]);
    // The run's batch names its monitor; a batch uploaded by hand names none.
    const links = await api.get(`/v0.1/batches/${second.batch_id}/links`);
    expect(links.body.data.monitor).toEqual({ monitor_id: id, name: 'Shop prices', run_id: second.run_id });
    const plain = await api.get(`/v0.1/batches/${batch.body.data.batch_id}/links`);
    expect(plain.body.data.monitor).toBeNull();

    // The history pages forward with `after`.
    const page1 = (await api.get(`/v0.1/monitors/${id}/changes?limit=4`)).body.data;
    expect(page1.items).toHaveLength(4);
    const page2 = (await api.get(`/v0.1/monitors/${id}/changes?limit=100&after=${page1.next_after}`)).body
      .data;
    expect(page1.items.length + page2.items.length).toBe(10);
    expect(page2.next_after).toBeNull();
    expect(hooks.received).toHaveLength(1);

    // One row's history: its first values, then each field change.
    const rowA = (await api.get(`/v0.1/monitors/${id}/changes?data_uuid=a`)).body.data.items;
    expect(rowA.map((c: { kind: string; field: string | null }) => `${c.kind} ${c.field ?? ''}`)).toEqual([
      'new ',
      'changed price',
    ]);
    expect(rowA[0].new).toMatchObject({ price: '49.00 EUR', email: 'sales@a.example' });
    // The list shows each monitor's next run and last change.
    const listed = (await api.get('/v0.1/monitors')).body.data.items;
    expect(listed).toEqual([
      expect.objectContaining({
        monitor_id: id,
        name: 'Shop prices',
        sheet_rows: 5,
        last_change_at: clock.toISOString(),
        next_run_at: new Date(clock.getTime() + HOUR).toISOString(),
      }),
    ]);
    expect((await api.get(`/v0.1/monitors/${id}`)).body.data.last_change_at).toBe(clock.toISOString());
  });
});

describe('pause, resume, run now, and a run still going', () => {
  let t: TestEngine;
  let site: MonitorSite;
  let api: ReturnType<typeof apiClient>;
  let hooks: Awaited<ReturnType<typeof startWebhookReceiver>>;
  let monitorId: string;
  let taskId: string;
  let clock = new Date('2026-03-02T08:00:00Z');

  beforeAll(async () => {
    hooks = await startWebhookReceiver();
    site = await startMonitorSite({ a: { price: '€3.00', email: 'a@a.example' } });
    t = await startTestEngine({
      env: {
        QUARRY_MONITOR_POLL_MS: '50',
        QUARRY_HOST_CONCURRENCY: '1',
        QUARRY_MAX_ATTEMPTS: '1',
        QUARRY_HOST_DELAY_MS: '0',
        QUARRY_WORKER_STOP_DEADLINE_MS: '500',
        QUARRY_RESEARCH_THREADS: '0',
      },
      overrides: { now: () => clock },
    });
    api = apiClient(t.url, t.key);
    taskId = await createContactTask(api);
    const batch = await api.post('/v0.1/batches', {
      form: batchForm({ task_id: taskId }, jsonlFile([{ data_uuid: 'a', inputs: [site.url('a')] }])),
    });
    // "Turn this batch into a monitor": its rows become the sheet.
    const created = await api.post('/v0.1/monitors', {
      json: {
        task_id: taskId,
        from_batch_id: batch.body.data.batch_id,
        schedule: { kind: 'interval', seconds: 3600 },
        webhook_url: hooks.url, // rule: any change
      },
    });
    expect(created.status, created.text).toBe(201);
    monitorId = created.body.data.monitor_id;
    expect(created.body.data.task_version).toBeNull(); // follows the live version
    await settled(1);
  });
  afterAll(async () => {
    site?.release();
    await t?.close();
    await site?.close();
    await hooks?.close();
  });

  const runs = async () => (await api.get(`/v0.1/monitors/${monitorId}/runs`)).body.data.items;
  /** Waits for `n` runs, all compared. */
  const settled = (n: number) =>
    waitFor(async () => {
      const list = await runs();
      return list.length === n && list.every((r: { finished_at: string | null }) => r.finished_at) && list;
    });
  /** Two passes of the scheduler: the second starts after the clock moved, whatever ran meanwhile. */
  const twoPasses = async () => {
    await t.engine.monitors!.poll();
    await t.engine.monitors!.poll();
  };
  const advance = (ms: number) => (clock = new Date(clock.getTime() + ms));

  it('a paused monitor does not tick; resumed, the ticks it missed make one run', async () => {
    const paused = await api.post(`/v0.1/monitors/${monitorId}/pause`);
    expect(paused.status).toBe(200);
    expect(paused.body.data).toMatchObject({ paused: true, next_run_at: null });
    advance(3.5 * HOUR);
    await twoPasses();
    expect(await runs()).toHaveLength(1);

    const resumed = await api.post(`/v0.1/monitors/${monitorId}/resume`);
    expect(resumed.body.data.paused).toBe(false);
    const list = await settled(2);
    await twoPasses();
    expect(await runs()).toHaveLength(2); // three missed ticks, one run
    expect(list[0].trigger).toBe('schedule');
    // The schedule goes on from the tick grid, after now.
    const next = new Date((await api.get(`/v0.1/monitors/${monitorId}`)).body.data.next_run_at);
    expect(next.getTime()).toBeGreaterThan(clock.getTime());
    expect(next.getTime() - clock.getTime()).toBeLessThanOrEqual(HOUR);
  });

  it('run now starts a run at once; while it is going, neither run now nor a due tick starts another', async () => {
    site.hold();
    const now = await api.post(`/v0.1/monitors/${monitorId}/run`);
    expect(now.status, now.text).toBe(202);
    expect(now.body.data.rows).toBe(1);
    const again = await api.post(`/v0.1/monitors/${monitorId}/run`);
    expect(again.status).toBe(409);
    expect(again.body.error.details).toMatch(/not finished/);

    advance(2 * HOUR); // the scheduled tick is due, but the manual run is still going
    await twoPasses();
    const during = await runs();
    expect(during).toHaveLength(3);
    expect(during[0]).toMatchObject({ trigger: 'manual', finished_at: null });

    site.release();
    // The manual run finishes, then the tick that waited for it runs once.
    const after = await settled(4);
    expect(after.map((r: { trigger: string }) => r.trigger)).toEqual([
      'schedule',
      'manual',
      'schedule',
      'schedule',
    ]);
    await twoPasses();
    expect(await runs()).toHaveLength(4);
    // Under the rule "any": the baseline's new row alerted; four runs that changed nothing did not.
    await t.engine.webhooks.deliverDue();
    expect(hooks.received.map((h) => h.json.data.changes.map((c: { kind: string }) => c.kind))).toEqual([
      ['new'],
    ]);
  });

  it('a cancelled run: rows it never ran keep their values and are not reported removed', async () => {
    for (const id of ['x', 'y', 'z']) site.set(id, { price: '€2.00', email: `${id}@shop.example` });
    const created = await api.post('/v0.1/monitors', {
      form: batchForm(
        { task_id: taskId, schedule: JSON.stringify({ kind: 'interval', seconds: 86_400 }) },
        jsonlFile(['x', 'y', 'z'].map((id) => ({ data_uuid: id, inputs: [site.url(id)] }))),
      ),
    });
    const id = created.body.data.monitor_id;
    const runsOf = async () => (await api.get(`/v0.1/monitors/${id}/runs`)).body.data.items;
    const settledN = (n: number) =>
      waitFor(async () => {
        const list = await runsOf();
        return list.length === n && list.every((r: { finished_at: string | null }) => r.finished_at) && list;
      });
    await settledN(1);

    site.hold(); // one row is being read (one per host), the others wait their turn
    const hits = () => ['x', 'y', 'z'].reduce((n, p) => n + (site.hits.get(p) ?? 0), 0);
    const before = hits();
    const run = await api.post(`/v0.1/monitors/${id}/run`);
    await waitFor(async () => hits() > before);
    const cancel = await api.post(`/v0.1/batches/${run.body.data.batch_id}/cancel`);
    expect(cancel.status).toBe(200);
    expect(cancel.body.data.jobs_removed).toBeGreaterThan(0);
    site.release();
    const [cancelled] = await settledN(2);
    expect(cancelled.counts).toMatchObject({ removed: 0, failed: 0, new: 0, changed: 0 });
    expect(cancelled.counts.unchanged).toBe(3 - cancel.body.data.jobs_removed);
    // The next run compares every row with its values from before the cancel: nothing changed.
    await api.post(`/v0.1/monitors/${id}/run`);
    const [next] = await settledN(3);
    expect(next.counts).toMatchObject({ unchanged: 3, removed: 0, new: 0 });
  });

  it('the live version changes its inputs: run now says why, a tick is spent without a batch', async () => {
    const task = (await api.get(`/v0.1/tasks/${taskId}`)).body.data;
    const v2 = await api.put(`/v0.1/tasks/${taskId}/definition`, {
      json: {
        inputs: [...task.inputs, { name: 'country', type: 'string', description: 'Country of the site' }],
        outputs: task.outputs,
      },
    });
    expect(v2.status, v2.text).toBe(200); // now the live version, which the monitor follows
    const now = await api.post(`/v0.1/monitors/${monitorId}/run`);
    expect(now.status).toBe(409);
    expect(now.body.error.details).toMatch(/hold 1 inputs, the task version takes 2/);

    const before = (await runs()).length;
    const due = (await api.get(`/v0.1/monitors/${monitorId}`)).body.data.next_run_at;
    clock = new Date(Date.parse(due) + 1000);
    await twoPasses();
    const list = await runs();
    expect(list).toHaveLength(before + 1);
    expect(list[0]).toMatchObject({ trigger: 'schedule', batch_id: null, counts: null });
    expect(list[0].finished_at).not.toBeNull();
    expect(list[0].error).toMatch(/^no run: the sheet's rows hold 1 inputs/);
    const next = (await api.get(`/v0.1/monitors/${monitorId}`)).body.data.next_run_at;
    expect(Date.parse(next)).toBeGreaterThan(clock.getTime());

    // Back on version 1: the next tick runs the sheet again.
    expect((await api.put(`/v0.1/tasks/${taskId}/live-version`, { json: { version: 1 } })).status).toBe(200);
    clock = new Date(Date.parse(next) + 1000);
    const after = await settled(before + 2);
    expect(after[0]).toMatchObject({ error: null, counts: expect.objectContaining({ unchanged: 1 }) });
  });

  it('delete removes the monitor, its sheet and its history; the batches of its runs stay', async () => {
    const batchId = (await runs()).find((r: { batch_id: string | null }) => r.batch_id)!.batch_id as string;
    const del = await api.delete(`/v0.1/monitors/${monitorId}`);
    expect(del.status, del.text).toBe(200);
    expect(del.body.data).toEqual({ monitor_id: monitorId, deleted: true });
    for (const path of ['', '/runs', '/changes'])
      expect((await api.get(`/v0.1/monitors/${monitorId}${path}`)).status).toBe(404);
    expect((await api.post(`/v0.1/monitors/${monitorId}/run`)).status).toBe(404);
    expect((await api.delete(`/v0.1/monitors/${monitorId}`)).status).toBe(404);
    const [left] = await queryRows<{ n: number }>(
      t.engine.db,
      sql`SELECT (SELECT count(*) FROM monitor_rows WHERE monitor_id = ${monitorId})
               + (SELECT count(*) FROM monitor_runs WHERE monitor_id = ${monitorId})
               + (SELECT count(*) FROM monitor_changes WHERE monitor_id = ${monitorId})
               + (SELECT count(*) FROM monitor_baselines WHERE monitor_id = ${monitorId}) AS n`,
    );
    expect(Number(left!.n)).toBe(0);
    // The run's batch is an ordinary batch now, with its results.
    expect((await api.get(`/v0/batches/${batchId}`)).status).toBe(200);
    expect((await api.get(`/v0.1/batches/${batchId}/links`)).body.data.monitor).toBeNull();
    // No tick of the deleted monitor starts later.
    clock = new Date(clock.getTime() + 400 * 86_400_000);
    await new Promise((r) => setTimeout(r, 300));
    const [runsLeft] = await queryRows<{ n: number }>(
      t.engine.db,
      sql`SELECT count(*)::int AS n FROM monitor_runs WHERE monitor_id = ${monitorId}`,
    );
    expect(runsLeft!.n).toBe(0);
  });
});
