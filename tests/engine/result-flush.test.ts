import { afterAll, beforeAll, expect, it } from 'vitest';
import { Worker } from '@/lib/engine/queue/worker';
import { loadDefinition } from '@/lib/engine/tasks/queries';
import { startFixtureSite, type FixtureSite } from '../fixtures/site/server';
import { apiClient, batchForm, createContactTask, jsonlFile, waitFor } from '../support/api';
import { startTestEngine, type TestEngine } from '../support/engine-harness';

// Results are group-committed: each waits a little for others to share its statement (worker.ts).
// When nothing is running or ready any more (a batch's last jobs), none will come, and the batch
// must not wait for the delay to be completed. Here the delay is ten minutes.
let t: TestEngine;
let site: FixtureSite;
let api: ReturnType<typeof apiClient>;
let worker: Worker;
let taskId: string;
beforeAll(async () => {
  site = await startFixtureSite();
  t = await startTestEngine({ env: { QUARRY_WORKER: 'off' }, overrides: { startWorker: false } });
  api = apiClient(t.url, t.key);
  taskId = await createContactTask(api);
  const { definition } = await loadDefinition(t.engine.db, taskId);
  worker = new Worker({
    db: t.engine.db,
    research: t.engine.research,
    loadDefinition: async () => definition,
    allowPrivate: true,
    concurrency: 4,
    hostCap: 4,
    leaseMs: 30_000,
    maxAttempts: 3,
    jobTimeoutMs: 30_000,
    soleClaimer: t.engine.store.kind === 'pglite',
    flushDelayMs: 600_000,
  });
  worker.start();
});
afterAll(async () => {
  await worker?.stop();
  await t?.close();
  await site?.close();
});

it("a batch's last results are written as soon as the worker has nothing left to run", async () => {
  const rows = Array.from({ length: 6 }, (_, n) => ({ data_uuid: `f${n}`, inputs: [`${site.url}/co/${500 + n}/`] }));
  const created = await api.post('/v0.1/batches', { form: batchForm({ task_id: taskId }, jsonlFile(rows)) });
  expect(created.status).toBe(201);
  worker.wake();
  const id = created.body.data.batch_id as string;
  const done = await waitFor(async () => {
    const b = (await api.get(`/v0/batches/${id}`)).body.data;
    return b.completed ? b : undefined;
  }, 20_000);
  expect(done).toMatchObject({ job_status: 'COMPLETED', jobs_completed: 6, jobs_failed: 0 });
});
