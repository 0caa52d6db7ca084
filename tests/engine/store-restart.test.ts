import { spawnSync } from 'node:child_process';
import path from 'node:path';
import pg from 'pg';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFixtureSite, type FixtureSite } from '../fixtures/site/server';
import { apiClient, batchForm, createContactTask, jsonlFile, waitFor } from '../support/api';
import { createScratchDatabase, TEST_KEY } from '../support/engine-harness';
import { startScript, stopProcess, type Started } from '../support/processes';
import { startWebhookReceiver } from '../support/webhook-receiver';

// Issue 6: PostgreSQL restarted in the middle of a batch is retried, not fatal — for the worker's
// claims and result writes, the webhook dispatcher and the API process. Needs the throwaway cluster
// of scripts/with-postgres.sh, which says where its data directory and pg_ctl are.
const pgCtl = process.env.QUARRY_TEST_PG_CTL;
const pgData = process.env.QUARRY_TEST_PG_DATA;
const canRestart = Boolean(process.env.DATABASE_URL && pgCtl && pgData);

function restartPostgres(): void {
  // The restarted server logs to a file: a server inheriting our pipes would keep spawnSync waiting.
  const args = [
    '-D',
    pgData!,
    '-l',
    path.join(path.dirname(pgData!), 'restart.log'),
    '-m',
    'fast',
    '-w',
    'restart',
  ];
  const runAs = process.env.QUARRY_TEST_PG_RUNAS;
  const r = runAs
    ? spawnSync('runuser', ['-u', runAs, '--', pgCtl!, ...args], { stdio: 'ignore' })
    : spawnSync(pgCtl!, args, { stdio: 'ignore' });
  if (r.status !== 0) throw new Error(`pg_ctl restart failed with ${r.status}`);
}

describe.skipIf(!canRestart)('PostgreSQL restarted during a batch', () => {
  let site: FixtureSite;
  let hooks: Awaited<ReturnType<typeof startWebhookReceiver>>;
  let dbUrl: string;
  let drop: () => Promise<void>;
  let api: ReturnType<typeof apiClient>;
  let apiProc: Started;
  let worker: Started;

  const env = (extra: Record<string, string> = {}): NodeJS.ProcessEnv => ({
    ...process.env,
    DATABASE_URL: dbUrl,
    QUARRY_API_KEY: TEST_KEY,
    QUARRY_ALLOW_PRIVATE_URLS: '1',
    QUARRY_WORKER_CONCURRENCY: '8',
    QUARRY_HOST_CONCURRENCY: '8',
    QUARRY_RESEARCH_THREADS: '0',
    QUARRY_HOST_DELAY_MS: '0',
    QUARRY_WEBHOOK_BACKOFF_MS: '200',
    // The poller below asks as fast as answers come; on a slow run that passed the per-key limit and
    // the last answer was a 429. This test is about the store going away, not about rate limits.
    QUARRY_RATE_LIMIT_PER_MIN: '0',
    PORT: '0',
    ...extra,
  });

  beforeAll(async () => {
    site = await startFixtureSite();
    hooks = await startWebhookReceiver();
    const scratch = await createScratchDatabase(process.env.DATABASE_URL!);
    dbUrl = scratch.url;
    drop = scratch.drop;
    apiProc = await startScript(
      'scripts/serve-engine.ts',
      env({ QUARRY_WORKER: 'off' }),
      /listening on (http:\/\/\S+)/,
    );
    worker = await startScript('scripts/worker.ts', env(), /worker (\S+) running/);
    api = apiClient(apiProc.url!, TEST_KEY);
  }, 120_000);

  afterAll(async () => {
    await stopProcess(worker, 'SIGKILL');
    await stopProcess(apiProc, 'SIGKILL');
    await hooks?.close();
    await site?.close();
    await drop?.();
  });

  it('the batch completes with one result per row, its webhook arrives, and both processes live on', async () => {
    const taskId = await createContactTask(api);
    const rows = Array.from({ length: 400 }, (_, n) => ({
      data_uuid: `r${n}`,
      inputs: [`${site.url}/slow/40/co/${n}/`],
    }));
    const created = await api.post('/v0.1/batches', {
      form: batchForm({ task_id: taskId, webhook_url: hooks.url }, jsonlFile(rows)),
    });
    expect(created.status).toBe(201);
    const batchId = created.body.data.batch_id;
    await waitFor(
      async () => (await api.get(`/v0/batches/${batchId}`)).body.data.jobs_completed >= 40 || undefined,
      60_000,
    );

    // Keep the API busy through the restart: requests may fail while the store is down, never the process.
    let polling = true;
    const statuses: number[] = [];
    const poller = (async () => {
      while (polling) {
        try {
          statuses.push((await api.get(`/v0/batches/${batchId}`)).status);
        } catch {
          statuses.push(0);
        }
      }
    })();
    restartPostgres();

    let last: { status: number; body: unknown } | null = null;
    const done = await waitFor(
      async () => {
        const r = await api.get(`/v0/batches/${batchId}`);
        last = { status: r.status, body: r.body };
        return r.status === 200 && r.body.data.completed ? r.body.data : undefined;
      },
      120_000,
      100,
    ).catch((err: Error) => {
      // What each side saw, so a run that never finishes says where it stopped.
      throw new Error(
        `${err.message}\nlast answer: ${JSON.stringify(last)}\n--- worker ---\n${worker.output().slice(-4000)}\n--- api ---\n${apiProc.output().slice(-2000)}`,
      );
    });
    polling = false;
    await poller;
    expect(done).toMatchObject({
      job_status: 'COMPLETED',
      jobs_added: 400,
      jobs_completed: 400,
      jobs_failed: 0,
    });
    expect(statuses.at(-1)).toBe(200);
    expect(statuses).not.toContain(0); // the API process answered every request, if only with an error
    // …and an error while the store was down is a retryable 503, not a 500.
    expect(statuses.filter((s) => s !== 200 && s !== 503)).toEqual([]);

    // The restart was noticed (connections were cut), and neither process exited over it.
    expect(worker.output()).toMatch(
      /postgres pool error|claim failed|will retry|renewal failed|terminating connection/,
    );
    expect(worker.child.exitCode).toBeNull();
    expect(apiProc.child.exitCode).toBeNull();

    const client = new pg.Client({ connectionString: dbUrl });
    await client.connect();
    const counts = await client.query(
      `SELECT count(*)::int AS n, count(DISTINCT data_uuid)::int AS d FROM jobs WHERE batch_id = $1 AND state = 'succeeded'`,
      [batchId],
    );
    const secret = await client.query<{ value: string }>(
      `SELECT value #>> '{}' AS value FROM settings WHERE key = 'webhook_secret'`,
    );
    await client.end();
    expect(counts.rows[0]).toEqual({ n: 400, d: 400 });

    const hook = await waitFor(async () => hooks.received.find((h) => h.json?.batch_id === batchId), 60_000);
    expect(hook.json.data).toHaveLength(400);
    expect(() =>
      new Webhook(secret.rows[0]!.value).verify(hook.body, hook.headers as Record<string, string>),
    ).not.toThrow();
  }, 300_000);
});
