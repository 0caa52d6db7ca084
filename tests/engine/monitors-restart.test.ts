import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '@/lib/engine/config';
import { serveEngineHttp } from '@/lib/engine/http/node-server';
import { createEngine, setProcessEngine, type Engine } from '@/lib/engine/runtime';
import { apiClient, createContactTask, jsonlFile, batchForm, waitFor } from '../support/api';
import { createScratchDatabase, TEST_KEY } from '../support/engine-harness';
import { startMonitorSite, type MonitorSite } from '../support/monitor-site';

// Issue 32: a restart neither skips nor doubles a tick. The engine is stopped while a run's page is
// still being read, the clock moves past three more ticks, and a new engine on the same store finishes
// that run (compared once) and then makes one catch-up run for the ticks missed while down.

const HOUR = 3600_000;

describe('a restarted engine finishes the open run and catches up once', () => {
  let site: MonitorSite;
  let dataDir: string;
  let databaseUrl: string | undefined;
  let dropDb: (() => Promise<void>) | undefined;
  let clock = new Date('2026-03-02T08:00:00Z');
  let current: { engine: Engine; api: ReturnType<typeof apiClient>; close(): Promise<void> } | null = null;

  async function boot() {
    const config = loadConfig({
      ...process.env,
      QUARRY_DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl ?? '',
      QUARRY_API_KEY: TEST_KEY,
      QUARRY_ALLOW_PRIVATE_URLS: '1',
      QUARRY_MONITOR_POLL_MS: '50',
      QUARRY_MAX_ATTEMPTS: '1',
      QUARRY_HOST_DELAY_MS: '0',
      QUARRY_RESEARCH_THREADS: '0',
      QUARRY_WORKER_STOP_DEADLINE_MS: '200',
    });
    const engine = await createEngine(config, { now: () => clock });
    setProcessEngine(engine);
    const http = await serveEngineHttp();
    current = {
      engine,
      api: apiClient(http.url, TEST_KEY),
      close: async () => {
        await http.close();
        await engine.close();
        setProcessEngine(null);
        current = null;
      },
    };
    return current;
  }

  beforeAll(async () => {
    site = await startMonitorSite({ a: { price: '€3.00', email: 'a@a.example' } });
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'quarry-monitor-restart-'));
    if (process.env.DATABASE_URL) {
      const db = await createScratchDatabase(process.env.DATABASE_URL);
      databaseUrl = db.url;
      dropDb = db.drop;
    }
  });
  afterAll(async () => {
    site?.release();
    await current?.close();
    await site?.close();
    await dropDb?.();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('one catch-up run after the restart, and the open run compared once', async () => {
    let { api } = await boot();
    const taskId = await createContactTask(api);
    const created = await api.post('/v0.1/monitors', {
      form: batchForm(
        { task_id: taskId, schedule: JSON.stringify({ kind: 'interval', seconds: 3600 }) },
        jsonlFile([{ data_uuid: 'a', inputs: [site.url('a')] }]),
      ),
    });
    expect(created.status, created.text).toBe(201);
    const id = created.body.data.monitor_id;
    const runs = async () => (await api.get(`/v0.1/monitors/${id}/runs`)).body.data.items;
    await waitFor(async () => Boolean((await runs())[0]?.finished_at));

    // The second tick starts, and its page is held: the engine stops with the run still going.
    site.hold();
    const hitsBefore = site.hits.get('a') ?? 0;
    clock = new Date(clock.getTime() + HOUR);
    await waitFor(async () => (site.hits.get('a') ?? 0) > hitsBefore);
    expect((await runs())[0]).toMatchObject({ finished_at: null, trigger: 'schedule' });
    await current!.close();
    site.release();

    // Down for three more ticks (10:00, 11:00, 12:00); back at 12:30.
    clock = new Date(clock.getTime() + 3.5 * HOUR);
    ({ api } = await boot());
    const all = await waitFor(async () => {
      const list = await runs();
      return list.length === 3 && list.every((r: { finished_at: string | null }) => r.finished_at) && list;
    });
    await current!.engine.monitors!.poll();
    await current!.engine.monitors!.poll();
    expect(await runs()).toHaveLength(3);
    // Newest first: the catch-up run, the run interrupted by the restart, the baseline.
    expect(all.map((r: { counts: Record<string, number> }) => r.counts)).toEqual([
      expect.objectContaining({ unchanged: 1, new: 0 }),
      expect.objectContaining({ unchanged: 1, new: 0 }),
      expect.objectContaining({ new: 1 }),
    ]);
    const changes = (await api.get(`/v0.1/monitors/${id}/changes`)).body.data.items;
    expect(changes).toHaveLength(1); // the baseline's new row; nothing written twice
    const next = (await api.get(`/v0.1/monitors/${id}`)).body.data.next_run_at;
    expect(next).toBe(new Date('2026-03-02T13:00:00Z').toISOString());
  });
});
