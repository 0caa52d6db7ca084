import { and, asc, eq, gt, ne } from 'drizzle-orm';
import type { Db } from '../db/client';
import { jobs, type batches } from '../db/schema';
import { iterateHandedOut, type JobView } from './handed-out';
import { overlayResultBlocks } from './result-blocks';
import { resultColumns } from './result-row';

type Batch = Pick<typeof batches.$inferSelect, 'id' | 'nextOrd' | 'rowlessClaims'>;

export interface JobStatesOptions {
  /** Positions per page. */
  page: number;
  /** Leave out jobs a cancel removed (results and downloads do). */
  withoutRemoved: boolean;
  /** Read the next page while the caller works on this one (a rowless batch's; iterateHandedOut). */
  ahead?: boolean;
}

/**
 * Every job a batch has handed out, in seq order and in pages, each as it reads now (readJobState in
 * handed-out.ts): the one reader of job states that results, downloads and the tests share. A rowless
 * batch's jobs are read from its uploaded rows below the cursor; any other batch's from its job rows
 * (keyset pages over (batch_id, seq)), with their result block entries laid over them.
 */
export async function* iterateJobStates(
  db: Db,
  batch: Batch,
  opts: JobStatesOptions,
): AsyncGenerator<JobView[]> {
  if (batch.rowlessClaims) {
    // Rows handed out when the read began; rows not yet handed out have no job.
    for await (const page of iterateHandedOut(db, batch, 0, opts.page, opts.ahead ?? false)) {
      yield opts.withoutRemoved ? page.filter((j) => j.state !== 'removed') : page;
    }
    return;
  }
  let after = -1;
  for (;;) {
    // Rows with a block entry are stored as 'running', never 'removed', so the filter holds before the overlay.
    const inBatch = and(eq(jobs.batchId, batch.id), gt(jobs.seq, after));
    const page = await db
      .select({ ...resultColumns, seq: jobs.seq })
      .from(jobs)
      .where(opts.withoutRemoved ? and(inBatch, ne(jobs.state, 'removed')) : inBatch)
      .orderBy(asc(jobs.seq))
      .limit(opts.page);
    yield await overlayResultBlocks(db, batch.id, page);
    if (page.length < opts.page) return;
    after = page[page.length - 1]!.seq;
  }
}
