import type { Db } from '../db/client';
import type { ClaimedJob } from './claim-types';
import { withdrawWaiting, type InFlight } from './in-flight';
import type { JobStore } from './job-store';
import type { ReadyJob, ReadyList } from './ready-list';
import { cancelledAmong } from './shared-reads';

/** How often a worker on a shared store looks whether another process cancelled a batch it runs. */
const POLL_MS = 1_000;

/** What a worker lends its CancelWatch. */
export interface CancelWatchHost {
  db: Db;
  jobs: JobStore;
  workerId: string;
  /** How long a cancelled batch's fetching jobs may still run (QUARRY_CANCEL_GRACE_MS). */
  graceMs: number;
  inFlight: Map<ClaimedJob, InFlight>;
  ready: ReadyList;
  /** The claim statement in flight, if any. */
  claiming(): Promise<unknown> | null;
  /** Takes a job that never sent a request out: stopped, its slot and host share freed now, no result. */
  drop(job: ClaimedJob, rec: InFlight): void;
}

/**
 * What one worker does when a batch it holds jobs of is cancelled (issue 31: a cancel stops spending).
 * Jobs still waiting for their first request leave at once, so their slots and host shares go to other
 * batches: on the embedded store they go back unstarted first and the cancel removes them as pending;
 * on the shared store the cancel removes their rows itself (JobStore.cancelRemovesWaiting). Fetching
 * ones finish, or are stopped when the grace ends; either way they are not retried (complete.ts).
 */
export class CancelWatch {
  /** Batches already acted on, so the shared store is not asked about them again. */
  private readonly seen = new Set<string>();
  private askedAt = 0;

  constructor(private readonly host: CancelWatchHost) {}

  /** A cancel of `batchId` begins in this process (JobStore.beforeCancel): done before its statements run. */
  async local(batchId: string): Promise<void> {
    const { ready, jobs } = this.host;
    // A claim sent before the cancel began may return jobs of its batch (later claims leave the batch
    // alone: CancelEpoch.cancelling). They reach the ready list as it returns, before this goes on.
    await this.host.claiming()?.catch(() => undefined);
    // Ready jobs (every batch's) go back unstarted as the cancel begins (ready-list.ts); taken first,
    // so none of them starts in a slot freed below.
    const putBack: ReadyJob[] = ready.takeAll();
    for (const { job, rec } of this.act(batchId)) {
      if (!jobs.cancelRemovesWaiting) putBack.push({ job, claimed: rec.claimed });
    }
    await ready.putBack(putBack);
  }

  /**
   * On a shared store another process may cancel a batch this worker runs: looks, at most every
   * POLL_MS while jobs are in flight (the worker's loop calls this), and acts as on a local cancel,
   * except that the cancel has removed the waiting jobs' rows already.
   */
  async poll(): Promise<void> {
    const { jobs, inFlight, db } = this.host;
    if (!jobs.cancelRemovesWaiting || inFlight.size === 0 || Date.now() - this.askedAt < POLL_MS) return;
    this.askedAt = Date.now();
    const held = new Set<string>();
    for (const job of inFlight.keys()) held.add(job.batch_id);
    for (const id of this.seen) if (!held.has(id)) this.seen.delete(id);
    const ask = [...held].filter((id) => !this.seen.has(id));
    if (ask.length === 0) return;
    try {
      for (const id of await cancelledAmong(db, ask)) this.act(id);
    } catch (err) {
      console.error('[quarry] looking for cancelled batches failed:', (err as Error).message);
    }
  }

  /** Drops the batch's waiting jobs (returned) and starts the grace of its fetching ones. */
  private act(batchId: string): { job: ClaimedJob; rec: InFlight }[] {
    this.seen.add(batchId);
    const { inFlight, graceMs } = this.host;
    const dropped: { job: ClaimedJob; rec: InFlight }[] = [];
    let fetching = false;
    for (const [job, rec] of [...inFlight]) {
      if (job.batch_id !== batchId) continue;
      if (withdrawWaiting(this.host.jobs, this.host.workerId, job, rec)) {
        this.host.drop(job, rec);
        dropped.push({ job, rec });
      } else if (rec.phase !== 'withdrawn' && !rec.cancelled) {
        rec.cancelled = true;
        fetching = true;
      }
    }
    if (fetching) {
      setTimeout(() => {
        for (const [job, rec] of inFlight) if (job.batch_id === batchId && rec.cancelled) rec.stop.abort();
      }, graceMs).unref();
    }
    return dropped;
  }
}
