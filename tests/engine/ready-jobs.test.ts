import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { queryRows } from '@/lib/engine/db/query-rows';
import { startFixtureSite, type FixtureSite } from '../fixtures/site/server';
import { apiClient, batchForm, createContactTask, jsonlFile, waitFor } from '../support/api';
import { startTestEngine, type TestEngine } from '../support/engine-harness';
import { jobStateCounts, jobsAsRead } from '../support/job-states';

// The embedded store's worker keeps claimed jobs ready beside its running ones (ready-list.ts). Those are
// claimed in the store but not started: a cancel must put them back and count them as removed, and a
// cancel of another batch must not lose them. On PostgreSQL nothing is kept ready; the same counts hold.
const embedded = !process.env.DATABASE_URL;
let t: TestEngine;
let site: FixtureSite;
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

// Each batch's rows are fixture companies from its own hundred: a 100…, b 200…, c 300…. Their pages
// answer only once the test releases the batch's gate, so the jobs that started are still running
// when the test cancels, however slow the machine is.
const base = { a: 100, b: 200, c: 300 };
const page = (tag: keyof typeof base, n: number) => `/held/${tag}/co/${base[tag] + n}/`;

async function slowBatch(tag: keyof typeof base, rows: number): Promise<string> {
  const data = Array.from({ length: rows }, (_, n) => ({
    data_uuid: `${tag}${n}`,
    inputs: [`${site.url}${page(tag, n)}`],
  }));
  const created = await api.post('/v0.1/batches', { form: batchForm({ task_id: taskId }, jsonlFile(data)) });
  expect(created.status).toBe(201);
  return created.body.data.batch_id;
}

const fetchedRows = (tag: keyof typeof base) =>
  Array.from({ length: 100 }, (_, n) => page(tag, n)).filter((p) => (site.hits.get(p) ?? 0) > 0).length;

// As readers see them: a finished job's state may be in a result block (the embedded store).
const jobRows = (batchId: string) => jobStateCounts(t.engine.db, batchId);

it('a cancel puts the ready jobs back: only the started ones run and count as in progress', async () => {
  const id = await slowBatch('a', 12);
  await waitFor(async () => fetchedRows('a') >= 2 || undefined);
  // The two running jobs wait for their pages until the gate opens below.
  if (embedded) {
    // Two running and four ready (twice the concurrency, the least kept ready: ready-size.ts): six rows
    // claimed, two pages requested.
    await waitFor(async () => ((await jobRows(id)).running ?? 0) >= 6 || undefined, 2_000);
    expect(fetchedRows('a')).toBe(2);
  }
  const cancel = await api.post(`/v0.1/batches/${id}/cancel`);
  expect(cancel.status).toBe(200);
  expect(cancel.body.data).toMatchObject({ cancelled: true, jobs_removed: 10 });
  site.release('a');

  const final = await waitFor(async () => {
    const b = (await api.get(`/v0/batches/${id}`)).body.data;
    return b.completed ? b : undefined;
  });
  expect(final).toMatchObject({
    job_status: 'CANCELLED',
    jobs_completed: 2,
    jobs_removed: 10,
    jobs_added: 12,
  });
  expect(fetchedRows('a')).toBe(2);
  // Rows never handed out have no job row; the four ready ones went back unstarted and were removed.
  expect(await jobRows(id)).toEqual(embedded ? { succeeded: 2, removed: 4 } : { succeeded: 2 });
  const removed = await queryRows<{ started_at: Date | null; attempts: number }>(
    t.engine.db,
    sql`SELECT started_at, attempts FROM jobs WHERE batch_id = ${id} AND state = 'removed'`,
  );
  for (const r of removed) expect(r).toEqual({ started_at: null, attempts: 0 });
});

it("jobs put back for another batch's cancel run later, once each", async () => {
  const id = await slowBatch('b', 6);
  await waitFor(async () => fetchedRows('b') >= 2 || undefined);
  if (embedded) await waitFor(async () => ((await jobRows(id)).running ?? 0) >= 6 || undefined, 2_000);
  // A batch queued behind it, cancelled before any of its rows started.
  const other = await slowBatch('c', 3);
  const cancel = await api.post(`/v0.1/batches/${other}/cancel`);
  expect(cancel.status).toBe(200);
  if (embedded) expect((await jobRows(id)).pending).toBe(4); // b's ready jobs, put back unstarted
  site.release('b');

  const final = await waitFor(async () => {
    const b = (await api.get(`/v0/batches/${id}`)).body.data;
    return b.completed ? b : undefined;
  });
  expect(final).toMatchObject({ job_status: 'COMPLETED', jobs_completed: 6, jobs_removed: 0 });
  expect(await jobRows(id)).toEqual({ succeeded: 6 });
  const jobs = await jobsAsRead(t.engine.db, id);
  expect(jobs.map((j) => j.dataUuid)).toEqual(['b0', 'b1', 'b2', 'b3', 'b4', 'b5']);
  // A job put back did not use up an attempt.
  expect(jobs.every((j) => Number(j.attempts) === 1)).toBe(true);
  for (let n = 0; n < 6; n++) expect(site.hits.get(page('b', n))).toBe(1);
  expect(fetchedRows('c')).toBe(0);
});
