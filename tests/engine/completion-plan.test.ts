import { afterAll, beforeAll, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '@/lib/engine/db/query-rows';
import { completeJobs, finishStatement, type Completion } from '@/lib/engine/queue/complete';
import { startTestEngine, type TestEngine } from '../support/engine-harness';

// The completion statement must find its rows at a cost that does not grow with the jobs finished
// since the last VACUUM. Asking for state = 'running' let the planner read the partial running-jobs
// index, which on the embedded store keeps an entry for each of them (queue/held-by.ts): after
// 100,000 jobs each statement read them all, and the plan it chose unnested the group again for
// every row.
let t: TestEngine;
const BATCH = 'b-completion-plan';
const FINISHED = 5_000;
const GROUP = 100;

beforeAll(async () => {
  t = await startTestEngine({ env: { QUARRY_WORKER: 'off' }, overrides: { startWorker: false } });
  const db = t.engine.db;
  // Jobs that ran and finished: on the embedded store their running-index entries stay until VACUUM.
  await db.execute(sql`
    INSERT INTO jobs (job_id, batch_id, seq, data_uuid, inputs, host, state, attempts, locked_by, lease_until, started_at)
    SELECT 'old-' || n, ${BATCH}, n, 'old-' || n, '["https://example.com/"]', 'example.com', 'running', 1, 'w-old',
      now() + interval '1 minute', now()
    FROM generate_series(0, ${FINISHED - 1}::int) AS n`);
  await db.execute(sql`
    UPDATE jobs SET state = 'succeeded', locked_by = NULL, lease_until = NULL, finished_at = now()
    WHERE batch_id = ${BATCH}`);
  // This worker's group, and one job another worker holds.
  await db.execute(sql`
    INSERT INTO jobs (job_id, batch_id, seq, data_uuid, inputs, host, state, attempts, locked_by, lease_until, started_at)
    SELECT 'new-' || n, ${BATCH}, n, 'new-' || n, '["https://example.com/"]', 'example.com', 'running', 1,
      CASE WHEN n = ${FINISHED + GROUP}::int THEN 'w-other' ELSE 'w-test' END, now() + interval '1 minute', now()
    FROM generate_series(${FINISHED}::int, ${FINISHED + GROUP}::int) AS n`);
}, 60_000);

afterAll(async () => {
  await t?.close();
});

async function idsOf(from: number, to: number): Promise<number[]> {
  const rows = await queryRows<{ id: number }>(
    t.engine.db,
    sql`SELECT id FROM jobs WHERE batch_id = ${BATCH} AND seq BETWEEN ${from} AND ${to} ORDER BY seq`,
  );
  return rows.map((r) => Number(r.id));
}

const finished = (ids: number[]): Completion[] =>
  ids.map((id) => ({ id, state: 'succeeded', result: { id }, errorDetected: false, error: null }));

it('finds the group without the running-jobs index and reads it once', async () => {
  const group = finished(await idsOf(FINISHED, FINISHED + GROUP - 1));
  const plan = await queryRows<{ 'QUERY PLAN': string }>(
    t.engine.db,
    sql`EXPLAIN ${finishStatement('w-test', group)}`,
  );
  const text = plan.map((r) => r['QUERY PLAN']).join('\n');
  expect(text).not.toContain('jobs_running_idx');
  // The plan that rescanned the group for every job row joined them by a filter, not an index or hash.
  expect(text).not.toMatch(/Join Filter: \(v\.id = j\.id\)/);
});

it("writes only the jobs this worker still holds: not a finished one, not another worker's", async () => {
  const mine = await idsOf(FINISHED, FINISHED + GROUP - 1);
  const [others] = await idsOf(FINISHED + GROUP, FINISHED + GROUP);
  const [done] = await idsOf(0, 0);
  await completeJobs(t.engine.db, 'w-test', finished([...mine, others!, done!]));
  const rows = await queryRows<{
    seq: number;
    state: string;
    locked_by: string | null;
    result: { id: number } | null;
  }>(
    t.engine.db,
    sql`SELECT seq, state, locked_by, result FROM jobs WHERE id = ANY(${sql.param([...mine, others!, done!])}::bigint[]) ORDER BY seq`,
  );
  const bySeq = new Map(rows.map((r) => [Number(r.seq), r]));
  for (let seq = FINISHED; seq < FINISHED + GROUP; seq++) {
    expect(bySeq.get(seq)).toMatchObject({ state: 'succeeded', locked_by: null });
    expect(bySeq.get(seq)!.result).toEqual({ id: mine[seq - FINISHED] });
  }
  expect(bySeq.get(FINISHED + GROUP)).toMatchObject({ state: 'running', locked_by: 'w-other', result: null });
  expect(bySeq.get(0)).toMatchObject({ state: 'succeeded', locked_by: null, result: null });
});
