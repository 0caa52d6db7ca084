import type { ClaimedJob } from './claim-types';
import type { JobStore } from './job-store';

/** A claimed job not yet started, with its claim statement's outcome (which may still be on its way). */
export interface ReadyJob {
  job: ClaimedJob;
  claimed: Promise<boolean>;
}

/**
 * Jobs a worker claimed and has not started, in claim order. Where the store lets a worker keep some
 * (JobStore.readyLimit), one claim statement serves several freed slots, and a freed slot starts its
 * next job at once instead of waiting to share a claim with others (per statement the embedded store's
 * thread costs about as much as a small job). Elsewhere a claim's jobs pass through it and start at
 * once. Ready jobs are not started: a cancel puts them back before it counts (JobStore.beforeCancel),
 * and so does Worker.stop().
 */
export class ReadyList {
  private items: ReadyJob[] = [];
  private puttingBack: Promise<void> = Promise.resolve();

  /** `afterPutBack`: jobs went back to the store (their batches now have rows waiting there). */
  constructor(
    private readonly jobs: JobStore,
    private readonly workerId: string,
    private readonly afterPutBack: () => void,
  ) {}

  get size(): number {
    return this.items.length;
  }

  add(job: ClaimedJob, claimed: Promise<boolean>): void {
    this.items.push({ job, claimed });
  }

  /**
   * Takes ready jobs in claim order while `hasSlot()`, skipping those `mayStart` holds back (their host
   * is at its cap or cooling down), and hands each to `start`.
   */
  startWhile(
    hasSlot: () => boolean,
    mayStart: (job: ClaimedJob, now: number) => boolean,
    start: (r: ReadyJob) => void,
  ): void {
    const now = Date.now();
    for (let i = 0; i < this.items.length && hasSlot();) {
      const item = this.items[i]!;
      if (!mayStart(item.job, now)) {
        i++;
        continue;
      }
      this.items.splice(i, 1);
      start(item);
    }
  }

  /** Adds the ready jobs to `counts` by host: they count against a host's cap when claiming too. */
  countHosts(counts: Map<string, number>): Map<string, number> {
    for (const { job } of this.items) counts.set(job.host, (counts.get(job.host) ?? 0) + 1);
    return counts;
  }

  /** Store ids of the ready jobs (a job claimed early has none until its claim statement ran). */
  storeIds(into: number[]): void {
    for (const { job } of this.items) if (job.id > 0) into.push(job.id);
  }

  /**
   * Ready jobs go back to the queue unstarted. The list is emptied synchronously (a cancel calls this
   * as it begins, so none of them can start after it). Put-backs run one after another and each
   * caller waits for all before it: a second cancel must not count rows the first is still putting back.
   */
  putBack(also: ReadyJob[] = []): Promise<void> {
    const items = also.length ? this.items.concat(also) : this.items;
    this.items = [];
    return this.releaseAfter(items);
  }

  /** Empties the list, handing its jobs to the caller (to put back with others: putBack). */
  takeAll(): ReadyJob[] {
    const items = this.items;
    this.items = [];
    return items;
  }

  /** Puts `items` back after every put-back before it (see putBack). */
  private releaseAfter(items: ReadyJob[]): Promise<void> {
    this.puttingBack = this.puttingBack.then(() => this.releaseNow(items));
    return this.puttingBack;
  }

  private async releaseNow(items: ReadyJob[]): Promise<void> {
    if (items.length === 0) return;
    // Their claim statements first, so the store has their rows (and they their ids).
    const ok = await Promise.all(items.map((i) => i.claimed.catch(() => false)));
    try {
      await this.jobs.releaseUnstarted(
        this.workerId,
        items.filter((_, n) => ok[n]).map((i) => i.job),
      );
    } catch (err) {
      // Their leases run out and the reaper puts them back.
      console.error('[quarry] putting back ready jobs failed:', (err as Error).message);
    }
    this.afterPutBack();
  }
}
