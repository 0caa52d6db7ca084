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
  t = await startTestEngine({
    env: { QUARRY_WORKER_CONCURRENCY: String(CONCURRENCY) },
    overrides: { startWorker: false },
  });
  api = apiClient(t.url, t.key);
  const created = await api.post('/v0.1/tasks/create', {
    json: { description: 'Find the contact email of a company website' },
  });
  taskId = created.body.data.task_id;
});
afterAll(async () => {
  await t?.close();
});

const rows = (prefix: string, n: number) =>
  Array.from({ length: n }, (_, i) => ({
    data_uuid: `${prefix}-${i}`,
    inputs: [`https://example.com/${prefix}/${i}`],
  }));

/**
 * The estimates as instants, and when the request went and the answer came: the server's "now" the
 * estimates count from lies between the two, however long the upload took.
 */
async function upload(prefix: string, n: number) {
  const before = Date.now();
  const r = await api.post('/v0.1/batches', {
    form: batchForm({ task_id: taskId }, jsonlFile(rows(prefix, n))),
  });
  const after = Date.now();
  expect(r.status).toBe(201);
  const d = r.body.data as { estimated_time_to_start: string; estimated_time_to_complete: string };
  return {
    before,
    after,
    start: Date.parse(d.estimated_time_to_start),
    complete: Date.parse(d.estimated_time_to_complete),
  };
}

/** `at` is `seconds` after the server's "now", which was between the request and the answer. */
function expectSecondsAfterNow(at: number, seconds: number, e: { before: number; after: number }) {
  expect(at - seconds * 1000).toBeGreaterThanOrEqual(e.before);
  expect(at - seconds * 1000).toBeLessThanOrEqual(e.after);
}

describe('batch estimates', () => {
  it('an empty queue: starts now, finishes after its own jobs', async () => {
    const e = await upload('a', 10);
    expectSecondsAfterNow(e.start, 0, e);
    expect((e.complete - e.start) / 1000).toBeCloseTo(10 / 2, 2); // 10 jobs at 2 jobs/s
  });

  it('behind other batches: waits a round of claims, and shares the queue round-robin', async () => {
    await upload('b', 30);
    // Ahead: 10 (a) and 30 (b) jobs. It starts after one round (min(40, concurrency) jobs) and
    // finishes after min(10, 6) + min(30, 6) + 6 = 18 jobs.
    const e = await upload('c', 6);
    expectSecondsAfterNow(e.start, CONCURRENCY / 2, e);
    expect((e.complete - e.start) / 1000).toBeCloseTo((18 - CONCURRENCY) / 2, 2);
  });
});
