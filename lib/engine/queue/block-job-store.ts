import type { Db } from '../db/client';
import { START_FETCHING } from '../research/job-stop';
import { CancelEpoch } from './cancel-epoch';
import { claimJobs, renewLeases, type ClaimedJob } from './claim';
import { completeJobs, type Completion, type FinishedBatch } from './complete';
import type { ClaimRequest, JobStore, StoppedJob } from './job-store';
import { requeueInterrupted } from './reaper';
import { insertPending, pendingRowOf, releaseUnstarted } from './release';
import { stoppedCompletion } from './job-completion';

// Results wait this long for others to share their statement. On the embedded store a completion
// statement costs ~2 ms of its thread however few rows it carries, plus ~0.09 ms per row, so larger
// groups are cheaper per job: at ~1,500 jobs/s, 50 ms and at most 64 rows made ~40-row statements and
// cost the store thread ~0.17 ms per job; 100 ms and 256 make ~110-row statements at ~0.11 ms per job.
// (Before the statement was planned per call its cost grew with the square of the group; see
// db/plan-per-call.ts.) A result waits at most this long, and not at all when nothing else runs.
const FLUSH_DELAY_MS = 100;

/**
 * The job store of the embedded store (JobStore), which one process holds, so its worker is the only
 * claimer: claims write no row for a job that starts at once (rowless claims) and hand jobs over as
 * the claim statement is sent (early start); the worker keeps claimed jobs ready; results go into
 * result blocks. Its cancel epoch (cancel-epoch.ts) is what keeps a cancel's counts exact despite early
 * starts and ready jobs: every cancel of this store runs through asCancel.
 */
export class BlockJobStore implements JobStore {
  readonly flushDelayMs = FLUSH_DELAY_MS;
  /** A ready list serves freed slots at once: claims need not wait for several to free. */
  readonly claimCoalesceMs = 0;
  readonly cancels = new CancelEpoch();
  readonly cancelRemovesWaiting = false;
  /** Seqs of running jobs (past their first request, result not written), by batch: this process is the only one. */
  private readonly fetching = new Map<string, Set<number>>();
  /** Claimed jobs whose start gate is a shared flag (watchStart), until they are seen fetching. */
  private readonly starting = new Map<string, Map<number, Int32Array>>();

  constructor(private readonly db: Db) {}

  readyLimit(wanted: number): number {
    return wanted;
  }

  /** While a cancel runs nothing is kept ready: a claim it overlaps cannot hand its jobs over early. */
  mayAddReady(): boolean {
    return this.cancels.quiet();
  }

  claim(req: ClaimRequest): Promise<ClaimedJob[]> {
    return claimJobs(this.db, { ...req, cancels: this.cancels });
  }

  /**
   * Final results go into result blocks instead of rewriting each job row (CompleteOptions.inBlocks):
   * every job this worker completes is still its own, as nothing else takes a running job from it
   * (no other process, and no lease reaping: see reap).
   */
  complete(workerId: string, items: Completion[]): Promise<FinishedBatch[]> {
    return completeJobs(this.db, workerId, items, { inBlocks: true });
  }

  /** A job without a row goes back as the row its claim would have written for a parked job. */
  async releaseUnstarted(workerId: string, jobs: ClaimedJob[]): Promise<void> {
    await insertPending(
      this.db,
      jobs.filter((j) => j.rowless).map((j) => pendingRowOf(j, 0, null, 0)),
    );
    await releaseUnstarted(
      this.db,
      workerId,
      jobs.filter((j) => j.id > 0).map((j) => j.id),
    );
  }

  async releaseStopped(workerId: string, jobs: StoppedJob[]): Promise<void> {
    await this.complete(
      workerId,
      jobs.map(({ job, startedAt }) => stoppedCompletion(job, startedAt)),
    );
  }

  renewLeases(workerId: string, ids: number[], leaseMs: number): Promise<void> {
    return renewLeases(this.db, workerId, ids, leaseMs);
  }

  /**
   * Nothing to reap: the store is held by this process alone, its running jobs are its own and renewed
   * by it, and jobs left running by an earlier process were put back at start-up (recoverAtStart).
   * Reaping would also take its finished jobs that have rows: they stay 'running' with their results
   * in result blocks.
   */
  reap(): Promise<number> {
    return Promise.resolve(0);
  }

  /** The lock file proves no other process runs: whatever is running was left by one that died. */
  recoverAtStart(maxAttempts: number): Promise<number> {
    return requeueInterrupted(this.db, maxAttempts);
  }

  /**
   * Known at once: the worker, the only claimer, puts back its waiting jobs as a cancel begins
   * (beforeCancel), and asks here only for jobs it has not put back.
   */
  markFetching(_workerId: string, job: ClaimedJob): boolean {
    this.addFetching(job.batch_id, job.seq);
    return true;
  }

  private addFetching(batchId: string, seq: number): void {
    let seqs = this.fetching.get(batchId);
    if (!seqs) this.fetching.set(batchId, (seqs = new Set()));
    seqs.add(seq);
  }

  watchStart(job: ClaimedJob, flag: Int32Array): void {
    let flags = this.starting.get(job.batch_id);
    if (!flags) this.starting.set(job.batch_id, (flags = new Map()));
    flags.set(job.seq, flag);
  }

  ended(batchId: string, seq: number): void {
    const seqs = this.fetching.get(batchId);
    if (seqs?.delete(seq) && seqs.size === 0) this.fetching.delete(batchId);
    const flags = this.starting.get(batchId);
    if (flags?.delete(seq) && flags.size === 0) this.starting.delete(batchId);
  }

  fetchingSeqs(batchId: string): Promise<number[]> {
    // Jobs whose research thread crossed the shared start gate since the last read are running now.
    const flags = this.starting.get(batchId);
    for (const [seq, flag] of flags ?? []) {
      if (Atomics.load(flag, 0) !== START_FETCHING) continue;
      this.addFetching(batchId, seq);
      flags!.delete(seq);
    }
    if (flags?.size === 0) this.starting.delete(batchId);
    return Promise.resolve([...(this.fetching.get(batchId) ?? [])]);
  }

  beforeCancel(listener: (batchId: string) => Promise<void>): () => void {
    return this.cancels.beforeCancel(listener);
  }

  asCancel<T>(batchId: string, work: () => Promise<T>): Promise<T> {
    return this.cancels.asCancel(batchId, work);
  }
}
