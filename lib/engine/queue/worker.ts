import { hostname } from 'node:os';
import type { TaskDefinition } from '@/lib/contract/task-definition';
import type { Db } from '../db/client';
import { newId } from '../ids';
import { prepareRun } from '../tasks/build-research';
import { executeRun, failedOutcome, type JobOutcome, type Research } from '../tasks/execute';
import { ActiveBatchCache, claimJobs, renewLeases, type ClaimedJob } from './claim';
import { completeJobs, usageOf, type Completion, type FinishedBatch } from './complete';
import { retryDelayMs } from './backoff';
import { HostLimitsView, pruneCooldowns } from './host-limits';
import { reapExpiredLeases } from './reaper';
import { beforeCancel, noCancelRunning } from './cancel-epoch';
import { insertPending, releaseUnstarted, type PendingRow } from './release';
import { enqueueDueCompletionWebhooks } from '../webhooks/enqueue-due';
import { JobStop } from '../research/job-stop';
import { ReadySize } from './ready-size';

export interface WorkerOptions {
  db: Db;
  research: Research;
  loadDefinition(taskId: string, version: number): Promise<TaskDefinition>;
  allowPrivate: boolean;
  concurrency: number;
  hostCap: number;
  leaseMs: number;
  maxAttempts: number;
  jobTimeoutMs: number;
  /** Told about batches a completion group finished (after their webhook deliveries are enqueued). */
  afterBatchesFinished?: (finished: FinishedBatch[]) => void;
  /** Other worker processes share the store (PostgreSQL): count every worker's jobs per host. */
  sharedHostLimits?: boolean;
  /**
   * This worker is the store's only claimer (the embedded store, which one process holds): it starts
   * new rows' jobs as it sends their claim statement instead of after it returns, and keeps up to
   * 2 to 8 × `concurrency` more claimed jobs ready to start the moment a slot frees (cancel-epoch.ts).
   */
  soleClaimer?: boolean;
  /** How long a result waits for others to share its statement (default: FLUSH_DELAY_MS or SHARED_FLUSH_DELAY_MS). */
  flushDelayMs?: number;
}

/** The claim of a job claimed the usual way has already run. */
const CLAIMED = Promise.resolve(true);

// Results wait this long for others to share their statement. On the embedded store a completion
// statement costs ~2 ms of its thread however few rows it carries, plus ~0.09 ms per row, so larger
// groups are cheaper per job: at ~1,500 jobs/s, 50 ms and at most 64 rows made ~40-row statements and
// cost the store thread ~0.17 ms per job; 100 ms and 256 make ~110-row statements at ~0.11 ms per job.
// (Before the statement was planned per call its cost grew with the square of the group; see
// db/plan-per-call.ts.) A result waits at most this long, and not at all when nothing else runs.
// With other workers on the store (PostgreSQL) a finished job counts against its host's shared cap
// until its result is written, so results are written sooner there (with 50 ms one worker's
// throughput on one host fell to a third).
const FLUSH_DELAY_MS = 100;
const SHARED_FLUSH_DELAY_MS = 10;
const FLUSH_MAX = 256;
const IDLE_POLL_MS = 500;
// Without a ready list (workers sharing PostgreSQL): a claim statement costs about the same for one
// job as for several, so claiming per freed slot would cost more than small jobs themselves. Wait
// until a quarter of the slots are free, or at most this long after the first one frees, and claim
// them together: fewer statements, and slots stay busy (bench: quarter/2 ms beat half/5 ms).
const CLAIM_COALESCE_MS = 2;

/**
 * Pulls jobs from the jobs table and runs them with bounded concurrency. Results are group-committed
 * every few milliseconds.
 * On PostgreSQL (many claimers) it claims only as many jobs as it has free slots, so a claimed job is
 * a started job: cancel's "in progress" count is exact. As the embedded store's sole claimer it also
 * keeps claimed jobs ready (`ready`): one claim statement then serves several freed slots, and a freed
 * slot starts its next job at once instead of waiting to share a claim with others (per statement the
 * store thread costs about as much as a small job). Ready jobs are not started: a cancel puts them
 * back before it counts (beforeCancel), and so do stop() and a lost claim.
 */
export class Worker {
  readonly id = newId(`w-${hostname().slice(0, 12)}-${process.pid}`, 6);
  /** Running jobs: their claim statement's outcome (see run()) and when they started (epoch ms). */
  private readonly inFlight = new Map<ClaimedJob, { claimed: Promise<boolean>; startedAt: number }>();
  private readonly hostCount = new Map<string, number>();
  private buffer: Completion[] = [];
  private flushTimer: NodeJS.Timeout | null = null;
  private flushing: Promise<void> = Promise.resolve();
  private wakeUp: (() => void) | null = null;
  /** A wake-up that came while the loop was not asleep (mid-claim): its next sleep returns at once. */
  private poked = false;
  private stopping = false;
  private loopDone: Promise<void> | null = null;
  private leaseTimer: NodeJS.Timeout | null = null;
  /**
   * Each running job's stop switch and deadline, in start order. Every job gets the same time, so
   * deadlines come in that order too, and one timer, set for the oldest job's, serves them all (a
   * timer per job cost ~3 µs of the main thread per job to set and clear).
   */
  private readonly stops = new Map<ClaimedJob, { stop: JobStop; deadline: number }>();
  private deadlineTimer: NodeJS.Timeout | null = null;
  /** Claimed, not started (sole claimer only), in claim order; `claimed` as in run(). */
  private ready: { job: ClaimedJob; claimed: Promise<boolean> }[] = [];
  private unsubscribeCancel: (() => void) | null = null;
  private puttingBack: Promise<void> = Promise.resolve();
  /** Outcomes of claim statements whose jobs started early, until they are known. */
  private readonly confirming = new Set<Promise<void>>();
  /** Jobs whose work is done and whose result is not yet in the buffer (waiting for their claim). */
  private readonly finishing = new Set<Promise<void>>();
  private startedEarly = 0;
  private readonly readySize = new ReadySize();
  private readonly active = new ActiveBatchCache();
  private readonly hosts: HostLimitsView;

  constructor(private readonly opts: WorkerOptions) {
    this.hosts = new HostLimitsView(opts.db, opts.sharedHostLimits ?? false);
  }

  start(): void {
    if (this.loopDone) return;
    if (this.opts.soleClaimer) this.unsubscribeCancel = beforeCancel(() => this.putBackReady());
    this.loopDone = this.loop();
    this.leaseTimer = setInterval(
      () => {
        renewLeases(this.opts.db, this.id, this.claimedIds(), this.opts.leaseMs).catch((e) =>
          console.error('[quarry] lease renewal failed:', (e as Error).message),
        );
        // The sole claimer's store is held by this process alone: its running jobs are its own and
        // renewed here, and jobs left running by an earlier process were put back at start-up
        // (requeueInterrupted). Reaping would also take its finished jobs that have rows: they stay
        // 'running' with their results in result blocks.
        if (!this.opts.soleClaimer) {
          reapExpiredLeases(this.opts.db, this.opts.maxAttempts).catch((e) =>
            console.error('[quarry] reaper failed:', (e as Error).message),
          );
        }
        // Catch up completion webhooks whose enqueue was interrupted (a crash right after the batch closed).
        enqueueDueCompletionWebhooks(this.opts.db)
          .then((n) => n && this.opts.afterBatchesFinished?.([]))
          .catch((e) => console.error('[quarry] webhook sweeper failed:', (e as Error).message));
        pruneCooldowns(this.opts.db).catch((e) =>
          console.error('[quarry] cool-down cleanup failed:', (e as Error).message),
        );
      },
      Math.max(1000, Math.floor(this.opts.leaseMs / 3)),
    );
    this.leaseTimer.unref();
  }

  /** Something changed (a new batch, a cancel): look at the batches afresh and claim now. */
  wake(): void {
    this.active.invalidate();
    this.poke();
  }

  get busy(): number {
    return this.inFlight.size;
  }

  /**
   * Stop claiming; give in-flight jobs until the deadline to finish, then release the rest back to the
   * queue (they were not finished, so another worker runs them from the start).
   */
  async stop(deadlineMs = 10_000): Promise<void> {
    this.stopping = true;
    this.wake();
    if (this.leaseTimer) clearInterval(this.leaseTimer);
    const until = Date.now() + deadlineMs;
    while (this.inFlight.size > 0 && Date.now() < until) await this.sleep(50);
    for (const { stop } of this.stops.values()) stop.abort();
    await this.loopDone;
    if (this.deadlineTimer) clearTimeout(this.deadlineTimer);
    this.deadlineTimer = null;
    await this.putBackReady();
    this.unsubscribeCancel?.();
    await Promise.all(this.confirming);
    await Promise.all(this.finishing);
    await this.flush();
    if (this.inFlight.size > 0) {
      // Stopped unfinished: back to the queue, their attempt counted, to run again from the start.
      const ids = this.claimedIds();
      const rowless: PendingRow[] = [];
      for (const [job, { claimed, startedAt }] of this.inFlight) {
        if (job.rowless && (await claimed)) rowless.push(pendingRow(job, job.attempts, startedAt, 0));
      }
      this.inFlight.clear();
      await insertPending(this.opts.db, rowless);
      await completeJobs(
        this.opts.db,
        this.id,
        ids.map((id) => ({ id, state: 'retry' as const, retryDelayMs: 0 })),
      );
    }
  }

  /** Store ids of the jobs in flight or ready (a job claimed early has none until its claim statement ran). */
  private claimedIds(): number[] {
    const ids: number[] = [];
    for (const job of this.inFlight.keys()) if (job.id > 0) ids.push(job.id);
    for (const { job } of this.ready) if (job.id > 0) ids.push(job.id);
    return ids;
  }

  /**
   * Ready jobs go back to the queue unstarted. The list is emptied synchronously (a cancel calls this
   * as it begins, so none of them can start after it). Put-backs run one after another and each
   * caller waits for all before it: a second cancel must not count rows the first is still putting back.
   */
  private putBackReady(): Promise<void> {
    const items = this.ready;
    this.ready = [];
    this.puttingBack = this.puttingBack.then(() => this.release(items));
    return this.puttingBack;
  }

  private async release(items: { job: ClaimedJob; claimed: Promise<boolean> }[]): Promise<void> {
    if (items.length === 0) return;
    // Their claim statements first, so the store has their rows (and they their ids).
    const ok = await Promise.all(items.map((i) => i.claimed.catch(() => false)));
    const ids = items.filter((_, n) => ok[n] && items[n]!.job.id > 0).map((i) => i.job.id);
    // A job without a row goes back as the row its claim would have written for a parked job.
    const rowless = items.filter((i, n) => ok[n] && i.job.rowless).map((i) => pendingRow(i.job, 0, null, 0));
    try {
      await insertPending(this.opts.db, rowless);
      await releaseUnstarted(this.opts.db, this.id, ids);
    } catch (err) {
      // Their leases run out and the reaper puts them back.
      console.error('[quarry] putting back ready jobs failed:', (err as Error).message);
    }
    this.active.invalidate(); // their batches now have rows waiting in the table
    this.poke();
  }

  /**
   * Starts ready jobs while slots are free, each only when its host is under the cap (1 for a host with
   * a Crawl-delay) and not cooling down (the loop looks again at least every IDLE_POLL_MS).
   */
  private startReady(): void {
    if (this.stopping || this.ready.length === 0) return;
    const now = Date.now();
    for (let i = 0; i < this.ready.length && this.inFlight.size < this.opts.concurrency;) {
      const { job, claimed } = this.ready[i]!;
      const cap = this.hosts.serial(job.host, now) ? 1 : this.opts.hostCap;
      if ((this.hostCount.get(job.host) ?? 0) >= cap || this.hosts.cooledUntil(job.host) > now) {
        i++;
        continue;
      }
      this.ready.splice(i, 1);
      this.run(job, claimed);
    }
  }

  /** Started and ready jobs by host: ready ones count against a host's cap when claiming too. */
  private claimedByHost(): Map<string, number> {
    const counts = new Map(this.hostCount);
    for (const { job } of this.ready) countHost(counts, job.host, 1);
    return counts;
  }

  private readonly startEarly = (jobs: ClaimedJob[], claimed: Promise<boolean>): void => {
    const known = claimed.then(
      (ok) => {
        if (!ok) this.active.invalidate(); // not expected (see cancel-epoch.ts); look afresh
      },
      (err: unknown) => {
        this.active.invalidate();
        console.error('[quarry] claim failed:', (err as Error).message);
      },
    );
    track(this.confirming, known);
    this.startedEarly += jobs.length;
    for (const job of jobs) this.ready.push({ job, claimed });
    this.startReady();
  };

  private async loop(): Promise<void> {
    let failures = 0;
    let firstFreeAt = 0;
    while (!this.stopping) {
      this.startReady();
      const free = this.opts.concurrency - this.inFlight.size;
      const sole = Boolean(this.opts.soleClaimer);
      // While a cancel runs nothing is kept ready: a claim it overlaps cannot hand its jobs over early.
      const readyFactor = this.readySize.factor();
      const readyRoom =
        sole && noCancelRunning() ? Math.max(0, readyFactor * this.opts.concurrency - this.ready.length) : 0;
      if (sole) {
        // Claim when a slot is free and nothing ready can start in it, or when the ready list is nearly gone.
        if (this.busyAndStocked()) {
          await this.sleep(IDLE_POLL_MS);
          continue;
        }
      } else if (free <= 0) {
        firstFreeAt = 0;
        await this.sleep(IDLE_POLL_MS);
        continue;
      }
      const quarter = Math.ceil(this.opts.concurrency / 4);
      if (!sole && this.inFlight.size > 0 && free < quarter) {
        firstFreeAt ||= Date.now();
        const left = firstFreeAt + CLAIM_COALESCE_MS - Date.now();
        if (left > 0) {
          await this.sleep(left);
          continue;
        }
      }
      firstFreeAt = 0;
      let claimed: ClaimedJob[] = [];
      const earlyBefore = this.startedEarly;
      try {
        claimed = await claimJobs(this.opts.db, {
          workerId: this.id,
          limit: Math.max(0, free),
          leaseMs: this.opts.leaseMs,
          // Ready jobs count against their host too, beyond the cap by at most the ready list's size:
          // startReady() holds each until its host is under the cap.
          hostCap: sole ? this.opts.hostCap + readyFactor * this.opts.concurrency : this.opts.hostCap,
          inFlightByHost: sole ? this.claimedByHost() : this.hostCount,
          hosts: await this.hosts.load(),
          cache: this.active,
          startEarly: sole ? this.startEarly : undefined,
          readyRoom,
        });
        failures = 0;
      } catch (err) {
        // The store may be briefly unreachable (PostgreSQL restarting): back off and try again.
        failures++;
        console.error('[quarry] claim failed:', (err as Error).message);
        await this.sleep(Math.min(10_000, 200 * 2 ** failures));
        continue;
      }
      if (sole) {
        // Through the ready list, which holds each job until its host is under the cap.
        for (const job of claimed) this.ready.push({ job, claimed: CLAIMED });
        this.startReady();
      } else for (const job of claimed) this.run(job, CLAIMED);
      if (claimed.length === 0 && this.startedEarly === earlyBefore) await this.sleep(IDLE_POLL_MS);
    }
  }

  /** `claimed`: the outcome of the job's claim statement, which may still be on its way (startEarly). */
  private run(job: ClaimedJob, claimed: Promise<boolean>): void {
    const startedAt = Date.now();
    countHost(this.hostCount, job.host, 1);
    const stop = new JobStop();
    this.stops.set(job, { stop, deadline: performance.now() + this.opts.jobTimeoutMs }); // monotonic: in start order
    this.armDeadline();
    let isClaimed = CLAIMED;
    if (claimed !== CLAIMED) {
      isClaimed = claimed.then(
        (ok) => ok,
        () => false,
      );
      // A claim that did not go through: stop the job at once; it ends without a result.
      void isClaimed.then((ok) => ok || stop.abort());
    }
    this.inFlight.set(job, { claimed: isClaimed, startedAt });
    const began = performance.now();
    this.execute(job, stop)
      .catch((err) => {
        console.error('[quarry] job crashed:', err);
        return failedOutcome('the job failed unexpectedly');
      })
      .then(async (outcome) => {
        this.stops.delete(job);
        this.readySize.note(performance.now() - began);
        if (this.stops.size === 0 && this.deadlineTimer) {
          // Nothing runs: no deadline to wait for (a pending timer would keep the process alive).
          clearTimeout(this.deadlineTimer);
          this.deadlineTimer = null;
        }
        if (this.stopping && stop.aborted) {
          // Stopped by stop(): a claimed job stays in flight, and stop() puts it back unfinished.
          if (!(await isClaimed)) this.vacate(job);
          return;
        }
        if (outcome.crawlDelayMs) {
          // Noted before the slot goes: the host's next job waits out the delay, on every worker.
          this.hosts
            .noteCrawlDelay(job.host, outcome.crawlDelayMs)
            .catch((e) => console.error('[quarry] recording a crawl delay failed:', (e as Error).message));
        }
        // Its work is done: the slot and the host's share go to the next job now. A job started
        // early can finish before its claim statement has run (queued behind a group of results on
        // the store thread); its slot would otherwise stand idle until then.
        this.vacate(job);
        track(this.finishing, this.finish(job, outcome, isClaimed, startedAt));
      });
  }

  /** Hands a finished job's result to the buffer, only for a claimed job and once its claim has run. */
  private async finish(
    job: ClaimedJob,
    outcome: JobOutcome,
    isClaimed: Promise<boolean>,
    startedAt: number,
  ): Promise<void> {
    if (!(await isClaimed)) return;
    if (outcome.retryAfterSeconds) {
      // The host asked to wait: no worker starts another of its jobs before then.
      this.hosts
        .noteCooldown(job.host, outcome.retryAfterSeconds)
        .catch((e) => console.error('[quarry] recording a cool-down failed:', (e as Error).message));
    }
    const completion = this.toCompletion(job, outcome, startedAt);
    // A retry writes a pending job row, which the cached view of active batches does not know about.
    if (completion.state === 'retry') this.active.invalidate();
    this.enqueue(completion);
  }

  /** A job no longer runs: free its slot and its host's share, and start what can start. */
  private vacate(job: ClaimedJob): void {
    this.inFlight.delete(job);
    countHost(this.hostCount, job.host, -1);
    this.startReady();
    // A ready job took the slot and enough are left: the loop would look and sleep again, a timer set
    // and cleared for every job. It looks once the list runs low or a slot stays free.
    if (!this.busyAndStocked()) this.poke();
  }

  /** The sole claimer has every slot busy and more than a quarter of them ready: nothing to claim. */
  private busyAndStocked(): boolean {
    return (
      Boolean(this.opts.soleClaimer) &&
      this.inFlight.size >= this.opts.concurrency &&
      this.ready.length > Math.ceil(this.opts.concurrency / 4)
    );
  }

  /** Sets the one deadline timer for the oldest running job, unless it is set. */
  private armDeadline(): void {
    if (this.deadlineTimer) return;
    const oldest = this.stops.values().next();
    if (oldest.done) return;
    this.deadlineTimer = setTimeout(
      () => this.stopOverdue(),
      Math.max(0, oldest.value.deadline - performance.now()),
    );
  }

  /** Stops every job past its deadline (the oldest first), then sets the timer for the next. */
  private stopOverdue(): void {
    this.deadlineTimer = null;
    const now = performance.now();
    for (const { stop, deadline } of this.stops.values()) {
      if (deadline > now) break;
      stop.abort();
    }
    // Stopped jobs leave the map as they end; the timer is set for the oldest one not yet stopped.
    for (const { stop, deadline } of this.stops.values()) {
      if (stop.aborted) continue;
      this.deadlineTimer = setTimeout(() => this.stopOverdue(), Math.max(0, deadline - now));
      return;
    }
  }

  private async execute(job: ClaimedJob, signal: JobStop): Promise<JobOutcome> {
    const def = await this.opts.loadDefinition(job.task_id, job.task_version);
    const prepared = prepareRun(def, job.inputs, this.opts.allowPrivate);
    if (!prepared.ok) return failedOutcome(prepared.message);
    try {
      return await executeRun(this.opts.research, prepared.run, false, signal);
    } catch (err) {
      if (signal.aborted) {
        return failedOutcome(
          `the job did not finish within ${Math.round(this.opts.jobTimeoutMs / 1000)} s`,
          true,
        );
      }
      throw err;
    }
  }

  private toCompletion(job: ClaimedJob, o: JobOutcome, startedAt: number): Completion {
    if (o.error_detected && o.transient && job.attempts < this.opts.maxAttempts) {
      const delay = retryDelayMs(job.attempts, o.retryAfterSeconds);
      return {
        id: job.id,
        state: 'retry',
        retryDelayMs: delay,
        ...(job.rowless ? { pending: pendingRow(job, job.attempts, startedAt, delay) } : {}),
      };
    }
    const { transient: _t, retryAfterSeconds: _r, crawlDelayMs: _c, ...stored } = o;
    return {
      id: job.id,
      batchId: job.batch_id,
      seq: job.seq,
      jobId: job.job_id,
      startedAt,
      state: o.error_detected ? 'failed' : 'succeeded',
      // Serialized now, while the outcome is young (Completion.resultJson says why).
      resultJson: JSON.stringify(stored),
      usage: usageOf(stored),
      errorDetected: o.error_detected,
      error: o.error,
    };
  }

  private enqueue(c: Completion): void {
    this.buffer.push(c);
    // Nothing running or ready (the end of a batch, or a lone job): no other result is coming to
    // share the statement, and waiting would only delay the batch's completion by up to the delay.
    const idle = this.inFlight.size === 0 && this.ready.length === 0;
    if (this.buffer.length >= FLUSH_MAX || idle) void this.flush();
    else if (!this.flushTimer) {
      const delay =
        this.opts.flushDelayMs ?? (this.opts.soleClaimer ? FLUSH_DELAY_MS : SHARED_FLUSH_DELAY_MS);
      this.flushTimer = setTimeout(() => void this.flush(), delay);
    }
  }

  /** Flushes run one at a time; a failed flush puts its items back and is retried. */
  private flush(): Promise<void> {
    if (this.flushTimer) clearTimeout(this.flushTimer);
    this.flushTimer = null;
    this.flushing = this.flushing.then(async () => {
      const items = this.buffer;
      this.buffer = [];
      if (items.length === 0) return;
      try {
        const finished = await this.completeWithHook(items);
        if (finished.length) this.opts.afterBatchesFinished?.(finished);
        // Read from the store (workers sharing PostgreSQL), a finished job counted against its host's
        // cap until this write: a claim that found the host full just before now has room. Without
        // this wake-up the loop slept IDLE_POLL_MS first, and a batch of one host at its cap ran
        // ~4 jobs/s there. A claimer that counts hosts itself merely looks once more.
        this.poke();
      } catch (err) {
        console.error('[quarry] writing results failed, will retry:', (err as Error).message);
        this.buffer = items.concat(this.buffer);
        if (!this.flushTimer) this.flushTimer = setTimeout(() => void this.flush(), 1000);
      }
    });
    return this.flushing;
  }

  private async completeWithHook(items: Completion[]): Promise<FinishedBatch[]> {
    // The sole claimer writes results into result blocks (CompleteOptions.inBlocks says why it may).
    const finished = await completeJobs(this.opts.db, this.id, items, { inBlocks: this.opts.soleClaimer });
    const withHook = finished.filter((b) => b.webhook_url).map((b) => b.id);
    if (withHook.length) await enqueueDueCompletionWebhooks(this.opts.db, withHook);
    return finished;
  }

  /**
   * Something the loop waits for happened (a slot freed, a batch arrived, results written). A wake-up
   * while the loop is not asleep, say while a claim statement runs, is kept for its next sleep: lost,
   * it let a claim that had just found a host full sleep IDLE_POLL_MS although the host had room again.
   */
  private poke(): void {
    if (this.wakeUp) this.wakeUp();
    else this.poked = true;
  }

  private sleep(ms: number): Promise<void> {
    if (this.poked) {
      this.poked = false;
      return Promise.resolve();
    }
    return new Promise((resolve) => {
      const t = setTimeout(done, ms);
      const self = this;
      function done() {
        clearTimeout(t);
        if (self.wakeUp === done) self.wakeUp = null;
        resolve();
      }
      this.wakeUp = done;
    });
  }
}

/** A job without a row as the pending row it goes back to the queue as (release.ts). */
function pendingRow(
  job: ClaimedJob,
  attempts: number,
  startedAt: number | null,
  delayMs: number,
): PendingRow {
  return {
    jobId: job.job_id,
    batchId: job.batch_id,
    seq: job.seq,
    dataUuid: job.data_uuid,
    inputs: job.inputs,
    host: job.host,
    attempts,
    startedAt,
    delayMs,
  };
}

function countHost(counts: Map<string, number>, host: string, by: number): void {
  const n = (counts.get(host) ?? 0) + by;
  if (n <= 0) counts.delete(host);
  else counts.set(host, n);
}

/** Keeps `p` in `set` until it settles (it never rejects): stop() waits for what is in the set. */
function track(set: Set<Promise<void>>, p: Promise<void>): void {
  set.add(p);
  void p.then(() => set.delete(p));
}
