import { Worker, type WorkerOptions } from '@/lib/engine/queue/worker';
import { loadDefinition } from '@/lib/engine/tasks/queries';
import { startFixtureSite, type FixtureSite } from '../fixtures/site/server';
import { apiClient, createContactTask } from './api';
import { startTestEngine, type TestEngine } from './engine-harness';

/** Worker settings a test chooses; the store, research and task come from the engine. */
export type OwnWorkerOptions = Partial<Omit<WorkerOptions, 'db' | 'research' | 'loadDefinition'>>;

export interface OwnWorker {
  t: TestEngine;
  site: FixtureSite;
  api: ReturnType<typeof apiClient>;
  taskId: string;
  worker: Worker;
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
    research: t.engine.research,
    loadDefinition: async () => definition,
    allowPrivate: true,
    concurrency: 4,
    hostCap: 4,
    leaseMs: 30_000,
    maxAttempts: 3,
    jobTimeoutMs: 30_000,
    soleClaimer: t.engine.store.kind === 'pglite',
    ...options,
  });
  worker.start();
  return {
    t,
    site,
    api,
    taskId,
    worker,
    async close() {
      await worker.stop();
      await t.close();
      await site.close();
    },
  };
}
