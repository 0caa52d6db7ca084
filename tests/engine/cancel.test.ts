import { afterAll, beforeAll, expect, it } from 'vitest';
import { startFixtureSite, type FixtureSite } from '../fixtures/site/server';
import { apiClient, batchForm, createContactTask, jsonlFile, waitFor } from '../support/api';
import { startTestEngine, type TestEngine } from '../support/engine-harness';
import { jobsAsRead } from '../support/job-states';

let t: TestEngine;
let site: FixtureSite;
beforeAll(async () => {
  site = await startFixtureSite();
  t = await startTestEngine({ env: { QUARRY_WORKER_CONCURRENCY: '6', QUARRY_HOST_CONCURRENCY: '6' } });
});
afterAll(async () => {
  await t?.close();
  await site?.close();
});

it('cancel of a running 200-row batch removes exactly the pending jobs; started ones finish', async () => {
  const api = apiClient(t.url, t.key);
  const taskId = await createContactTask(api);
  const rows = Array.from({ length: 200 }, (_, n) => ({
    data_uuid: `r${n}`,
    inputs: [`${site.url}/slow/150/co/${n}/`],
  }));
  const created = await api.post('/v0.1/batches', { form: batchForm({ task_id: taskId }, jsonlFile(rows)) });
  expect(created.status).toBe(201);
  const id = created.body.data.batch_id;
  await waitFor(async () => (await api.get(`/v0/batches/${id}`)).body.data.jobs_completed >= 10 || undefined);

  const cancel = await api.post(`/v0.1/batches/${id}/cancel`);
  const cancelledAt = Date.now();
  expect(cancel.status).toBe(200);
  expect(cancel.body.data).toMatchObject({ batch_id: id, cancelled: true });
  const removed = cancel.body.data.jobs_removed as number;
  expect(removed).toBeGreaterThan(0);
  expect(removed).toBeLessThan(200);

  const final = await waitFor(async () => {
    const b = (await api.get(`/v0/batches/${id}`)).body.data;
    return b.completed ? b : undefined;
  });
  expect(final).toMatchObject({
    cancelled: true,
    completed: true,
    job_status: 'CANCELLED',
    jobs_removed: removed,
  });
  expect(final.jobs_completed + final.jobs_removed).toBe(final.jobs_added);

  // The jobs that ran are exactly the ones started before the cancel answered; every other row was
  // removed: its page was never requested, and no job started after the cancel.
  const started = (await jobsAsRead(t.engine.db, id)).filter((j) => j.startedAt !== null);
  expect(started.length + removed).toBe(200);
  expect(final.jobs_completed).toBe(started.length);
  for (const r of started) expect(r.startedAt!.getTime()).toBeLessThanOrEqual(cancelledAt);
  const ran = new Set(started.map((r) => Number(r.seq)));
  for (let n = 0; n < 200; n++) {
    const fetched = (site.hits.get(`/slow/150/co/${n}/`) ?? 0) > 0;
    expect(fetched, `row ${n} fetched=${fetched} started=${ran.has(n)}`).toBe(ran.has(n));
  }
  // Every job row reads as finished or removed (finished ones from their result blocks on the embedded store).
  const unfinished = (await jobsAsRead(t.engine.db, id)).filter(
    (j) => !['succeeded', 'failed', 'removed'].includes(j.state),
  );
  expect(unfinished).toEqual([]);

  // A second cancel, and a cancel of a completed batch, are conflicts; unknown ids are 404.
  expect((await api.post(`/v0/batches/${id}/cancel`)).status).toBe(409);
  expect((await api.post(`/v0/batches/batch_nope/cancel`)).status).toBe(404);
  const v0 = await api.post(`/v0/batches/${id}/cancel`);
  expect(v0.body).not.toHaveProperty('request_id');

  // Results after a cancel: finished rows only, in order.
  const res = await api.get(`/v0/batches/${id}/results`);
  expect(res.body.data.data).toHaveLength(200 - removed);
});

it('cancel of a completed batch is 409', async () => {
  const api = apiClient(t.url, t.key);
  const taskId = await createContactTask(api);
  const created = await api.post('/v0.1/batches', {
    form: batchForm({ task_id: taskId }, jsonlFile([{ data_uuid: 'x', inputs: [`${site.url}/co/1/`] }])),
  });
  const id = created.body.data.batch_id;
  await waitFor(async () => (await api.get(`/v0/batches/${id}`)).body.data.completed || undefined);
  const r = await api.post(`/v0.1/batches/${id}/cancel`);
  expect(r.status).toBe(409);
  expect(r.body.request_id).toMatch(/^req_/);
});

it('a job in progress at cancel time that then fails transiently is not retried, and the batch closes', async () => {
  const api = apiClient(t.url, t.key);
  const taskId = await createContactTask(api);
  // 503 after a delay: the job is running when we cancel, then fails transiently; its batch is
  // cancelled, so it fails for good instead of going back to the queue.
  const rows = [{ data_uuid: 'flaky', inputs: [`${site.url}/slow/600/status/503`] }];
  const created = await api.post('/v0.1/batches', { form: batchForm({ task_id: taskId }, jsonlFile(rows)) });
  const id = created.body.data.batch_id;
  await waitFor(async () => ((site.hits.get('/slow/600/status/503') ?? 0) > 0 ? true : undefined));
  const cancel = await api.post(`/v0.1/batches/${id}/cancel`);
  expect(cancel.body.data.jobs_removed).toBe(0);
  expect((await api.get(`/v0/batches/${id}`)).body.data.job_status).toBe('CANCELLING');
  const final = await waitFor(async () => {
    const b = (await api.get(`/v0/batches/${id}`)).body.data;
    return b.completed ? b : undefined;
  }, 30_000);
  expect(final).toMatchObject({
    job_status: 'CANCELLED',
    jobs_completed: 1,
    jobs_removed: 0,
    jobs_failed: 1,
  });
  expect(site.hits.get('/slow/600/status/503')).toBe(1); // one attempt, though QUARRY_MAX_ATTEMPTS is 3
  const listed = (await api.get(`/v0.1/batches/${id}/rows`)).body.data.rows;
  expect(listed[0]).toMatchObject({ status: 'failed' });
  expect(listed[0].error).toMatch(/not retried: its batch was cancelled/);
});
