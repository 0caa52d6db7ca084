import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFixtureSite, type FixtureSite } from '../fixtures/site/server';
import { apiClient, batchForm, createContactTask, jsonlFile, waitFor } from '../support/api';
import { createScratchDatabase, TEST_KEY } from '../support/engine-harness';
import { startScript, stopProcess, type Started } from '../support/processes';

// Issue 6: SIGTERM to a worker process (`npm run worker`) stops its claims, lets running jobs finish
// before the deadline and releases whatever is still running at the deadline back to the queue.
const onPostgres = Boolean(process.env.DATABASE_URL);

describe.skipIf(!onPostgres)('graceful worker shutdown on PostgreSQL', () => {
  let site: FixtureSite;
  let dbUrl: string;
  let drop: () => Promise<void>;
  let db: pg.Client;
  let api: ReturnType<typeof apiClient>;
  let taskId: string;
  const procs: Started[] = [];

  const env = (extra: Record<string, string> = {}): NodeJS.ProcessEnv => ({
    ...process.env,
    DATABASE_URL: dbUrl,
    QUARRY_API_KEY: TEST_KEY,
    QUARRY_ALLOW_PRIVATE_URLS: '1',
    QUARRY_WORKER_CONCURRENCY: '4',
    QUARRY_HOST_CONCURRENCY: '4',
    QUARRY_RESEARCH_THREADS: '0',
    QUARRY_HOST_DELAY_MS: '0',
    PORT: '0',
    ...extra,
  });
  const startWorker = async (extra: Record<string, string> = {}) => {
    const w = await startScript('scripts/worker.ts', env(extra), /worker (\S+) running/);
    procs.push(w);
    return { proc: w, id: w.url! };
  };
  const exited = (p: Started) =>
    new Promise<number | null>((resolve) =>
      p.child.exitCode !== null ? resolve(p.child.exitCode) : p.child.once('exit', (code) => resolve(code)),
    );
  const jobsOf = async (batchId: string) =>
    (
      await db.query<{ id: string; state: string; locked_by: string | null; error: string | null }>(
        'SELECT id::text, state, locked_by, error FROM jobs WHERE batch_id = $1 ORDER BY id',
        [batchId],
      )
    ).rows;
  const createBatch = async (rows: { data_uuid: string; inputs: string[] }[]) => {
    const r = await api.post('/v0.1/batches', { form: batchForm({ task_id: taskId }, jsonlFile(rows)) });
    expect(r.status).toBe(201);
    return r.body.data.batch_id as string;
  };

  beforeAll(async () => {
    site = await startFixtureSite();
    const scratch = await createScratchDatabase(process.env.DATABASE_URL!);
    dbUrl = scratch.url;
    drop = scratch.drop;
    db = new pg.Client({ connectionString: dbUrl });
    const apiProc = await startScript(
      'scripts/serve-engine.ts',
      env({ QUARRY_WORKER: 'off' }),
      /listening on (http:\/\/\S+)/,
    );
    procs.push(apiProc);
    await db.connect();
    api = apiClient(apiProc.url!, TEST_KEY);
    taskId = await createContactTask(api);
  }, 120_000);

  afterAll(async () => {
    for (const p of procs) await stopProcess(p, 'SIGKILL');
    await db?.end();
    await site?.close();
    await drop?.();
  });

  it('stops claiming and finishes its running jobs before exiting', async () => {
    const rows = Array.from({ length: 40 }, (_, n) => ({
      data_uuid: `a${n}`,
      inputs: [`${site.url}/slow/1500/co/${n}/`],
    }));
    const batchId = await createBatch(rows);
    const w = await startWorker();
    await waitFor(
      async () => (await jobsOf(batchId)).filter((j) => j.state === 'running').length === 4 || undefined,
      30_000,
    );

    const exit = exited(w.proc);
    w.proc.child.kill('SIGTERM');
    await waitFor(async () => /SIGTERM: no new claims/.test(w.proc.output()) || undefined, 10_000);
    const atSignal = await jobsOf(batchId);
    const running = atSignal.filter((j) => j.state === 'running');
    expect(running.length).toBeGreaterThan(0);
    expect(running.every((j) => j.locked_by === w.id)).toBe(true);

    expect(await exit).toBe(0);
    const after = await jobsOf(batchId);
    // The same job rows as at the signal (nothing new claimed), and every one that was running finished.
    expect(after.map((j) => j.id)).toEqual(atSignal.map((j) => j.id));
    const byId = new Map(after.map((j) => [j.id, j]));
    for (const j of running) expect(byId.get(j.id)).toMatchObject({ state: 'succeeded', locked_by: null });
    expect(after.some((j) => j.state === 'running')).toBe(false);
    const b = (await api.get(`/v0/batches/${batchId}`)).body.data;
    expect(b.jobs_completed).toBe(after.length);
    expect(b.jobs_completed).toBeLessThan(40);
    expect((await api.post(`/v0.1/batches/${batchId}/cancel`)).status).toBe(200);
  }, 120_000);

  it('releases jobs still running at the deadline; another worker then finishes them', async () => {
    const rows = Array.from({ length: 4 }, (_, n) => ({
      data_uuid: `b${n}`,
      inputs: [`${site.url}/slow/120000/co/${n}/`],
    }));
    const batchId = await createBatch(rows);
    const w = await startWorker({
      QUARRY_WORKER_STOP_DEADLINE_MS: '500',
      QUARRY_FETCH_TIMEOUT_MS: '300000',
      QUARRY_RUN_TIMEOUT_MS: '300000',
      QUARRY_LEASE_MS: '300000',
    });
    await waitFor(
      async () => (await jobsOf(batchId)).filter((j) => j.state === 'running').length === 4 || undefined,
      30_000,
    );
    const exit = exited(w.proc);
    w.proc.child.kill('SIGTERM');
    expect(await exit).toBe(0);

    // Released at once (not left to the reaper: the lease would last five minutes).
    const released = await jobsOf(batchId);
    expect(released).toHaveLength(4);
    expect(released.every((j) => j.state === 'pending' && j.locked_by === null)).toBe(true);
    expect((await api.get(`/v0/batches/${batchId}`)).body.data).toMatchObject({
      jobs_completed: 0,
      completed: false,
    });

    // Another worker claims the released jobs straight away.
    const next = await startWorker({ QUARRY_FETCH_TIMEOUT_MS: '300000', QUARRY_RUN_TIMEOUT_MS: '300000' });
    const running = await waitFor(
      async () =>
        (await jobsOf(batchId)).filter((j) => j.state === 'running' && j.locked_by === next.id).length ===
          4 || undefined,
      30_000,
    );
    expect(running).toBe(true);
  }, 120_000);
});
