import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFixtureSite, type FixtureSite } from '../fixtures/site/server';
import { apiClient, batchForm, createContactTask, jsonlFile, waitFor } from '../support/api';
import { createScratchDatabase, TEST_KEY } from '../support/engine-harness';
import {
  engineProcessEnv,
  startApiProcess,
  startWorkerProcess,
  stopProcess,
  type Started,
} from '../support/processes';
import { startTurnSite, type TurnSite } from '../support/turn-site';

// Issue 31, item 4, with three worker processes on one PostgreSQL and the API in a fourth: a cancel
// removes the jobs other processes claimed and that still wait for a Crawl-delay turn (their rows are
// not yet marked fetching), those processes free the slots, nothing is retried, and the counts add up.
const onPostgres = Boolean(process.env.DATABASE_URL);

describe.skipIf(!onPostgres)('cancel with three workers on PostgreSQL', () => {
  let turns: TurnSite;
  let site: FixtureSite;
  let dbUrl: string;
  let drop: () => Promise<void>;
  const procs: Started[] = [];
  let api: ReturnType<typeof apiClient>;

  const env = () =>
    engineProcessEnv(dbUrl, TEST_KEY, {
      QUARRY_WORKER_CONCURRENCY: '2',
      QUARRY_HOST_CONCURRENCY: '6',
      QUARRY_HOST_DELAY_MS: '0',
      QUARRY_MAX_PAGES: '0',
      QUARRY_FETCH_TIMEOUT_MS: '120000',
      QUARRY_RUN_TIMEOUT_MS: '120000',
      QUARRY_RESEARCH_THREADS: '0',
    });

  beforeAll(async () => {
    turns = await startTurnSite();
    site = await startFixtureSite();
    const db = await createScratchDatabase(process.env.DATABASE_URL!);
    dbUrl = db.url;
    drop = db.drop;
    const apiProc = await startApiProcess(env());
    procs.push(apiProc);
    api = apiClient(apiProc.url!, TEST_KEY);
    for (let i = 0; i < 3; i++) procs.push(await startWorkerProcess(env()));
  }, 120_000);

  afterAll(async () => {
    for (const p of procs) await stopProcess(p, 'SIGKILL');
    await turns?.close();
    await site?.close();
    await drop?.();
  });

  const batch = async (id: string) => (await api.get(`/v0/batches/${id}`)).body.data;
  const launch = async (taskId: string, urls: string[], tag: string) => {
    const rows = urls.map((u, n) => ({ data_uuid: `${tag}${n}`, inputs: [u] }));
    const created = await api.post('/v0.1/batches', {
      form: batchForm({ task_id: taskId }, jsonlFile(rows)),
    });
    expect(created.status).toBe(201);
    return created.body.data.batch_id as string;
  };

  it('removes the jobs waiting in other processes, frees their slots, retries nothing; counts exact', async () => {
    const taskId = await createContactTask(api);
    // Six rows, six slots over three processes: every row claimed, each waiting for its turn.
    const a = await launch(
      taskId,
      Array.from({ length: 6 }, (_, n) => turns.url(n)),
      'a',
    );
    await waitFor(async () => (turns.pagesRequested() >= 2 ? true : undefined), 60_000, 20);
    const seen = (await api.get(`/v0.1/batches/${a}/rows?limit=100`)).body.data.counts;
    expect(seen.running).toBeLessThanOrEqual(turns.pagesRequested());
    expect(seen.running + seen.pending).toBe(6);

    const b = await launch(
      taskId,
      Array.from({ length: 6 }, (_, n) => `${site.url}/co/${n}/`),
      'b',
    );
    const cancel = await api.post(`/v0.1/batches/${a}/cancel`);
    expect(cancel.status).toBe(200);
    const started = turns.pagesRequested();
    expect(cancel.body.data.jobs_removed).toBe(6 - started);

    // The other batch finishes in the freed slots while the first one's running jobs are held open.
    await waitFor(async () => ((await batch(b)).completed ? true : undefined), 60_000, 100);
    expect(await batch(b)).toMatchObject({ job_status: 'COMPLETED', jobs_completed: 6 });
    expect(await batch(a)).toMatchObject({ job_status: 'CANCELLING', jobs_removed: 6 - started });
    expect(turns.pagesRequested()).toBe(started);

    turns.release(503);
    const done = await waitFor(
      async () => {
        const s = await batch(a);
        return s.completed ? s : undefined;
      },
      60_000,
      100,
    );
    expect(done).toMatchObject({
      job_status: 'CANCELLED',
      jobs_completed: started,
      jobs_failed: started,
      jobs_removed: 6 - started,
      jobs_added: 6,
    });
    for (const hits of turns.pageHits.values()) expect(hits).toBe(1);
    expect(turns.pagesRequested()).toBe(started);
  }, 180_000);
});
