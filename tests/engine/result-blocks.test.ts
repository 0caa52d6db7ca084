import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { queryRows } from '@/lib/engine/db/query-rows';
import { batches, jobs, resultBlocks } from '@/lib/engine/db/schema';
import { requeueInterrupted } from '@/lib/engine/queue/reaper';
import {
  overlayResultBlocks,
  resultBlockRow,
  storedStatesFor,
  type BlockEntry,
} from '@/lib/engine/batches/result-blocks';
import { loadDefinition } from '@/lib/engine/tasks/queries';
import { startFixtureSite, type FixtureSite } from '../fixtures/site/server';
import { apiClient, batchForm, createContactTask, jsonlFile, waitFor } from '../support/api';
import { startTestEngine, type TestEngine } from '../support/engine-harness';
import { jobsAsRead } from '../support/job-states';

// The embedded store's sole claimer writes finished jobs' results into result blocks and leaves their
// job rows as the claim wrote them ('running'); every reader lays the blocks over the rows. On
// PostgreSQL (workers sharing the store) results are written into the job rows. A batch must read
// the same either way.
const embedded = !process.env.DATABASE_URL;
let t: TestEngine;
let site: FixtureSite;
let api: ReturnType<typeof apiClient>;
let taskId: string;
beforeAll(async () => {
  site = await startFixtureSite();
  t = await startTestEngine({ env: { QUARRY_HOST_DELAY_MS: '0', QUARRY_RESEARCH_THREADS: '0' } });
  api = apiClient(t.url, t.key);
  taskId = await createContactTask(api);
});
afterAll(async () => {
  await t?.close();
  await site?.close();
});

// Every third row's page does not exist: that job fails.
const fails = (n: number) => n % 3 === 2;

it('a finished batch reads the same from result blocks: rows by status and page, results, counts', async () => {
  const rows = Array.from({ length: 30 }, (_, n) => ({
    data_uuid: `r${n}`,
    inputs: [fails(n) ? `${site.url}/no-such-page/${n}` : `${site.url}/co/${n}/contact`],
  }));
  const created = await api.post('/v0.1/batches', { form: batchForm({ task_id: taskId }, jsonlFile(rows)) });
  expect(created.status).toBe(201);
  const id = created.body.data.batch_id as string;
  const done = await waitFor(async () => {
    const b = (await api.get(`/v0/batches/${id}`)).body.data;
    return b.completed ? b : undefined;
  });
  expect(done).toMatchObject({ job_status: 'COMPLETED', jobs_completed: 30, jobs_failed: 10 });

  // Where the results are: blocks on the embedded store (rows not rewritten), rows on PostgreSQL.
  const stored = await queryRows<{ state: string; n: number }>(
    t.engine.db,
    sql`SELECT state, count(*)::int AS n FROM jobs WHERE batch_id = ${id} GROUP BY state ORDER BY state`,
  );
  const [inBlocks] = await queryRows<{ n: number }>(
    t.engine.db,
    sql`SELECT coalesce(sum(cardinality(seqs)), 0)::int AS n FROM result_blocks WHERE batch_id = ${id}`,
  );
  if (embedded) {
    // A job started at once has no row (batches.rowless_claims); one parked for its host (this batch
    // is one host) has, left 'running' with its result in a block like every other.
    expect(stored.every((r) => r.state === 'running')).toBe(true);
    expect(stored.reduce((n, r) => n + r.n, 0)).toBeLessThan(30);
    expect(inBlocks!.n).toBe(30);
  } else {
    expect(stored).toEqual([
      { state: 'failed', n: 10 },
      { state: 'succeeded', n: 20 },
    ]);
    expect(inBlocks!.n).toBe(0);
  }

  // The rows listing in pages of 7, then filtered by status.
  const listed: {
    seq: number;
    status: string;
    data_json: { email?: string } | null;
    error: string | null;
    finished_at: string | null;
  }[] = [];
  for (let after: number | null = -1; after !== null;) {
    const page: { rows: typeof listed; next_after: number | null } = (
      await api.get(`/v0.1/batches/${id}/rows?after=${after}&limit=7`)
    ).body.data;
    listed.push(...page.rows);
    after = page.next_after;
  }
  expect(listed.map((r) => r.seq)).toEqual(rows.map((_, n) => n));
  for (const r of listed) {
    expect(r.status).toBe(fails(r.seq) ? 'failed' : 'succeeded');
    expect(r.finished_at).not.toBeNull();
    if (fails(r.seq)) expect(r.error).toBeTruthy();
    else expect(r.data_json?.email).toBe(`info@co${r.seq}.example`);
  }
  const withStatus = async (status: string, limit = 4) => {
    const seqs: number[] = [];
    for (let after: number | null = -1; after !== null;) {
      const page: { rows: { seq: number }[]; next_after: number | null } = (
        await api.get(`/v0.1/batches/${id}/rows?status=${status}&after=${after}&limit=${limit}`)
      ).body.data;
      seqs.push(...page.rows.map((r) => r.seq));
      after = page.next_after;
    }
    return seqs;
  };
  expect(await withStatus('failed')).toEqual(rows.map((_, n) => n).filter(fails));
  expect(await withStatus('succeeded', 100)).toEqual(rows.map((_, n) => n).filter((n) => !fails(n)));
  expect(await withStatus('running')).toEqual([]);
  expect(await withStatus('pending,running')).toEqual([]);

  // The results endpoint and the test helper agree with the listing.
  const results = (await api.get(`/v0/batches/${id}/results`)).body.data.data as {
    data_uuid: string;
    status: string;
  }[];
  expect(results.map((r) => [r.data_uuid, r.status])).toEqual(listed.map((r) => [`r${r.seq}`, r.status]));
  expect((await jobsAsRead(t.engine.db, id)).map((j) => j.state)).toEqual(listed.map((r) => r.status));
});

it.skipIf(!embedded)(
  'start-up puts back the jobs a dead process left running, not the ones it finished',
  async () => {
    // A store with no worker of its own: a running one would claim the rows put back before they are read.
    const t = await startTestEngine({ env: { QUARRY_WORKER: 'off' }, overrides: { startWorker: false } });
    const taskId = await createContactTask(apiClient(t.url, t.key));
    // As a process that died mid-batch leaves the store: four rows claimed, two with results in a block.
    const id = 'batch_interrupted';
    const { version } = await loadDefinition(t.engine.db, taskId);
    await t.engine.db.insert(batches).values({
      id,
      taskId,
      taskVersion: version,
      name: 'interrupted',
      jobStatus: 'RUNNING',
      jobsSubmitted: 6,
      jobsAdded: 6,
      jobsCompleted: 2,
      nextOrd: 4,
    });
    await t.engine.db.insert(jobs).values(
      [0, 1, 2, 3].map((seq) => ({
        jobId: `job_i${seq}`,
        batchId: id,
        seq,
        dataUuid: `i${seq}`,
        inputs: [`${site.url}/co/${seq}/contact`],
        host: '127.0.0.1',
        state: 'running',
        attempts: seq === 3 ? 3 : 1,
        lockedBy: 'w-dead',
        leaseUntil: new Date(Date.now() + 60_000),
        startedAt: new Date(),
      })),
    );
    const entries: BlockEntry[] = [
      [1, 'succeeded', { data_json: { email: 'a@b.example' } }, false, null],
      [0, 'failed', null, true, 'the page could not be read'],
    ];
    await t.engine.db.insert(resultBlocks).values(resultBlockRow(id, entries));

    // seq 2 goes back to the queue; seq 3 used its attempts and fails; 0 and 1 keep their results.
    expect(await requeueInterrupted(t.engine.db, 3)).toBe(2);
    const read = await jobsAsRead(t.engine.db, id);
    expect(read.map((j) => [j.seq, j.state])).toEqual([
      [0, 'failed'],
      [1, 'succeeded'],
      [2, 'pending'],
      [3, 'failed'],
    ]);
    expect(read[3]!.error).toMatch(/was interrupted/);
    const [b] = await queryRows<{ jobs_completed: number; jobs_failed: number }>(
      t.engine.db,
      sql`SELECT jobs_completed, jobs_failed FROM batches WHERE id = ${id}`,
    );
    expect(b).toEqual({ jobs_completed: 3, jobs_failed: 1 });
    // Run again (the next start): nothing is left to put back.
    expect(await requeueInterrupted(t.engine.db, 3)).toBe(0);
    await t.close();
  },
);

it('a block stretched by a straggler still gives its jobs their results', async () => {
  const { version } = await loadDefinition(t.engine.db, taskId);
  const id = 'batch_straggler';
  await t.engine.db.insert(batches).values({
    id,
    taskId,
    taskVersion: version,
    name: 'straggler',
    // Finished: the engine's worker claims nothing from it (the overlay does not read the batch).
    jobStatus: 'COMPLETED',
    completed: true,
  });
  // Seq 3 finished long after its neighbours, in the block of seqs 50-52: bounds 3-52 for 4 jobs.
  const entries: BlockEntry[] = [3, 50, 51, 52].map((seq) => [
    seq,
    'succeeded',
    { data_json: { n: seq } },
    false,
    null,
  ]);
  await t.engine.db.insert(resultBlocks).values(resultBlockRow(id, entries));
  const row = (seq: number) => ({
    seq,
    state: 'running',
    result: null as unknown,
    errorDetected: false,
    error: null,
    finishedAt: null as Date | null,
  });
  const read = await overlayResultBlocks(t.engine.db, id, [row(2), row(3), row(4), row(51)]);
  expect(read.map((r) => [r.seq, r.state, r.result])).toEqual([
    [2, 'running', null],
    [3, 'succeeded', { data_json: { n: 3 } }],
    [4, 'running', null],
    [51, 'succeeded', { data_json: { n: 51 } }],
  ]);
  expect(read[1]!.finishedAt).toBeInstanceOf(Date);
  // Rows between the straggler and the block's others: the block holds none of them.
  const between = await overlayResultBlocks(t.engine.db, id, [row(10), row(11)]);
  expect(between.map((r) => r.state)).toEqual(['running', 'running']);
});

it('a status filter asks the store for rows stored as running too, when they may read as finished or pending', () => {
  expect(storedStatesFor(['failed']).sort()).toEqual(['failed', 'running']);
  expect(storedStatesFor(['pending', 'removed']).sort()).toEqual(['pending', 'removed', 'running']);
  expect(storedStatesFor(['removed'])).toEqual(['removed']);
  expect(storedStatesFor(['running']).sort()).toEqual(['running']);
});
