import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { cancelBatch } from '@/lib/engine/batches/cancel';
import { queryRows } from '@/lib/engine/db/query-rows';
import { ActiveBatchCache, claimJobs, type ClaimedJob, type ClaimOptions } from '@/lib/engine/queue/claim';
import { BlockJobStore } from '@/lib/engine/queue/block-job-store';
import { completeJobs } from '@/lib/engine/queue/complete';
import { apiClient, batchForm, createContactTask, jsonlFile } from '../support/api';
import { startTestEngine, type TestEngine } from '../support/engine-harness';
import { jobsAsRead } from '../support/job-states';

// The embedded store's worker is its only claimer and starts a claim's jobs as the claim statement is
// sent (cancel-epoch.ts). Exact cancel counts then rest on one rule: no early start once a cancel has
// begun since the claimer read the cursor. Checked here on the claims themselves, no website fetched.
// PostgreSQL has many claimers and never starts early.
let t: TestEngine;
let api: ReturnType<typeof apiClient>;
let taskId: string;
beforeAll(async () => {
  t = await startTestEngine({ env: { QUARRY_WORKER: 'off' }, overrides: { startWorker: false } });
  api = apiClient(t.url, t.key);
  taskId = await createContactTask(api);
});
afterAll(async () => {
  await t?.close();
});

async function newBatch(rows: number): Promise<string> {
  const data = Array.from({ length: rows }, (_, n) => ({
    data_uuid: `r${n}`,
    inputs: [`https://h${n}.example/`],
  }));
  const created = await api.post('/v0.1/batches', { form: batchForm({ task_id: taskId }, jsonlFile(data)) });
  expect(created.status).toBe(201);
  return created.body.data.batch_id;
}

/** The engine's job store: the embedded store's (these tests skip PostgreSQL), whose cancels claims see. */
function blockStore(): BlockJobStore {
  expect(t.engine.jobs).toBeInstanceOf(BlockJobStore);
  return t.engine.jobs as BlockJobStore;
}

function claimer() {
  const cache = new ActiveBatchCache(60_000); // stays fresh for the whole test unless invalidated
  const early: { jobs: ClaimedJob[]; idsWhenHanded: number[]; claimed: Promise<boolean> }[] = [];
  const opts = (limit: number, readyRoom?: number): ClaimOptions => ({
    workerId: 'w-early',
    limit,
    readyRoom,
    leaseMs: 30_000,
    hostCap: 100,
    inFlightByHost: new Map(),
    cache,
    startEarly: (jobs, claimed) => early.push({ jobs, idsWhenHanded: jobs.map((j) => j.id), claimed }),
    cancels: blockStore().cancels,
  });
  return {
    cache,
    early,
    claim: (limit: number, readyRoom?: number) => claimJobs(t.engine.db, opts(limit, readyRoom)),
  };
}

// As the sole claimer writes results: into result blocks, with each job's id and start (its jobs
// have no row: batches.rowless_claims).
const succeed = (jobs: ClaimedJob[]) =>
  completeJobs(
    t.engine.db,
    'w-early',
    jobs.map((j) => ({
      id: j.id,
      state: 'succeeded' as const,
      result: { data: {} },
      batchId: j.batch_id,
      seq: j.seq,
      jobId: j.job_id,
      startedAt: Date.now(),
    })),
    { inBlocks: true },
  );

/** Where a batch's cursor stands: how many of its rows were handed out. */
async function cursorOf(batchId: string): Promise<number> {
  const [b] = await queryRows<{ next_ord: number }>(
    t.engine.db,
    sql`SELECT next_ord FROM batches WHERE id = ${batchId}`,
  );
  return Number(b!.next_ord);
}

it.skipIf(Boolean(process.env.DATABASE_URL))(
  'jobs are handed over as their claim is sent; none once a cancel has begun, and the counts add up',
  async () => {
    const batchId = await newBatch(10);
    const c = claimer();

    expect(await c.claim(2)).toEqual([]); // not in the answer: handed over early
    expect(c.early).toHaveLength(1);
    const first = c.early[0]!;
    expect(first.jobs.map((j) => j.data_uuid)).toEqual(['r0', 'r1']);
    expect(first.idsWhenHanded).toEqual([0, 0]); // before the statement had run
    expect(await first.claimed).toBe(true);
    // Started at once: no job row, so no store id, ever.
    expect(first.jobs.every((j) => j.id === 0 && j.rowless)).toBe(true);
    expect(await cursorOf(batchId)).toBe(2);

    // A cancel begins; the claimer's view of the cursor predates it, so it must not start early.
    const cancelling = cancelBatch(t.engine.db, t.engine.jobs, batchId);
    const during = await c.claim(3);
    const cancel = await cancelling;
    expect(c.early).toHaveLength(1);
    // Whichever statement ran first, the cancel counted exactly what was claimed.
    expect(cancel.jobs_in_progress).toBe(2 + during.length);
    expect(cancel.jobs_removed).toBe(8 - during.length);

    await succeed([...first.jobs, ...during]);
    const [b] = await queryRows<{
      job_status: string;
      jobs_completed: number;
      jobs_removed: number;
      jobs_added: number;
    }>(
      t.engine.db,
      sql`SELECT job_status, jobs_completed, jobs_removed, jobs_added FROM batches WHERE id = ${batchId}`,
    );
    expect(b).toMatchObject({ job_status: 'CANCELLED', jobs_added: 10 });
    expect(b!.jobs_completed + b!.jobs_removed).toBe(10);
    const read = await jobsAsRead(t.engine.db, batchId);
    expect(read.filter((j) => j.startedAt !== null)).toHaveLength(b!.jobs_completed);
    expect(read.filter((j) => j.state === 'succeeded')).toHaveLength(b!.jobs_completed);
  },
);

it.skipIf(Boolean(process.env.DATABASE_URL))(
  'a claim statement that takes nothing says so, and its early jobs get no store id',
  async () => {
    const batchId = await newBatch(4);
    const c = claimer();
    await c.claim(1);
    expect(await c.early[0]!.claimed).toBe(true);
    // The cursor moves behind the claimer's back (nothing in Quarry does this: only a cancel moves
    // it besides the claimer, and cancels are guarded); the stale view's claim must come to nothing.
    await t.engine.db.execute(sql`UPDATE batches SET next_ord = next_ord + 1 WHERE id = ${batchId}`);
    await c.claim(1);
    expect(c.early).toHaveLength(2);
    expect(await c.early[1]!.claimed).toBe(false);
    expect(c.early[1]!.jobs[0]!.id).toBe(0);
    // The first claim's cursor move and the bump only: the stale claim moved nothing, wrote no row.
    expect(await cursorOf(batchId)).toBe(2);
    const rows = await queryRows<{ n: number }>(
      t.engine.db,
      sql`SELECT count(*)::int AS n FROM jobs WHERE batch_id = ${batchId}`,
    );
    expect(rows[0]!.n).toBe(0);
  },
);

it.skipIf(Boolean(process.env.DATABASE_URL))(
  'with every slot busy, a claim still fills the ready list: its jobs are handed over early',
  async () => {
    // The worker claims again when its ready list is nearly gone, before a slot frees (limit 0).
    // Such claims used to return at once, so the list ran dry and freed slots waited for a claim.
    await newBatch(6); // earlier tests' batches may still be active: the room is shared between them
    const c = claimer();
    expect(await c.claim(0, 4)).toEqual([]);
    const handed = c.early.flatMap((e) => e.jobs);
    expect(handed).toHaveLength(4);
    expect(await Promise.all(c.early.map((e) => e.claimed))).toEqual(c.early.map(() => true));
    // Nothing to keep ready and no slot free: nothing is claimed.
    const before = c.early.length;
    expect(await c.claim(0, 0)).toEqual([]);
    expect(c.early).toHaveLength(before);
    // Each reads as running where it was handed out (a rowless job: below its batch's cursor).
    for (const j of handed) {
      const read = (await jobsAsRead(t.engine.db, j.batch_id)).find((r) => r.seq === j.seq);
      expect(read?.state, `${j.batch_id} row ${j.seq}`).toBe('running');
    }
    await succeed(handed);
  },
);
