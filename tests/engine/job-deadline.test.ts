import { afterAll, beforeAll, expect, it } from 'vitest';
import { startOwnWorker, type OwnWorker } from '../support/own-worker';

// Every running job has the same time; one timer, set for the oldest job's deadline, stops them all
// (worker.ts). Jobs that start at different times, some fast and some past their time, must each be
// stopped at their own deadline and never a fast one.
let w: OwnWorker;
beforeAll(async () => {
  // Two slots; a timed-out job fails at once instead of being retried. The deadline leaves fast jobs
  // room on a loaded machine: at 800 ms one failed once during the full suite on two cores.
  w = await startOwnWorker({ concurrency: 2, hostCap: 2, maxAttempts: 1, jobTimeoutMs: 1_500 });
});
afterAll(() => w?.close());

it('each job past its time is stopped at its own deadline; jobs within it are not', async () => {
  // Two slots: the slow rows start in different waves, beside fast ones and after them.
  const slow = new Set([0, 2, 3, 6]);
  const rows = Array.from({ length: 8 }, (_, n) => ({
    data_uuid: `d${n}`,
    inputs: [slow.has(n) ? `${w.site.url}/slow/4000/co/${700 + n}/` : `${w.site.url}/co/${700 + n}/`],
  }));
  const { id, done } = await w.runBatch(rows, 30_000);
  expect(done).toMatchObject({ job_status: 'COMPLETED', jobs_completed: 8, jobs_failed: slow.size });
  const listed = (await w.api.get(`/v0.1/batches/${id}/rows`)).body.data.rows as {
    data_uuid: string;
    status: string;
    error: string | null;
  }[];
  for (const [n, row] of listed.entries()) {
    expect(row.data_uuid).toBe(`d${n}`);
    if (slow.has(n)) {
      expect(row.status).toBe('failed');
      expect(row.error).toMatch(/did not finish within 2 s/);
    } else {
      expect(row.status).toBe('succeeded');
    }
  }
});
