import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { queryRows } from '@/lib/engine/db/query-rows';
import { batchRows, batches, jobs, resultBlocks } from '@/lib/engine/db/schema';
import { encodeBlock, type StoredRow } from '@/lib/engine/batches/row-block-format';
import { iterateHandedOut } from '@/lib/engine/batches/handed-out';
import { resultBlockRow } from '@/lib/engine/batches/result-blocks';
import { listBatchRows } from '@/lib/engine/batches/rows';
import { requeueInterrupted } from '@/lib/engine/queue/reaper';
import { loadDefinition } from '@/lib/engine/tasks/queries';
import { buildPayload } from '@/lib/engine/webhooks/payload';
import { startFixtureSite, type FixtureSite } from '../fixtures/site/server';
import { apiClient, batchForm, createContactTask, jsonlFile, waitFor } from '../support/api';
import { startTestEngine, type TestEngine } from '../support/engine-harness';
import { jobsAsRead } from '../support/job-states';

// The embedded store's sole claimer writes no job row for a job that starts at once
// (batches.rowless_claims): readers lay job rows and result blocks over the uploaded rows below the
// cursor, a retry or a put-back writes the job as a pending row, and start-up gives the jobs a dead
// process left without a row and without a result their pending row. On PostgreSQL every job has a
// row; the same reads and counts must hold there.
const embedded = !process.env.DATABASE_URL;
let site: FixtureSite;
let t: TestEngine;
let api: ReturnType<typeof apiClient>;
let taskId: string;
beforeAll(async () => {
  site = await startFixtureSite();
  t = await startTestEngine({
    env: { QUARRY_WORKER_CONCURRENCY: '2', QUARRY_HOST_CONCURRENCY: '2', QUARRY_HOST_DELAY_MS: '0' },
  });
  api = apiClient(t.url, t.key);
  taskId = await createContactTask(api);
});
afterAll(async () => {
  await t?.close();
  await site?.close();
});

const slowRows = (from: number, n: number) =>
  Array.from({ length: n }, (_, i) => ({
    data_uuid: `s${from + i}`,
    inputs: [`${site.url}/slow/600/co/${from + i}/`],
  }));

async function upload(
  rows: { data_uuid: string; inputs: string[] }[],
  engine = t,
  task = taskId,
): Promise<string> {
  const created = await apiClient(engine.url, engine.key).post('/v0.1/batches', {
    form: batchForm({ task_id: task }, jsonlFile(rows)),
  });
  expect(created.status).toBe(201);
  return created.body.data.batch_id as string;
}

// Tests that start an engine of their own (a store booted and migrated in the test): that took most
// of the engine project's 60 s per test beside two busy loops (50 s for one of these).
const OWN_ENGINE_MS = 180_000;

/** An engine without a worker: its store stays as a test writes it. */
const storeOnlyEngine = () =>
  startTestEngine({ env: { QUARRY_WORKER: 'off' }, overrides: { startWorker: false } });

/**
 * A rowless batch written straight into `e`'s store, as an upload and the sole claimer leave it: its
 * batch row (`fields` over an all-handed-out RUNNING batch) and `rows` uploaded rows
 * `[n, 'u<n>', [url(n)]]` in blocks of 1,000.
 */
async function seedRowlessBatch(
  e: TestEngine,
  id: string,
  rows: number,
  fields: Partial<typeof batches.$inferInsert> = {},
  url = (n: number) => `https://h${n}.example/`,
): Promise<void> {
  const task = await createContactTask(apiClient(e.url, e.key));
  const { version } = await loadDefinition(e.engine.db, task);
  await e.engine.db.insert(batches).values({
    id,
    taskId: task,
    taskVersion: version,
    name: id,
    jobStatus: 'RUNNING',
    jobsSubmitted: rows,
    jobsAdded: rows,
    nextOrd: rows,
    rowlessClaims: true,
    ...fields,
  });
  for (let block = 0; block * 1000 < rows; block++) {
    const stored = Array.from({ length: Math.min(1000, rows - block * 1000) }, (_, i): StoredRow => {
      const n = block * 1000 + i;
      return [n, `u${n}`, [url(n)]];
    });
    await e.engine.db.insert(batchRows).values({ batchId: id, block, rows: encodeBlock(stored) });
  }
}

it('lists handed-out jobs as running and the rest as pending; finished rows carry their own job id and start', async () => {
  const id = await upload(slowRows(400, 10));
  // Two running and, on the embedded store, ready ones beside them: all handed out, none finished.
  await waitFor(async () =>
    (await api.get(`/v0.1/batches/${id}/rows`)).body.data.counts.running >= 2 ? true : undefined,
  );
  const during = (await api.get(`/v0.1/batches/${id}/rows`)).body.data;
  const statuses = during.rows.map((r: { status: string }) => r.status);
  const running = statuses.filter((s: string) => s === 'running').length;
  // In input order: the rows handed out first, then those not yet handed out.
  expect(statuses).toEqual([...Array(running).fill('running'), ...Array(10 - running).fill('pending')]);
  expect(during.counts).toMatchObject({ total: 10, running, pending: 10 - running, succeeded: 0 });
  const [flag] = await queryRows<{ rowless_claims: boolean }>(
    t.engine.db,
    sql`SELECT rowless_claims FROM batches WHERE id = ${id}`,
  );
  expect(flag!.rowless_claims).toBe(embedded);

  await waitFor(
    async () => ((await api.get(`/v0/batches/${id}`)).body.data.completed ? true : undefined),
    20_000,
  );
  const done = (await api.get(`/v0.1/batches/${id}/rows`)).body.data;
  expect(done.rows.map((r: { status: string }) => r.status)).toEqual(Array(10).fill('succeeded'));
  const ids = done.rows.map((r: { job_id: string }) => r.job_id);
  expect(new Set(ids).size).toBe(10);
  for (const r of done.rows) {
    expect(r.job_id).toMatch(/\S/);
    expect(Date.parse(r.started_at)).toBeLessThanOrEqual(Date.parse(r.finished_at));
  }
  // The results read the same ids, in input order.
  const results = (await api.get(`/v0/batches/${id}/results`)).body.data.data;
  expect(results.map((r: { job_id: string; data_uuid: string }) => [r.data_uuid, r.job_id])).toEqual(
    done.rows.map((r: { job_id: string; data_uuid: string }) => [r.data_uuid, r.job_id]),
  );
  // Only jobs that waited for their host have a row on the embedded store; none did here.
  const [rowCount] = await queryRows<{ n: number }>(
    t.engine.db,
    sql`SELECT count(*)::int AS n FROM jobs WHERE batch_id = ${id}`,
  );
  expect(rowCount!.n).toBe(embedded ? 0 : 10);
});

it(
  'a stopped worker puts back the jobs it was running and those it kept ready, as pending rows',
  async () => {
    const e = await startTestEngine({
      env: { QUARRY_WORKER_CONCURRENCY: '2', QUARRY_HOST_CONCURRENCY: '2', QUARRY_HOST_DELAY_MS: '0' },
    });
    try {
      const id = await upload(slowRows(500, 8), e, await createContactTask(apiClient(e.url, e.key)));
      // Two pages requested: those jobs run (a claimed job runs only from its first request).
      const requested = () =>
        Array.from({ length: 8 }, (_, i) => site.hits.get(`/slow/600/co/${500 + i}/`) ?? 0).filter(
          (n) => n > 0,
        ).length;
      await waitFor(async () => (requested() >= 2 ? true : undefined));
      // Too short a deadline for the 600 ms pages: the running jobs are stopped unfinished.
      await e.engine.worker!.stop(50);
      const read = await jobsAsRead(e.engine.db, id);
      expect(read.filter((j) => j.state === 'running')).toEqual([]);
      const pending = read.filter((j) => j.state === 'pending');
      expect(pending.length).toBeGreaterThanOrEqual(2);
      // The stopped ones used an attempt and keep their start; ready ones never started.
      for (const j of pending) {
        if (j.attempts === 1) expect(j.startedAt).not.toBeNull();
        else expect(j).toMatchObject({ attempts: 0, startedAt: null });
      }
      expect(pending.filter((j) => j.attempts === 1).length).toBe(2);
      const b = (await apiClient(e.url, e.key).get(`/v0/batches/${id}`)).body.data;
      expect(b.jobs_completed).toBe(0);
      // Nothing lost: every row is handed out and waiting in the table, or never handed out.
      const [{ next_ord } = { next_ord: -1 }] = await queryRows<{ next_ord: number }>(
        e.engine.db,
        sql`SELECT next_ord FROM batches WHERE id = ${id}`,
      );
      expect(read).toHaveLength(Number(next_ord));
      expect(pending).toHaveLength(Number(next_ord));
    } finally {
      await e.close();
    }
  },
  OWN_ENGINE_MS,
);

it.skipIf(!embedded)(
  'start-up gives a rowless job a dead process left without a result its pending row',
  async () => {
    const e = await storeOnlyEngine();
    try {
      // Eight rows uploaded, six handed out when the process died: 0, 1 and 4 finished (in blocks), 2 was
      // parked (a pending row), 3 ran from its row, 5 ran with no row; 6 and 7 were never handed out.
      const id = 'batch_rowless_interrupted';
      const url = (n: number) => `${site.url}/co/${n}/contact`;
      await seedRowlessBatch(e, id, 8, { jobsCompleted: 3, nextOrd: 6 }, url);
      const row = (seq: number, state: string, attempts: number) => ({
        jobId: `job_r${seq}`,
        batchId: id,
        seq,
        dataUuid: `u${seq}`,
        inputs: [url(seq)],
        host: '127.0.0.1',
        state,
        attempts,
      });
      await e.engine.db
        .insert(jobs)
        .values([
          row(2, 'pending', 0),
          { ...row(3, 'running', 2), lockedBy: 'w-dead', startedAt: new Date() },
        ]);
      await e.engine.db.insert(resultBlocks).values(
        resultBlockRow(id, [
          [0, 'succeeded', { data_json: { email: 'a@b.example' } }, false, null, 'job_b0', Date.now() - 1000],
          [1, 'failed', null, true, 'the page could not be read', 'job_b1', Date.now() - 900],
          [4, 'succeeded', { data_json: {} }, false, null, 'job_b4', Date.now() - 800],
        ]),
      );

      // 3 goes back as a row does; 5 gets a pending row with its attempt counted.
      expect(await requeueInterrupted(e.engine.db, 3)).toBe(2);
      const read = await jobsAsRead(e.engine.db, id);
      expect(read.map((j) => [j.seq, j.dataUuid, j.state, j.attempts])).toEqual([
        [0, 'u0', 'succeeded', 1],
        [1, 'u1', 'failed', 1],
        [2, 'u2', 'pending', 0],
        [3, 'u3', 'pending', 2],
        [4, 'u4', 'succeeded', 1],
        [5, 'u5', 'pending', 1],
      ]);
      const listed = await listBatchRows(e.engine.db, (b) => e.engine.jobs.fetchingSeqs(b), id, {
        after: -1,
        limit: 100,
      });
      expect(listed.rows.map((r) => [r.seq, r.status, r.job_id])).toEqual([
        [0, 'succeeded', 'job_b0'],
        [1, 'failed', 'job_b1'],
        [2, 'pending', 'job_r2'],
        [3, 'pending', 'job_r3'],
        [4, 'succeeded', 'job_b4'],
        [5, 'pending', expect.stringMatching(/\S/)],
        [6, 'pending', ''],
        [7, 'pending', ''],
      ]);
      // The next start finds nothing more to put back.
      expect(await requeueInterrupted(e.engine.db, 3)).toBe(0);
    } finally {
      await e.close();
    }
  },
  OWN_ENGINE_MS,
);

it.skipIf(!embedded)(
  'webhook parts of a rowless batch hold every result once, in order, without removed rows',
  async () => {
    const e = await storeOnlyEngine();
    try {
      // 2,500 rows, all handed out and finished in blocks, as the sole claimer leaves them; in the second
      // batch row 700 was parked and then removed by a cancel (a job row), so parts skip it.
      const seed = async (id: string, removed: number | null) => {
        await seedRowlessBatch(e, id, 2500, {
          jobStatus: removed === null ? 'COMPLETED' : 'CANCELLED',
          completed: true,
          cancelled: removed !== null,
          jobsCompleted: removed === null ? 2500 : 2499,
          jobsRemoved: removed === null ? 0 : 1,
        });
        const done = Array.from({ length: 2500 }, (_, n) => n).filter((n) => n !== removed);
        for (let k = 0; k < done.length; k += 300) {
          await e.engine.db.insert(resultBlocks).values(
            resultBlockRow(
              id,
              done
                .slice(k, k + 300)
                .map((n) => [n, 'succeeded', { data_json: { n } }, false, null, `job_${n}`, 1]),
            ),
          );
        }
        if (removed !== null) {
          await e.engine.db.insert(jobs).values({
            jobId: 'job_removed',
            batchId: id,
            seq: removed,
            dataUuid: `u${removed}`,
            inputs: ['https://h.example/'],
            host: 'h.example',
            state: 'removed',
          });
        }
      };
      for (const [id, removed] of [
        ['batch_parts', null],
        ['batch_parts_cancelled', 700],
      ] as const) {
        await seed(id, removed);
        const parts = [];
        for (let part = 1; part <= 3; part++)
          parts.push(await buildPayload(e.engine.db, { batchId: id, part, parts: 3 }));
        expect(parts.map((p) => p.data.length)).toEqual(
          removed === null ? [1000, 1000, 500] : [1000, 1000, 499],
        );
        const uuids = parts.flatMap((p) => p.data.map((r) => r.data_uuid));
        const expected = Array.from({ length: 2500 }, (_, n) => n)
          .filter((n) => n !== removed)
          .map((n) => `u${n}`);
        expect(uuids).toEqual(expected);
        expect(parts[0]!.data[0]).toMatchObject({
          job_id: 'job_0',
          status: 'succeeded',
          data_json: { n: 0 },
        });
      }
    } finally {
      await e.close();
    }
  },
  OWN_ENGINE_MS,
);

it.skipIf(!embedded)(
  'reading ahead gives the same pages, and a reader that stops early leaves no failure behind',
  async () => {
    const e = await storeOnlyEngine();
    const id = 'batch_ahead';
    await seedRowlessBatch(e, id, 2500);
    const batch = { id, nextOrd: 2500 };
    const pages = async (ahead: boolean) => {
      const out = [];
      for await (const page of iterateHandedOut(e.engine.db, batch, 0, 1000, ahead))
        out.push(page.map((j) => [j.seq, j.state]));
      return out;
    };
    const plain = await pages(false);
    expect(plain.map((p) => p.length)).toEqual([1000, 1000, 500]);
    expect(await pages(true)).toEqual(plain);
    // Stop after the first page while the read of the second is under way, and let that read fail (as
    // when the client is gone and the store closes): nobody awaits it, and it must not surface as an
    // unhandled rejection, which would take the server process down.
    let reads = 0;
    const failing = new Proxy(e.engine.db, {
      get(target, prop, receiver) {
        if (prop === 'execute') {
          return (...args: Parameters<typeof target.execute>) =>
            ++reads > 1
              ? new Promise((_, reject) => setTimeout(() => reject(new Error('the store went away')), 50))
              : target.execute(...args);
        }
        const value = Reflect.get(target, prop, receiver) as unknown;
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    try {
      for await (const page of iterateHandedOut(failing, batch, 0, 1000, true)) {
        expect(page).toHaveLength(1000);
        break;
      }
      await new Promise((r) => setTimeout(r, 300));
      expect(reads).toBe(2);
      expect(unhandled).toEqual([]);
    } finally {
      process.off('unhandledRejection', onUnhandled);
      await e.close();
    }
  },
  OWN_ENGINE_MS,
);
