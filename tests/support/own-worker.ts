import { expect } from 'vitest';
import { Worker, type WorkerOptions } from '@/lib/engine/queue/worker';
import { loadDefinition } from '@/lib/engine/tasks/queries';
import { startFixtureSite, type FixtureSite } from '../fixtures/site/server';
import { apiClient, batchForm, createContactTask, jsonlFile, waitFor } from './api';
import { startTestEngine, type TestEngine } from './engine-harness';

/** Worker settings a test chooses; the store, research and task come from the engine. */
export type OwnWorkerOptions = Partial<Omit<WorkerOptions, 'db' | 'jobs' | 'research' | 'loadDefinition'>>;

export interface OwnWorker {
  t: TestEngine;
  site: FixtureSite;
  api: ReturnType<typeof apiClient>;
  taskId: string;
  worker: Worker;
  /** Uploads `rows` as a batch of the contact task, wakes the worker and waits for the batch to complete. */
  runBatch(
    rows: { data_uuid: string; inputs: string[] }[],
    timeoutMs: number,
  ): Promise<{ id: string; done: any }>;
  close(): Promise<void>;
}

/**
 * An engine without its own worker, the fixture site, a contact task, and a queue worker built here
 * with the test's settings (a flush delay, a job timeout…) and started.
 */
export async function startOwnWorker(options: OwnWorkerOptions): Promise<OwnWorker> {
  const site = await startFixtureSite();
  const t = await startTestEngine({ env: { QUARRY_WORKER: 'off' }, overrides: { startWorker: false } });
  const api = apiClient(t.url, t.key);
  const taskId = await createContactTask(api);
  const { definition } = await loadDefinition(t.engine.db, taskId);
  const worker = new Worker({
    db: t.engine.db,
    jobs: t.engine.jobs,
    research: t.engine.research,
    loadDefinition: async () => definition,
    allowPrivate: true,
    concurrency: 4,
    hostCap: 4,
    leaseMs: 30_000,
    maxAttempts: 3,
    jobTimeoutMs: 30_000,
    ...options,
  });
  worker.start();
  return {
    t,
    site,
    api,
    taskId,
    worker,
    async runBatch(rows, timeoutMs) {
      const created = await api.post('/v0.1/batches', {
        form: batchForm({ task_id: taskId }, jsonlFile(rows)),
      });
      expect(created.status).toBe(201);
      worker.wake();
      const id = created.body.data.batch_id as string;
      const done = await waitFor(async () => {
        const b = (await api.get(`/v0/batches/${id}`)).body.data;
        return b.completed ? b : undefined;
      }, timeoutMs);
      return { id, done };
    },
    async close() {
      await worker.stop();
      await t.close();
      await site.close();
    },
  };
}
