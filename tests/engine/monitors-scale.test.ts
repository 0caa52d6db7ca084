import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, batchForm, createContactTask, jsonlFile, waitFor } from '../support/api';
import { createScratchDatabase, TEST_KEY } from '../support/engine-harness';
import { startMonitorSite, type MonitorSite } from '../support/monitor-site';
import { startScript, stopProcess, type Started } from '../support/processes';

// Issue 32 at scale: one API process and three worker processes on one PostgreSQL, each with a monitor
// scheduler polling every 100 ms. Each tick (made due in the store, as the clock would) runs once and
// each run is compared once, whichever process wins; a worker killed holding a run's job leaves the
// run to finish, once, on another.

const onPostgres = Boolean(process.env.DATABASE_URL);

describe.skipIf(!onPostgres)('monitors with three worker processes on PostgreSQL', () => {
  let site: MonitorSite;
  let dbUrl: string;
  let drop: () => Promise<void>;
  let client: pg.Client;
  const procs: Started[] = [];
  const workers: Started[] = [];
  let api: ReturnType<typeof apiClient>;
  let taskId: string;

  const env = (extra: Record<string, string> = {}): NodeJS.ProcessEnv => ({
    ...process.env,
    DATABASE_URL: dbUrl,
    QUARRY_API_KEY: TEST_KEY,
    QUARRY_ALLOW_PRIVATE_URLS: '1',
    QUARRY_LEASE_MS: '2000',
    QUARRY_MONITOR_POLL_MS: '100',
    QUARRY_HOST_DELAY_MS: '0',
    QUARRY_RESEARCH_THREADS: '0',
    PORT: '0',
    ...extra,
  });

  const ids = Array.from({ length: 6 }, (_, n) => `p${n}`);

  beforeAll(async () => {
    site = await startMonitorSite(
      Object.fromEntries(ids.map((id, n) => [id, { price: `€${n + 1}.00`, email: `shop@${id}.example` }])),
    );
    const db = await createScratchDatabase(process.env.DATABASE_URL!);
    dbUrl = db.url;
    drop = db.drop;
    client = new pg.Client({ connectionString: dbUrl });
    const apiProc = await startScript(
      'scripts/serve-engine.ts',
      env({ QUARRY_WORKER: 'off' }),
      /listening on (http:\/\/\S+)/,
    );
    procs.push(apiProc);
    await client.connect();
    api = apiClient(apiProc.url!, TEST_KEY);
    for (let i = 0; i < 3; i++) {
      const w = await startScript('scripts/worker.ts', env(), /worker (\S+) running/);
      procs.push(w);
      workers.push(w);
    }
    taskId = await createContactTask(api);
    const put = await api.put(`/v0.1/tasks/${taskId}/definition`, {
      json: {
        outputs: [
          { name: 'price', type: 'money', query: 'What is the price of the product?' },
          { name: 'email', type: 'email', query: 'What is the contact email address?' },
        ],
      },
    });
    expect(put.status).toBe(200);
  }, 120_000);

  afterAll(async () => {
    site?.release();
    for (const p of procs) await stopProcess(p, 'SIGKILL');
    await client?.end();
    await site?.close();
    await drop?.();
  });

  async function createMonitor() {
    const created = await api.post('/v0.1/monitors', {
      form: batchForm(
        { task_id: taskId, schedule: JSON.stringify({ kind: 'interval', seconds: 3600 }) },
        jsonlFile(ids.map((id) => ({ data_uuid: id, inputs: [site.url(id)] }))),
      ),
    });
    expect(created.status, created.text).toBe(201);
    return created.body.data.monitor_id as string;
  }
  const runsOf = async (id: string) => (await api.get(`/v0.1/monitors/${id}/runs?limit=100`)).body.data.items;
  const settled = (id: string, n: number) =>
    waitFor(
      async () => {
        const list = await runsOf(id);
        return list.length === n && list.every((r: { finished_at: string | null }) => r.finished_at) && list;
      },
      60_000,
      100,
    );
  /** The clock reaches the monitor's next tick: the store says it is due now. */
  const makeDue = (id: string) =>
    client.query(`UPDATE monitors SET next_run_at = now() - interval '1 millisecond' WHERE id = $1`, [id]);

  it('five ticks: five runs, each compared once, whatever process won it', async () => {
    const id = await createMonitor();
    await settled(id, 1);
    for (let tick = 2; tick <= 5; tick++) {
      site.set(`p${tick}`, { price: `€${tick * 100}.00`, email: `shop@p${tick}.example` });
      await makeDue(id);
      await settled(id, tick);
    }
    // Every poller has had several passes since: still five runs.
    await new Promise((r) => setTimeout(r, 600));
    const runs = await runsOf(id);
    expect(runs).toHaveLength(5);
    expect(new Set(runs.map((r: { batch_id: string }) => r.batch_id)).size).toBe(5);
    expect(runs.map((r: { counts: Record<string, number> }) => [r.counts.new, r.counts.changed])).toEqual([
      [0, 1],
      [0, 1],
      [0, 1],
      [0, 1],
      [6, 0],
    ]);
    const stored = await client.query(
      `SELECT kind, count(*)::int AS n FROM monitor_changes WHERE monitor_id = $1 GROUP BY kind ORDER BY kind`,
      [id],
    );
    expect(stored.rows).toEqual([
      { kind: 'changed', n: 4 },
      { kind: 'new', n: 6 },
    ]);
    const batches = await client.query(
      `SELECT count(*)::int AS n FROM batches WHERE id IN (SELECT batch_id FROM monitor_runs WHERE monitor_id = $1)`,
      [id],
    );
    expect(batches.rows[0].n).toBe(5);
  }, 180_000);

  it("a worker killed holding a run's job: the run still completes, compared once", async () => {
    const id = await createMonitor();
    await settled(id, 1);
    site.hold();
    const before = ids.reduce((n, p) => n + (site.hits.get(p) ?? 0), 0);
    await makeDue(id);
    await waitFor(async () => ids.reduce((n, p) => n + (site.hits.get(p) ?? 0), 0) > before, 30_000, 50);
    const [open] = await runsOf(id);
    expect(open.finished_at).toBeNull();
    const holders = await client.query(
      `SELECT DISTINCT locked_by FROM jobs WHERE batch_id = $1 AND locked_by IS NOT NULL`,
      [open.batch_id],
    );
    const victim = workers.find((w) => holders.rows.some((h) => h.locked_by === w.url));
    expect(victim, `a worker holds the run's jobs: ${JSON.stringify(holders.rows)}`).toBeDefined();
    await stopProcess(victim, 'SIGKILL');
    site.release();
    // Its leases expire (2 s) and another worker runs the jobs; the run is compared once.
    const runs = await settled(id, 2);
    expect(runs[0].run_id).toBe(open.run_id);
    expect(runs[0].counts).toMatchObject({ unchanged: 6, failed: 0 });
    await new Promise((r) => setTimeout(r, 600));
    expect(await runsOf(id)).toHaveLength(2);
    const stored = await client.query(`SELECT count(*)::int AS n FROM monitor_changes WHERE run_id = $1`, [
      open.run_id,
    ]);
    expect(stored.rows[0].n).toBe(0);
  }, 180_000);
});
