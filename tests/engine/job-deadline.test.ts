import { afterAll, beforeAll, expect, it } from 'vitest';
import { startOwnWorker, type OwnWorker } from '../support/own-worker';

// Every running job has the same time; one timer, set for the oldest job's deadline, stops them all
// (deadline-timer.ts). Jobs that start at different times, some fast and some past their time, must each be
// stopped at their own deadline and never a fast one.
//
// The outcome must not depend on how busy the machine is. A slow job's page never answers (the site
// holds it open until the job gives up or the test ends), so only its deadline can end it: a timer
// that missed it would leave the batch unfinished. A fast job reads a loopback page, well under a
// second even on two loaded cores, against a deadline of several seconds; and the research thread is
// started and warmed up first, outside any job (its start-up, seconds on a loaded machine, would count
// against the first jobs' time: a lone job on a cold thread missed a 5 s deadline there). At a 1.5 s
// deadline, with the thread starting cold, a fast job failed under load.
const DEADLINE_MS = 8_000;
const NEVER = 3_600_000; // the page's delay: longer than any test, so it never answers

let w: OwnWorker;
beforeAll(async () => {
  // Two slots; a timed-out job fails at once instead of being retried.
  w = await startOwnWorker({ concurrency: 2, hostCap: 2, maxAttempts: 1, jobTimeoutMs: DEADLINE_MS });
  const warm = await w.t.engine.research({
    url: `${w.site.url}/co/699/`,
    queries: [{ keyword: 'email', query: 'Contact email address', type: 'email' }],
    list: false,
    turbo: false,
  });
  expect(warm.error_detected).toBe(false);
}, 180_000); // an engine, then the research thread's start: more than the other files' hooks do
afterAll(() => w?.close());

it('each job past its time is stopped at its own deadline; jobs within it are not', async () => {
  // Two slots: the slow rows start in different waves, beside fast ones and after them.
  const slow = new Set([0, 2, 3, 6]);
  const rows = Array.from({ length: 8 }, (_, n) => ({
    data_uuid: `d${n}`,
    inputs: [slow.has(n) ? `${w.site.url}/slow/${NEVER}/co/${700 + n}/` : `${w.site.url}/co/${700 + n}/`],
  }));
  // Two waves of deadlines: about 16 s; the rest is room for a loaded machine.
  const { id, done } = await w.runBatch(rows, 50_000);
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
      expect(row.error).toMatch(/did not finish within 8 s/);
    } else {
      expect(row.status).toBe('succeeded');
    }
  }
});
