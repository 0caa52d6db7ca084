import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { claimJobs, type ClaimedJob } from '@/lib/engine/queue/claim';
import { completeJobs } from '@/lib/engine/queue/complete';
import { HostLimitsView } from '@/lib/engine/queue/host-limits';
import { apiClient, batchForm, createContactTask, jsonlFile } from '../support/api';
import { startTestEngine, type TestEngine } from '../support/engine-harness';

// Issue 6: per-host politeness shared by every worker through the store. Three workers here are
// three claimers on one store, as separate worker processes would be: a Retry-After noted by one
// keeps the host's rows from starting on the others, and a host's cap counts the jobs every worker
// runs. No website is fetched: only what claims start is checked.
let t: TestEngine;
let batchId: string;
beforeAll(async () => {
  t = await startTestEngine({ env: { QUARRY_WORKER: 'off' }, overrides: { startWorker: false } });
  const api = apiClient(t.url, t.key);
  const taskId = await createContactTask(api);
  const rows = [
    ...Array.from({ length: 4 }, (_, n) => ({ data_uuid: `a${n}`, inputs: [`https://a.example/${n}`] })),
    ...Array.from({ length: 4 }, (_, n) => ({ data_uuid: `b${n}`, inputs: [`https://b.example/${n}`] })),
  ];
  const created = await api.post('/v0.1/batches', { form: batchForm({ task_id: taskId }, jsonlFile(rows)) });
  expect(created.status).toBe(201);
  batchId = created.body.data.batch_id;
});
afterAll(async () => {
  await t?.close();
});

const claim = async (workerId: string, view: HostLimitsView): Promise<ClaimedJob[]> =>
  claimJobs(t.engine.db, {
    workerId,
    limit: 8,
    leaseMs: 30_000,
    hostCap: 2,
    inFlightByHost: new Map(), // each claimer is a fresh process: it knows nothing of the others
    hosts: await view.load(),
  });
const hostsOf = (jobs: ClaimedJob[]) => jobs.map((j) => j.host).sort();

it('a Retry-After noted by one worker holds the host on the others; the host cap counts every worker', async () => {
  const db = t.engine.db;
  // A cool-down no claim below can outlast, however slow the store is on a loaded machine (at 2 s it
  // ran out before worker C's claim, which then started a.example's rows); its end is brought forward
  // in the store further down instead of waited for.
  await new HostLimitsView(db, true).noteCooldown('a.example', 120);

  // Worker B: a.example is cooling down; b.example starts up to its cap, the rest is parked.
  const b = await claim('wB', new HostLimitsView(db, true));
  expect(hostsOf(b)).toEqual(['b.example', 'b.example']);

  // Worker C: b.example already runs 2 (on B), a.example still cools down: nothing starts.
  const viewC = new HostLimitsView(db, true);
  expect(await claim('wC', viewC)).toEqual([]);
  // Without sharing (one process owns the store) the count of other workers is not read.
  expect((await new HostLimitsView(db, false).load()).running.size).toBe(0);

  // B finishes its jobs: b.example has room again for C.
  await completeJobs(
    db,
    'wB',
    b.map((j) => ({ id: j.id, state: 'succeeded' as const, result: { data: {} } })),
  );
  const c = await claim('wC', viewC);
  expect(hostsOf(c)).toEqual(['b.example', 'b.example']);

  // After the cool-down, a.example's rows start (up to the cap): it ended a moment ago.
  await db.execute(
    sql`UPDATE host_cooldowns SET until = now() - interval '1 second' WHERE host = 'a.example'`,
  );
  const d = await claim('wD', new HostLimitsView(db, true));
  expect(hostsOf(d)).toEqual(['a.example', 'a.example']);
  expect(new Set([...b, ...c, ...d].map((j) => j.data_uuid)).size).toBe(6);
  expect([...b, ...c, ...d].every((j) => j.batch_id === batchId)).toBe(true);
});
