import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { queryRows } from './db/query-rows';
import type { TaskDefinition } from '@/lib/contract/task-definition';
import { loadConfig, type EngineConfig } from './config';
import { openStore, type Db, type Store } from './db/client';
import { taskVersions } from './db/schema';
import { ensureBootstrapKey } from './auth/bootstrap-key';
import { createResearchPool } from './research/pool/research-pool';
import type { Research } from './tasks/execute';
import { Worker } from './queue/worker';
import { sweepAbandonedIngests } from './queue/reaper';
import type { JobStore } from './queue/job-store';
import { BlockJobStore } from './queue/block-job-store';
import { RowJobStore } from './queue/row-job-store';
import { createWebhookDispatcher } from './webhooks/dispatcher';
import { enqueueDueCompletionWebhooks } from './webhooks/enqueue-due';
import { generateWebhookSecret } from './webhooks/sign';
import { getOrCreateSetting, getSetting } from './settings';
import { createPlanner, type Planner } from './llm/model-planner';
import { storeTurns } from './queue/host-turns';
import { listenForRevocations } from './auth/revocation-listener';
import { SPOOL_STALE_MS, sweepUploadSpools } from './http/spool-sweep';
import { MonitorScheduler } from './monitors/scheduler';
import { buildChangeEvent, CHANGE_EVENT_KIND, queueChangeAlert } from './monitors/alerts';

export interface Engine {
  config: EngineConfig;
  store: Store;
  db: Db;
  research: Research;
  /** Plans and edits task definitions: the configured model, or the offline planner. */
  planner: Planner;
  /** The queue discipline of this store (queue/job-store.ts): its workers claim and cancels run through it. */
  jobs: JobStore;
  worker: Worker | null;
  /** Starts monitor runs and compares finished ones; in every process that runs a worker. */
  monitors: MonitorScheduler | null;
  /** The engine's clock: monitor schedules read it (tests move it). */
  now(): Date;
  webhooks: ReturnType<typeof createWebhookDispatcher>;
  apiKey: string;
  webhookSecret: string;
  uploadDir: string;
  wakeWorker(): void;
  afterBigWrite(rows: number): void;
  close(): Promise<void>;
}

export interface EngineOverrides {
  research?: Research;
  startWorker?: boolean;
  /**
   * False for a process that serves no API (`npm run worker`): it verifies no keys, so it keeps no
   * key cache to drop and opens no revocation listener (one PostgreSQL connection fewer per worker).
   */
  servesApi?: boolean;
  /** The clock monitor schedules read (tests pass a fake one). */
  now?: () => Date;
}

const VACUUM_EVERY_MS = 10 * 60_000;
const BIG_WRITE_ROWS = 10_000;

export async function createEngine(config: EngineConfig, overrides: EngineOverrides = {}): Promise<Engine> {
  const store = await openStore({ dataDir: config.dataDir, databaseUrl: config.databaseUrl });
  const db = store.db;
  const apiKey = await ensureBootstrapKey(db, config.dataDir, config.bootstrapApiKey);
  // Other processes may revoke keys on PostgreSQL: hear of it at once (auth/key-cache.ts).
  const revocations =
    store.kind === 'postgres' && config.databaseUrl && overrides.servesApi !== false
      ? await listenForRevocations(config.databaseUrl)
      : null;
  const webhookSecret =
    config.webhookSecret ?? (await getOrCreateSetting(db, 'webhook_secret', generateWebhookSecret));

  // The embedded store is exclusive to this process (lock file), so anything "running" is left over
  // from a process that died: put it back now instead of waiting for leases to expire.
  const exclusive = store.kind === 'pglite';
  // Chosen once: the embedded store's worker is its only claimer (block store); workers sharing
  // PostgreSQL each hold their jobs by row and lease (row store).
  const jobs: JobStore = exclusive ? new BlockJobStore(db) : new RowJobStore(db);
  const uploadDir = path.join(config.dataDir, 'uploads');
  sweepUploadSpools(uploadDir, exclusive ? 0 : SPOOL_STALE_MS);
  await sweepAbandonedIngests(db, exclusive);
  await jobs.recoverAtStart(config.maxAttempts);
  await enqueueDueCompletionWebhooks(db);

  // Research runs on worker threads (researchThreads > 0) so parsing does not compete with the
  // HTTP server and the single-threaded store on this one.
  const researcher = overrides.research
    ? null
    : createResearchPool({
        threads: config.researchThreads,
        heapMb: config.researchHeapMb,
        options: {
          allowPrivate: config.allowPrivateUrls,
          timeoutMs: config.fetchTimeoutMs,
          maxBytes: 5 * 1024 * 1024,
          maxPages: config.maxPages,
          userAgent: 'QuarryBot/0.1 (+https://github.com/quarry)',
          hostDelayMs: config.hostDelayMs,
          // On PostgreSQL other processes read the same hosts: Crawl-delay turns are booked in the store.
          ...(store.kind === 'postgres' ? { crawlTurns: storeTurns(db) } : {}),
          browser: config.browser,
          ...(config.llm ? { llm: config.llm } : {}),
        },
      });
  const research: Research = overrides.research ?? researcher!.research;

  const webhooks = createWebhookDispatcher({
    db,
    // Read per attempt (unless the environment pins it), so a rotation in the dashboard applies at once.
    secret:
      config.webhookSecret ?? (async () => (await getSetting<string>(db, 'webhook_secret')) ?? webhookSecret),
    allowPrivate: config.allowPrivateUrls,
    ...(config.webhookBackoffMs !== undefined ? { backoffMs: () => config.webhookBackoffMs! } : {}),
    payloads: { [CHANGE_EVENT_KIND]: buildChangeEvent },
  });

  const definitions = new Map<string, TaskDefinition>();
  const loadDefinition = async (taskId: string, version: number) => {
    const key = `${taskId}@${version}`;
    const cached = definitions.get(key);
    if (cached) return cached; // versions are immutable, so the cache never goes stale
    const [row] = await db
      .select({ definition: taskVersions.definition })
      .from(taskVersions)
      .where(and(eq(taskVersions.taskId, taskId), eq(taskVersions.version, version)));
    if (!row) throw new Error(`task version ${key} not found`);
    definitions.set(key, row.definition);
    return row.definition;
  };

  const startWorker = overrides.startWorker ?? config.worker === 'embedded';
  const now = overrides.now ?? (() => new Date());
  let monitors: MonitorScheduler | null = null;
  const worker = startWorker
    ? new Worker({
        db,
        jobs,
        research,
        loadDefinition,
        allowPrivate: config.allowPrivateUrls,
        concurrency: config.workerConcurrency,
        hostCap: config.hostConcurrency,
        leaseMs: config.leaseMs,
        maxAttempts: config.maxAttempts,
        jobTimeoutMs: config.runTimeoutMs,
        cancelGraceMs: config.cancelGraceMs,
        afterBatchesFinished: () => {
          webhooks.wake();
          // A monitor's batch may be among them: compare it now rather than at the next poll.
          monitors?.poll().catch((e) => console.error('[quarry] monitor scheduler:', (e as Error).message));
        },
        // On PostgreSQL, API and worker processes may be many: per-host caps count all of them.
        sharedHostLimits: store.kind === 'postgres',
      })
    : null;

  if (worker)
    monitors = new MonitorScheduler({
      db,
      now,
      pollMs: config.monitorPollMs,
      wake: () => worker.wake(),
      onCompared: queueChangeAlert,
      afterCompared: () => webhooks.wake(),
    });

  let writesSinceVacuum = 0;
  let vacuuming = false;
  const vacuum = () => {
    if (vacuuming) return;
    vacuuming = true;
    writesSinceVacuum = 0;
    store
      .vacuum()
      .catch((e) => console.error('[quarry] vacuum failed:', (e as Error).message))
      .finally(() => (vacuuming = false));
  };
  const vacuumTimer = setInterval(vacuum, VACUUM_EVERY_MS);
  vacuumTimer.unref();
  // Spools of a process that died while this one runs (a data directory shared on PostgreSQL).
  const spoolTimer = setInterval(() => sweepUploadSpools(uploadDir, SPOOL_STALE_MS), SPOOL_STALE_MS / 4);
  spoolTimer.unref();

  worker?.start();
  monitors?.start();
  if (startWorker) webhooks.start();

  let closed: Promise<void> | null = null;
  return {
    config,
    store,
    db,
    research,
    planner: createPlanner(config.llm),
    jobs,
    worker,
    monitors,
    now,
    webhooks,
    apiKey,
    webhookSecret,
    uploadDir,
    wakeWorker: () => worker?.wake(),
    afterBigWrite: (rows) => {
      writesSinceVacuum += rows;
      if (writesSinceVacuum >= BIG_WRITE_ROWS) vacuum();
    },
    close: () =>
      (closed ??= (async () => {
        clearInterval(vacuumTimer);
        clearInterval(spoolTimer);
        await monitors?.stop();
        await worker?.stop(config.workerStopDeadlineMs);
        await webhooks.stop();
        await researcher?.close();
        await revocations?.close();
        await store.close();
      })()),
  };
}

// One engine per process, kept on globalThis so Next's separately bundled route modules share it.
const KEY = Symbol.for('quarry.engine');
type Holder = { [KEY]?: Promise<Engine> };

export function getEngine(): Promise<Engine> {
  const g = globalThis as Holder;
  if (!g[KEY]) {
    g[KEY] = createEngine(loadConfig()).catch((err) => {
      delete g[KEY];
      throw err;
    });
    installShutdown();
  }
  return g[KEY];
}

let shutdownInstalled = false;
function installShutdown() {
  if (shutdownInstalled) return;
  shutdownInstalled = true;
  const shutdown = (signal: string) => {
    const g = globalThis as Holder;
    const pending = g[KEY];
    if (!pending) process.exit(0);
    console.log(`[quarry] ${signal}: finishing in-flight work and closing the store`);
    pending
      .then((e) => e.close())
      .catch((e) => console.error('[quarry] shutdown error:', e))
      .finally(() => process.exit(0));
  };
  process.once('SIGTERM', () => shutdown('SIGTERM'));
  process.once('SIGINT', () => shutdown('SIGINT'));
}

/** Make `engine` the process engine (tests and benchmarks that serve a specific instance). */
export function setProcessEngine(engine: Engine | null): void {
  const g = globalThis as Holder;
  if (engine) g[KEY] = Promise.resolve(engine);
  else delete g[KEY];
}
