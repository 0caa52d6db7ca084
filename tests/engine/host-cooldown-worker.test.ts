import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { queryRows } from '@/lib/engine/db/query-rows';
import { startFixtureSite, type FixtureSite } from '../fixtures/site/server';
import { apiClient, batchForm, createContactTask, jsonlFile, waitFor } from '../support/api';
import { startTestEngine, type TestEngine } from '../support/engine-harness';

// Issue 6: a worker that meets 429 + Retry-After records the host's cool-down in the store, where every
// other worker reads it before claiming (host-limits.test.ts), and the job itself is retried after it.
let t: TestEngine;
let site: FixtureSite;
beforeAll(async () => {
  site = await startFixtureSite();
  t = await startTestEngine({ env: { QUARRY_HOST_DELAY_MS: '0', QUARRY_RESEARCH_THREADS: '0' } });
});
afterAll(async () => {
  await t?.close();
  await site?.close();
});

it('a 429 with Retry-After becomes a shared cool-down for the host, and the job succeeds on retry', async () => {
  const api = apiClient(t.url, t.key);
  const taskId = await createContactTask(api);
  const created = await api.post('/v0.1/batches', {
    form: batchForm(
      { task_id: taskId },
      jsonlFile([{ data_uuid: 'r0', inputs: [`${site.url}/once-429/co/1/`] }]),
    ),
  });
  expect(created.status).toBe(201);
  const id = created.body.data.batch_id;
  const done = await waitFor(async () => {
    const b = (await api.get(`/v0/batches/${id}`)).body.data;
    return b.completed ? b : undefined;
  });
  expect(done).toMatchObject({ jobs_completed: 1, jobs_failed: 0 });
  const host = new URL(site.url).hostname;
  const cooled = await queryRows<{ host: string }>(t.engine.db, sql`SELECT host FROM host_cooldowns`);
  expect(cooled.map((r) => r.host)).toEqual([host]);
  const [job] = await queryRows<{ attempts: number }>(
    t.engine.db,
    sql`SELECT attempts FROM jobs WHERE batch_id = ${id}`,
  );
  expect(job?.attempts).toBe(2);
});
