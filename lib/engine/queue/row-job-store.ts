import type { Db } from '../db/client';
import { claimJobs, renewLeases, type ClaimedJob } from './claim';
import { completeJobs, type Completion, type FinishedBatch } from './complete';
import type { ClaimRequest, JobStore, StoppedJob } from './job-store';
import { reapExpiredLeases } from './reaper';
import { releaseUnstarted } from './release';
import { StartGate } from './start-gate';
import { CancelEpoch } from './cancel-epoch';
import { stoppedCompletion } from './job-completion';
import { fetchingSeqs } from './shared-reads';

// With other workers on the store a finished job counts against its host's shared cap until its
// result is written, so results are written sooner than on the embedded store (with 50 ms one
// worker's throughput on one host fell to a third).
const FLUSH_DELAY_MS = 10;
// A claim statement costs about the same for one job as for several, so claiming per freed slot would
// cost more than small jobs themselves. Wait until a quarter of the slots are free, or at most this
// long after the first one frees, and claim them together: fewer statements, and slots stay busy
// (bench: quarter/2 ms beat half/5 ms).
const CLAIM_COALESCE_MS = 2;

/**
 * The job store where workers share PostgreSQL (JobStore): one row per job, claimed with SKIP LOCKED
 * and held by a lease, results written into the rows under the lease check, the reaper for workers
 * that died. A worker claims only as many jobs as it has free slots and keeps none ready: a claimed job
 * is a started job, so a cancel's "in progress" count is exact without telling the workers.
 */
export class RowJobStore implements JobStore {
  readonly flushDelayMs = FLUSH_DELAY_MS;
  readonly claimCoalesceMs = CLAIM_COALESCE_MS;
  readonly cancelRemovesWaiting = true;
  private readonly gates = new Map<string, StartGate>();
  /**
   * This process's cancels: its workers are told as one begins, so they free its waiting jobs' slots
   * at once, and leave the batch alone while it runs. Not for early starts, which this store has none of.
   */
  private readonly cancels = new CancelEpoch();

  constructor(private readonly db: Db) {}

  readyLimit(): number {
    return 0;
  }

  mayAddReady(): boolean {
    return false;
  }

  claim(req: ClaimRequest): Promise<ClaimedJob[]> {
    // No early start: other claimers may move the cursor, and only the statement's answer says what is ours.
    const { startEarly: _early, ...opts } = req;
    return claimJobs(this.db, { ...opts, cancels: this.cancels });
  }

  complete(workerId: string, items: Completion[]): Promise<FinishedBatch[]> {
    return completeJobs(this.db, workerId, items);
  }

  releaseUnstarted(workerId: string, jobs: ClaimedJob[]): Promise<void> {
    return releaseUnstarted(
      this.db,
      workerId,
      jobs.map((j) => j.id),
    );
  }

  async releaseStopped(workerId: string, jobs: StoppedJob[]): Promise<void> {
    await completeJobs(
      this.db,
      workerId,
      jobs.map(({ job, startedAt }) => stoppedCompletion(job, startedAt)),
    );
  }

  renewLeases(workerId: string, ids: number[], leaseMs: number): Promise<void> {
    return renewLeases(this.db, workerId, ids, leaseMs);
  }

  reap(maxAttempts: number): Promise<number> {
    return reapExpiredLeases(this.db, maxAttempts);
  }

  /** Other processes may be running their jobs: only an expired lease tells (reap). */
  recoverAtStart(): Promise<number> {
    return Promise.resolve(0);
  }

  markFetching(workerId: string, job: ClaimedJob): Promise<boolean> {
    let gate = this.gates.get(workerId);
    if (!gate) this.gates.set(workerId, (gate = new StartGate(this.db, workerId)));
    return gate.cross(job.id);
  }

  /** The row says it: a written result ends it. */
  ended(): void {}

  fetchingSeqs(batchId: string): Promise<number[]> {
    return fetchingSeqs(this.db, batchId);
  }

  /**
   * The cancel needs nothing from the workers for its counts (it removes waiting jobs itself); this
   * process's workers are told only so they stop those jobs and free their slots at once. Workers of
   * other processes notice within a second (Worker.noticeCancels).
   */
  beforeCancel(listener: (batchId: string) => Promise<void>): () => void {
    return this.cancels.beforeCancel(listener);
  }

  asCancel<T>(batchId: string, work: () => Promise<T>): Promise<T> {
    return this.cancels.asCancel(batchId, work);
  }
}
