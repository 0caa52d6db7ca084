import { afterAll, beforeAll, expect, it } from 'vitest';
import { startFixtureSite, type FixtureSite } from '../fixtures/site/server';
import { apiClient, batchForm, createContactTask, jsonlFile, waitFor } from '../support/api';
import { startTestEngine, type TestEngine } from '../support/engine-harness';

// Batches take turns (claim.ts: least recently claimed first, an equal share each). On the embedded
// store the worker also keeps claimed jobs ready, more of them for fast jobs (queue/ready-size.ts), and
// a batch uploaded behind them waits for those: about 100 ms of work, never the rest of the batch.
let t: TestEngine;
let site: FixtureSite;
let api: ReturnType<typeof apiClient>;
beforeAll(async () => {
  site = await startFixtureSite();
  t = await startTestEngine({
    env: { QUARRY_WORKER_CONCURRENCY: '2', QUARRY_HOST_CONCURRENCY: '2', QUARRY_HOST_DELAY_MS: '0' },
  });
  api = apiClient(t.url, t.key);
});
afterAll(async () => {
  await t?.close();
  await site?.close();
});

async function upload(taskId: string, prefix: string, first: number, n: number): Promise<string> {
  const rows = Array.from({ length: n }, (_, i) => ({
    data_uuid: `${prefix}${i}`,
    inputs: [`${site.url}/co/${first + i}/contact`],
  }));
  const created = await api.post('/v0.1/batches', { form: batchForm({ task_id: taskId }, jsonlFile(rows)) });
  expect(created.status).toBe(201);
  return created.body.data.batch_id;
}

/** The company numbers of the fixture pages requested so far, in the order of their first request. */
function companiesInOrder(): number[] {
  const seen: number[] = [];
  for (const path of site.hits.keys()) {
    const m = /^\/co\/(\d+)\//.exec(path);
    if (m && !seen.includes(Number(m[1]))) seen.push(Number(m[1]));
  }
  return seen;
}

it('a batch uploaded behind a long one of fast jobs gets its turn within a ready list of jobs', async () => {
  const taskId = await createContactTask(api);
  const long = await upload(taskId, 'a', 10_000, 1_500);
  // Enough of its jobs ended for the worker to size its ready list for fast jobs.
  await waitFor(
    async () => (await api.get(`/v0/batches/${long}`)).body.data.jobs_completed >= 100 || undefined,
  );

  const before = companiesInOrder().length;
  const short = await upload(taskId, 'b', 20_000, 10);
  const done = await waitFor(async () => {
    const b = (await api.get(`/v0/batches/${short}`)).body.data;
    return b.completed ? b : undefined;
  });
  expect(done).toMatchObject({ job_status: 'COMPLETED', jobs_completed: 10 });
  const longNow = (await api.get(`/v0/batches/${long}`)).body.data;
  expect(longNow.completed).toBe(false);

  // Pages of the long batch first requested after the short one was sent and before its first page:
  // the ready list (at most 8 × 2 jobs), the 2 running, those started while the upload was read, and
  // one claim's share. Without turns the short batch would wait for the ~1,300 rows left.
  const order = companiesInOrder();
  const firstShort = order.findIndex((n) => n >= 20_000);
  expect(firstShort).toBeGreaterThanOrEqual(before);
  const longBetween = order.slice(before, firstShort).filter((n) => n < 20_000).length;
  expect(longBetween).toBeLessThanOrEqual(60);
  // Once started, the two batches share the slots: the short one's ten rows are not queued behind a
  // second ready list of the long one.
  const lastShort = order.reduce((at, n, i) => (n >= 20_000 ? i : at), -1);
  expect(order.slice(firstShort, lastShort).filter((n) => n < 20_000).length).toBeLessThanOrEqual(60);

  await api.post(`/v0.1/batches/${long}/cancel`);
  await waitFor(async () => (await api.get(`/v0/batches/${long}`)).body.data.completed || undefined);
});
