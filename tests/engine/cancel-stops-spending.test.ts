import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFixtureSite, type FixtureSite } from '../fixtures/site/server';
import { apiClient, batchForm, createContactTask, jsonlFile, waitFor } from '../support/api';
import { startTestEngine, type TestEngine } from '../support/engine-harness';
import { startTurnSite, type TurnSite } from '../support/turn-site';

// Issue 31, item 4: a cancel stops spending. A claimed job runs only from its first page request;
// jobs claimed and waiting for a Crawl-delay turn read as pending, a cancel removes them and frees
// their slots at once, no job of a cancelled batch is retried, and a job still running when the
// cancel's grace ends is stopped. On both stores (npm test runs this file on each).

const ENV = {
  QUARRY_WORKER_CONCURRENCY: '6',
  QUARRY_HOST_CONCURRENCY: '6',
  QUARRY_HOST_DELAY_MS: '0',
  // One page per job: each job's only request is the one its turn is for.
  QUARRY_MAX_PAGES: '0',
  // Held pages answer when the test says; nothing else may end them first.
  QUARRY_FETCH_TIMEOUT_MS: '120000',
  QUARRY_RUN_TIMEOUT_MS: '120000',
  QUARRY_RESEARCH_THREADS: '2',
};

type Api = ReturnType<typeof apiClient>;

async function launch(api: Api, taskId: string, urls: string[], tag: string): Promise<string> {
  const rows = urls.map((u, n) => ({ data_uuid: `${tag}${n}`, inputs: [u] }));
  const created = await api.post('/v0.1/batches', { form: batchForm({ task_id: taskId }, jsonlFile(rows)) });
  expect(created.status).toBe(201);
  return created.body.data.batch_id;
}

const batch = async (api: Api, id: string) => (await api.get(`/v0/batches/${id}`)).body.data;
/** The batch once it completed (CANCELLED or COMPLETED). */
const finished = (api: Api, id: string) =>
  waitFor(async () => {
    const s = await batch(api, id);
    return s.completed ? s : undefined;
  }, 30_000);
const listing = async (api: Api, id: string) =>
  (await api.get(`/v0.1/batches/${id}/rows?limit=100`)).body.data;

describe('cancel of a batch whose jobs wait for a Crawl-delay turn', () => {
  let t: TestEngine;
  let turns: TurnSite;
  let site: FixtureSite;
  let api: Api;
  let taskId: string;
  beforeAll(async () => {
    turns = await startTurnSite();
    site = await startFixtureSite();
    t = await startTestEngine({ env: ENV });
    api = apiClient(t.url, t.key);
    taskId = await createContactTask(api);
  });
  afterAll(async () => {
    await t?.close();
    await turns?.close();
    await site?.close();
  });

  it('removes the waiting jobs, frees their slots for another batch at once, and retries nothing', async () => {
    // Eight rows on the Crawl-delay host: six claimed at once (every slot), taking turns a second apart.
    const a = await launch(
      api,
      taskId,
      Array.from({ length: 8 }, (_, n) => turns.url(n)),
      'a',
    );
    await waitFor(async () => (turns.pagesRequested() >= 2 ? true : undefined), 30_000, 20);

    // Claimed and waiting for a turn reads as pending: only the jobs whose page was requested run.
    const before = turns.pagesRequested();
    const seen = await listing(api, a);
    // A job counted running may have crossed its gate with its request still on the way.
    await new Promise((r) => setTimeout(r, 250));
    const after = turns.pagesRequested();
    expect(seen.counts.running).toBeGreaterThanOrEqual(before);
    expect(seen.counts.running).toBeLessThanOrEqual(after);
    expect(seen.counts.pending).toBe(8 - seen.counts.running);
    const runningRows = seen.rows.filter((r: { status: string }) => r.status === 'running');
    expect(runningRows).toHaveLength(seen.counts.running);
    for (const r of runningRows) expect(turns.pageHits.get(String(r.seq))).toBe(1);

    // Another batch, on another host, behind it: every slot is held by the first batch's jobs.
    const b = await launch(
      api,
      taskId,
      Array.from({ length: 6 }, (_, n) => `${site.url}/co/${n}/`),
      'b',
    );
    expect((await batch(api, b)).jobs_completed).toBe(0);

    const cancel = await api.post(`/v0.1/batches/${a}/cancel`);
    expect(cancel.status).toBe(200);
    const started = turns.pagesRequested();
    expect(cancel.body.data.jobs_removed).toBe(8 - started);

    // The second batch runs to its end in the freed slots while the first one's running jobs are
    // still held open: nothing of the first batch kept its slot but those.
    await waitFor(async () => ((await batch(api, b)).completed ? true : undefined), 60_000);
    // (With one page per job, its answers may be not found: a finished row either way.)
    expect(await batch(api, b)).toMatchObject({ job_status: 'COMPLETED', jobs_completed: 6 });
    const cancelling = await batch(api, a);
    expect(cancelling).toMatchObject({ job_status: 'CANCELLING', jobs_removed: 8 - started });
    expect((await listing(api, a)).counts).toEqual({
      total: 8,
      succeeded: 0,
      failed: 0,
      removed: 8 - started,
      running: started,
      pending: 0,
    });
    // No page was requested after the cancel answered.
    expect(turns.pagesRequested()).toBe(started);

    // The running jobs then fail transiently (503), and are not retried: their batch was cancelled.
    turns.release(503);
    const done = await finished(api, a);
    expect(done).toMatchObject({
      job_status: 'CANCELLED',
      jobs_completed: started,
      jobs_failed: started,
      jobs_removed: 8 - started,
      jobs_added: 8,
    });
    expect(done.jobs_completed + done.jobs_removed).toBe(done.jobs_added);
    for (const hits of turns.pageHits.values()) expect(hits).toBe(1);
    const rows = (await listing(api, a)).rows as { status: string; error: string | null }[];
    expect(rows.filter((r) => r.status === 'removed')).toHaveLength(8 - started);
    for (const r of rows.filter((x) => x.status === 'failed')) {
      expect(r.error).toMatch(/not retried: its batch was cancelled/);
    }
  }, 120_000);
});

describe('a cancelled batch whose running jobs do not finish', () => {
  let t: TestEngine;
  let turns: TurnSite;
  let api: Api;
  beforeAll(async () => {
    turns = await startTurnSite();
    t = await startTestEngine({ env: { ...ENV, QUARRY_CANCEL_GRACE_MS: '2000' } });
    api = apiClient(t.url, t.key);
  });
  afterAll(async () => {
    await t?.close();
    await turns?.close();
  });

  it('stops them when the grace ends: the batch reaches CANCELLED with its pages still held', async () => {
    const taskId = await createContactTask(api);
    const id = await launch(api, taskId, [0, 1, 2].map(turns.url), 'g');
    await waitFor(async () => (turns.pagesRequested() >= 1 ? true : undefined), 30_000, 20);
    const cancel = await api.post(`/v0.1/batches/${id}/cancel`);
    const started = turns.pagesRequested();
    expect(cancel.body.data.jobs_removed).toBe(3 - started);
    // The held pages never answer: only the grace (2 s here) can end their jobs.
    const done = await finished(api, id);
    expect(done).toMatchObject({
      job_status: 'CANCELLED',
      jobs_completed: started,
      jobs_failed: started,
      jobs_removed: 3 - started,
    });
    const failed = (await listing(api, id)).rows.filter((r: { status: string }) => r.status === 'failed');
    expect(failed).toHaveLength(started);
    for (const r of failed) expect(r.error).toMatch(/stopped: its batch was cancelled/);
    expect(turns.pagesRequested()).toBe(started);
    turns.release();
  }, 60_000);
});
