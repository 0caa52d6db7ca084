// A new batch's estimated start and finish follow the queue ahead of it: the jobs other active
// batches have left, claimed round-robin, at the configured rate before anything has run
// (concurrency / 2 s). No worker runs here, so nothing moves while the test reads the estimates.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, batchForm, jsonlFile } from '../support/api';
import { startTestEngine, type TestEngine } from '../support/engine-harness';

const CONCURRENCY = 4; // 2 jobs/s before any batch has run
let t: TestEngine;
let api: ReturnType<typeof apiClient>;
let taskId: string;

beforeAll(async () => {
  t = await startTestEngine({ env: { QUARRY_WORKER_CONCURRENCY: String(CONCURRENCY) }, overrides: { startWorker: false } });
  api = apiClient(t.url, t.key);
  const created = await api.post('/v0.1/tasks/create', { json: { description: 'Find the contact email of a company website' } });
  taskId = created.body.data.task_id;
});
afterAll(async () => {
  await t?.close();
});

const rows = (prefix: string, n: number) =>
  Array.from({ length: n }, (_, i) => ({ data_uuid: `${prefix}-${i}`, inputs: [`https://example.com/${prefix}/${i}`] }));

/** Seconds from the request to each estimate. */
async function upload(prefix: string, n: number) {
  const before = Date.now();
  const r = await api.post('/v0.1/batches', { form: batchForm({ task_id: taskId }, jsonlFile(rows(prefix, n))) });
  expect(r.status).toBe(201);
  const d = r.body.data as { estimated_time_to_start: string; estimated_time_to_complete: string };
  return {
    start: (Date.parse(d.estimated_time_to_start) - before) / 1000,
    complete: (Date.parse(d.estimated_time_to_complete) - before) / 1000,
  };
}

describe('batch estimates', () => {
  it('an empty queue: starts now, finishes after its own jobs', async () => {
    const e = await upload('a', 10);
    expect(e.start).toBeLessThan(1);
    expect(e.complete).toBeGreaterThan(10 / 2 - 1); // 10 jobs at 2 jobs/s
    expect(e.complete).toBeLessThan(10 / 2 + 1);
  });

  it('behind other batches: waits a round of claims, and shares the queue round-robin', async () => {
    await upload('b', 30);
    // Ahead: 10 (a) and 30 (b) jobs. It starts after one round (min(40, concurrency) jobs) and
    // finishes after min(10, 6) + min(30, 6) + 6 = 18 jobs.
    const e = await upload('c', 6);
    expect(e.start).toBeGreaterThan(CONCURRENCY / 2 - 1);
    expect(e.start).toBeLessThan(CONCURRENCY / 2 + 1);
    expect(e.complete).toBeGreaterThan(18 / 2 - 1);
    expect(e.complete).toBeLessThan(18 / 2 + 1);
  });
});
