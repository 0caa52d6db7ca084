import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '@/lib/engine/db/query-rows';
import { claimJobs } from '@/lib/engine/queue/claim';
import { completeJobs } from '@/lib/engine/queue/complete';
import { HostLimitsView } from '@/lib/engine/queue/host-limits';
import { storeTurns } from '@/lib/engine/queue/host-turns';
import { apiClient, batchForm, createContactTask, jsonlFile, waitFor } from '../support/api';
import { startTestEngine, type TestEngine } from '../support/engine-harness';
import { startTurnSite, type TurnSite } from '../support/turn-site';

// Issue 6: a robots.txt Crawl-delay is the gap the site wants between any two of our requests, not
// just between one job's pages. The queue runs such a host's jobs one at a time on every worker, each
// after a cool-down of the delay; a researcher spaces all its jobs' requests to the host.

describe('the queue spaces the jobs of a host with a Crawl-delay, across workers', () => {
  let t: TestEngine;
  beforeAll(async () => {
    t = await startTestEngine({ env: { QUARRY_WORKER: 'off' }, overrides: { startWorker: false } });
    const api = apiClient(t.url, t.key);
    const taskId = await createContactTask(api);
    const rows = Array.from({ length: 4 }, (_, n) => ({
      data_uuid: `c${n}`,
      inputs: [`https://c.example/${n}`],
    }));
    expect(
      (await api.post('/v0.1/batches', { form: batchForm({ task_id: taskId }, jsonlFile(rows)) })).status,
    ).toBe(201);
  });
  afterAll(() => t?.close());

  const claim = async (workerId: string) =>
    claimJobs(t.engine.db, {
      workerId,
      limit: 8,
      leaseMs: 30_000,
      hostCap: 4,
      inFlightByHost: new Map(), // each claimer is a fresh process: it knows only what the store says
      hosts: await new HostLimitsView(t.engine.db, true).load(),
    });

  it('one job at a time, the next only after the delay', async () => {
    // Worker A's job of c.example ended and the site's robots.txt sets a Crawl-delay: one no claim here
    // can outlast on a loaded machine (a claim taking over a second would have beaten a 1 s one). Its
    // end is then brought forward in the store rather than waited for.
    await new HostLimitsView(t.engine.db, true).noteCrawlDelay('c.example', 120_000);
    expect(await claim('wB')).toEqual([]); // within the delay: nothing starts, on any worker
    await t.engine.db.execute(
      sql`UPDATE host_cooldowns SET until = now() - interval '1 second' WHERE host = 'c.example'`,
    );
    const first = await claim('wB');
    expect(first.map((j) => j.host)).toEqual(['c.example']); // one, though the host cap is 4
    expect(await claim('wC')).toEqual([]); // it runs on B: C starts none
    await completeJobs(t.engine.db, 'wB', [{ id: first[0]!.id, state: 'succeeded', result: { data: {} } }]);
    expect((await claim('wC')).map((j) => j.host)).toEqual(['c.example']);
  });
});

describe.skipIf(!process.env.DATABASE_URL)('Crawl-delay turns booked in PostgreSQL', () => {
  let t: TestEngine;
  beforeAll(async () => {
    t = await startTestEngine({ env: { QUARRY_WORKER: 'off' }, overrides: { startWorker: false } });
  });
  afterAll(() => t?.close());

  it('two processes booking turns at one host are spaced by the delay between them', async () => {
    // Two bookers that share nothing but the store, as two worker processes would.
    const one = storeTurns(t.engine.db);
    const two = storeTurns(t.engine.db);
    const url = 'https://turns.example/page';
    const t0 = Date.now();
    const starts = await Promise.all(
      [one, two, one, two].map(async (take) => ((await take(url, 300, 5_000)) ? Date.now() - t0 : -1)),
    );
    const sorted = [...starts].sort((a, b) => a - b);
    expect(sorted[0]).toBeGreaterThanOrEqual(0);
    // Turns are booked 300 ms apart from the first, which the store booked after t0; a booker wakes that
    // long after its statement returned, so late but never early. Measured from t0, not from the turn
    // before (whose wake may have been later than this one's on a busy machine: a gap of 240 of 300
    // was too tight there). Unspaced turns would all start within a few milliseconds of t0.
    for (let i = 1; i < sorted.length; i++) expect(sorted[i]).toBeGreaterThanOrEqual(i * 300 - 5);
    // A turn further away than the caller will wait is refused and not booked: the next one still fits.
    expect(await one(url, 300, 100)).toBe(false);
    expect(await two('https://other.example/', 300, 100)).toBe(true);
  });

  it('a turn given up before it came (the job was aborted) goes to the next booker', async () => {
    const one = storeTurns(t.engine.db);
    const two = storeTurns(t.engine.db);
    const url = 'https://given-back.example/page';
    const t0 = Date.now();
    expect(await one(url, 1000, 5_000)).toBe(true); // now
    const [first] = await queryRows<{ at: number }>(
      t.engine.db,
      sql`SELECT (extract(epoch FROM last_turn) * 1000)::float8 AS at FROM host_turns WHERE host = 'given-back.example'`,
    );
    const job = new AbortController();
    const waiting = two(url, 1000, 5_000, job.signal); // booked for t0 + 1000
    setTimeout(() => job.abort(new Error('cancelled')), 50);
    await expect(waiting).rejects.toThrow('cancelled');
    expect(await one(url, 1000, 5_000)).toBe(true); // the freed turn, not t0 + 2000
    expect(Date.now() - t0).toBeGreaterThanOrEqual(1000 - 5);
    // Which turn it was is read from the store, not from when the booker woke (late on a busy machine
    // by as long as the booking statement took): a delay after the first turn, not two.
    const [freed] = await queryRows<{ at: number }>(
      t.engine.db,
      sql`SELECT (extract(epoch FROM last_turn) * 1000)::float8 AS at FROM host_turns WHERE host = 'given-back.example'`,
    );
    expect(freed!.at - first!.at).toBeGreaterThanOrEqual(1000);
    expect(freed!.at - first!.at).toBeLessThan(2000);
  });
});

describe('a batch on a host whose robots.txt sets Crawl-delay: 1', () => {
  let t: TestEngine;
  let site: TurnSite;
  let origin: string;
  beforeAll(async () => {
    site = await startTurnSite();
    site.release(); // pages answer at once
    origin = site.origin;
    t = await startTestEngine({
      env: { QUARRY_HOST_CONCURRENCY: '4', QUARRY_HOST_DELAY_MS: '0', QUARRY_RESEARCH_THREADS: '2' },
    });
  });
  afterAll(async () => {
    await t?.close();
    await site?.close();
  });

  it('every request for a page starts at least a second after the one before; every row is answered', async () => {
    const api = apiClient(t.url, t.key);
    const taskId = await createContactTask(api);
    const rows = Array.from({ length: 4 }, (_, n) => ({ data_uuid: `p${n}`, inputs: [`${origin}/p/${n}`] }));
    const created = await api.post('/v0.1/batches', {
      form: batchForm({ task_id: taskId }, jsonlFile(rows)),
    });
    expect(created.status).toBe(201);
    const id = created.body.data.batch_id;
    const done = await waitFor(
      async () => {
        const b = (await api.get(`/v0/batches/${id}`)).body.data;
        return b.completed ? b : undefined;
      },
      50_000,
      100,
    );
    expect(done).toMatchObject({ jobs_completed: 4, jobs_failed: 0 });
    const requestStarts = site.requests; // robots.txt too
    const pageStarts = requestStarts.filter((r) => r.url.startsWith('/p/')).map((r) => r.at);
    expect(pageStarts).toHaveLength(4);
    // Turns are a second apart, but the site sees a request when it arrives: after its turn, by as long
    // as a busy machine takes to send it and to notice it, and on PostgreSQL by as long as the booking
    // statement took too (the booker sleeps from when it returns). A gap between two arrivals loses what
    // the first was late by (on two loaded cores: 876 ms on PGlite, 378 ms on PostgreSQL), and the span
    // from the first arrival to the last loses only that. So: every request arrives within LAG of its
    // turn; each gap is at least the delay less LAG (unpaced, they would be ~0), and the span at least
    // the delays less LAG once (paced by a shorter delay, it would fall short by more than that).
    const LAG = 900;
    const gaps = pageStarts.slice(1).map((at, i) => at - pageStarts[i]!);
    for (const gap of gaps) expect(gap).toBeGreaterThanOrEqual(1000 - LAG);
    // robots.txt is read once for both research threads (their verdicts come from one cache on the
    // main thread), and reading it was a request too: the first page waits the delay after it.
    expect(requestStarts.filter((r) => r.url === '/robots.txt')).toHaveLength(1);
    for (let i = 1; i < requestStarts.length; i++) {
      const [before, next] = [requestStarts[i - 1]!, requestStarts[i]!];
      expect(next.at - before.at, `${before.url} → ${next.url}`).toBeGreaterThanOrEqual(1000 - LAG);
    }
    const span = requestStarts.at(-1)!.at - requestStarts[0]!.at;
    expect(span).toBeGreaterThanOrEqual((requestStarts.length - 1) * 1000 - LAG);
    // Remembered in the store for every worker (and not stored in the results).
    const [row] = await queryRows<{ gap_ms: number }>(
      t.engine.db,
      sql`SELECT gap_ms FROM host_cooldowns WHERE host = ${'127.0.0.1'}`,
    );
    expect(row?.gap_ms).toBe(1000);
    // On PostgreSQL the page requests took their turns from the store, where other processes see them.
    const turns = await queryRows<{ n: number }>(t.engine.db, sql`SELECT count(*)::int AS n FROM host_turns`);
    expect(turns[0]!.n).toBe(process.env.DATABASE_URL ? 1 : 0);
    const results = await api.get(`/v0/batches/${id}/results`);
    expect(JSON.stringify(results.body)).not.toContain('crawlDelay');
  }, 60_000);
});
