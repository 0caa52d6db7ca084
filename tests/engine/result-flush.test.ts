import { afterAll, beforeAll, expect, it } from 'vitest';
import { startOwnWorker, type OwnWorker } from '../support/own-worker';

// Results are group-committed: each waits a little for others to share its statement (completion-flusher.ts).
// When nothing is running or ready any more (a batch's last jobs), none will come, and the batch
// must not wait for the delay to be completed. Here the delay is ten minutes.
let w: OwnWorker;
beforeAll(async () => {
  w = await startOwnWorker({ flushDelayMs: 600_000 });
});
afterAll(() => w?.close());

it("a batch's last results are written as soon as the worker has nothing left to run", async () => {
  const rows = Array.from({ length: 6 }, (_, n) => ({
    data_uuid: `f${n}`,
    inputs: [`${w.site.url}/co/${500 + n}/`],
  }));
  const { done } = await w.runBatch(rows, 20_000);
  expect(done).toMatchObject({ job_status: 'COMPLETED', jobs_completed: 6, jobs_failed: 0 });
});
