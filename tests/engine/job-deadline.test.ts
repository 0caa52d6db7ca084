import { afterAll, beforeAll, expect, it } from 'vitest';
import { Worker } from '@/lib/engine/queue/worker';
import { loadDefinition } from '@/lib/engine/tasks/queries';
import { startFixtureSite, type FixtureSite } from '../fixtures/site/server';
import { apiClient, batchForm, createContactTask, jsonlFile, waitFor } from '../support/api';
import { startTestEngine, type TestEngine } from '../support/engine-harness';

// Every running job has the same time; one timer, set for the oldest job's deadline, stops them all
// (worker.ts). Jobs that start at different times, some fast and some past their time, must each be
// stopped at their own deadline and never a fast one.
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
    concurrency: 2,
    hostCap: 2,
    leaseMs: 30_000,
    maxAttempts: 1, // a timed-out job fails at once instead of being retried
    jobTimeoutMs: 800,
    soleClaimer: t.engine.store.kind === 'pglite',
  });
  worker.start();
});
afterAll(async () => {
  await worker?.stop();
  await t?.close();
  await site?.close();
});

it('each job past its time is stopped at its own deadline; jobs within it are not', async () => {
  // Two slots: the slow rows start in different waves, beside fast ones and after them.
  const slow = new Set([0, 2, 3, 6]);
  const rows = Array.from({ length: 8 }, (_, n) => ({
    data_uuid: `d${n}`,
    inputs: [slow.has(n) ? `${site.url}/slow/4000/co/${700 + n}/` : `${site.url}/co/${700 + n}/`],
  }));
  const created = await api.post('/v0.1/batches', { form: batchForm({ task_id: taskId }, jsonlFile(rows)) });
  expect(created.status).toBe(201);
  worker.wake();
  const id = created.body.data.batch_id as string;
  const done = await waitFor(async () => {
    const b = (await api.get(`/v0/batches/${id}`)).body.data;
    return b.completed ? b : undefined;
  }, 30_000);
  expect(done).toMatchObject({ job_status: 'COMPLETED', jobs_completed: 8, jobs_failed: slow.size });
  const listed = (await api.get(`/v0.1/batches/${id}/rows`)).body.data.rows as {
    data_uuid: string;
    status: string;
    error: string | null;
  }[];
  for (const [n, row] of listed.entries()) {
    expect(row.data_uuid).toBe(`d${n}`);
    if (slow.has(n)) {
      expect(row.status).toBe('failed');
      expect(row.error).toMatch(/did not finish within 1 s/);
    } else {
      expect(row.status).toBe('succeeded');
    }
  }
});
