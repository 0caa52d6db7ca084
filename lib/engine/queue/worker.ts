import { hostname } from 'node:os';
import type { TaskDefinition } from '@/lib/contract/task-definition';
import type { Db } from '../db/client';
import { newId } from '../ids';
import { failedOutcome, type JobOutcome, type Research } from '../tasks/execute';
import { ActiveBatchCache, type ClaimedJob } from './claim';
import type { FinishedBatch } from './complete';
import { HostLimitsView, pruneCooldowns } from './host-limits';
import type { JobStore, StoppedJob } from './job-store';
import { ReadyList } from './ready-list';
import { DeadlineTimer } from './deadline-timer';
import { CompletionFlusher } from './completion-flusher';
import { completionOf } from './job-completion';
import { executeJob } from './execute-job';
import { enqueueDueCompletionWebhooks } from '../webhooks/enqueue-due';
import { JobStop } from '../research/job-stop';
import { ReadySize } from './ready-size';

export interface WorkerOptions {
  db: Db;
  /** Where jobs are claimed and results written: the engine's (Engine.jobs), chosen with the store. */
  jobs: JobStore;
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
  /** How long a result waits for others to share its statement (default: JobStore.flushDelayMs). */
  flushDelayMs?: number;
}

/** The claim of a job claimed the usual way has already run. */
const CLAIMED = Promise.resolve(true);

const IDLE_POLL_MS = 500;

/**
 * Pulls jobs from its JobStore and runs them with bounded concurrency; results are group-committed
 * (completion-flusher.ts). It schedules and never asks which store it has: the store says how many
 * claimed jobs it may keep ready (none where a claimed job must be a started job), whether a claim
 * waits for more slots to free, and how long results wait for each other. A claim's jobs go through
 * the ready list (ready-list.ts), which holds each until its host is under the cap. Ready jobs are
 * not started: a cancel puts them back before it counts (JobStore.beforeCancel), and so do stop()
 * and a lost claim.
 */
export class Worker {
  readonly id = newId(`w-${hostname().slice(0, 12)}-${process.pid}`, 6);
  /** Running jobs: their claim statement's outcome (see run()) and when they started (epoch ms). */
  private readonly inFlight = new Map<ClaimedJob, { claimed: Promise<boolean>; startedAt: number }>();
  private readonly hostCount = new Map<string, number>();
  private wakeUp: (() => void) | null = null;
  /** A wake-up that came while the loop was not asleep (mid-claim): its next sleep returns at once. */
  private poked = false;
  private stopping = false;
  private loopDone: Promise<void> | null = null;
  private upkeepTimer: NodeJS.Timeout | null = null;
  private readonly deadlines: DeadlineTimer<ClaimedJob>;
  private readonly ready: ReadyList;
  private readonly flusher: CompletionFlusher;
  private unsubscribeCancel: (() => void) | null = null;
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
    this.deadlines = new DeadlineTimer(opts.jobTimeoutMs);
    this.ready = new ReadyList(opts.jobs, this.id, () => {
      this.active.invalidate(); // their batches now have rows waiting in the table
      this.poke();
    });
    this.flusher = new CompletionFlusher({
      db: opts.db,
      jobs: opts.jobs,
      workerId: this.id,
      delayMs: opts.flushDelayMs ?? opts.jobs.flushDelayMs,
      idle: () => this.inFlight.size === 0 && this.ready.size === 0,
      written: (finished) => {
        if (finished.length) this.opts.afterBatchesFinished?.(finished);
        // Read from the store (workers sharing PostgreSQL), a finished job counted against its host's
        // cap until this write: a claim that found the host full just before now has room. Without
        // this wake-up the loop slept IDLE_POLL_MS first, and a batch of one host at its cap ran
        // ~4 jobs/s there. A claimer that counts hosts itself merely looks once more.
        this.poke();
      },
    });
  }

  start(): void {
    if (this.loopDone) return;
    this.unsubscribeCancel = this.opts.jobs.beforeCancel(() => this.ready.putBack());
    this.loopDone = this.loop();
    this.upkeepTimer = setInterval(() => this.upkeep(), Math.max(1000, Math.floor(this.opts.leaseMs / 3)));
    this.upkeepTimer.unref();
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
    if (this.upkeepTimer) clearInterval(this.upkeepTimer);
    const until = Date.now() + deadlineMs;
    while (this.inFlight.size > 0 && Date.now() < until) await this.sleep(50);
    this.deadlines.stopAll();
    await this.loopDone;
    this.deadlines.clear();
    await this.ready.putBack();
    this.unsubscribeCancel?.();
    await Promise.all(this.confirming);
    await Promise.all(this.finishing);
    await this.flusher.flush();
    if (this.inFlight.size > 0) {
      // Stopped unfinished: back to the queue, their attempt counted, to run again from the start.
      const stopped: StoppedJob[] = [];
      for (const [job, { claimed, startedAt }] of this.inFlight) {
        if (await claimed) stopped.push({ job, startedAt });
      }
      this.inFlight.clear();
      await this.opts.jobs.releaseStopped(this.id, stopped);
    }
  }

  /** Every lease period's third: leases, the reaper, and sweeps of what an interruption left behind. */
  private upkeep(): void {
    const { db, jobs, leaseMs, maxAttempts } = this.opts;
    jobs
      .renewLeases(this.id, this.claimedIds(), leaseMs)
      .catch((e) => console.error('[quarry] lease renewal failed:', (e as Error).message));
    jobs.reap(maxAttempts).catch((e) => console.error('[quarry] reaper failed:', (e as Error).message));
    // Catch up completion webhooks whose enqueue was interrupted (a crash right after the batch closed).
    enqueueDueCompletionWebhooks(db)
      .then((n) => n && this.opts.afterBatchesFinished?.([]))
      .catch((e) => console.error('[quarry] webhook sweeper failed:', (e as Error).message));
    pruneCooldowns(db).catch((e) =>
      console.error('[quarry] cool-down cleanup failed:', (e as Error).message),
    );
  }

  /** Store ids of the jobs in flight or ready (a job claimed early has none until its claim statement ran). */
  private claimedIds(): number[] {
    const ids: number[] = [];
    for (const job of this.inFlight.keys()) if (job.id > 0) ids.push(job.id);
    this.ready.storeIds(ids);
    return ids;
  }

  private readonly hasSlot = (): boolean => this.inFlight.size < this.opts.concurrency;

  /** A ready job starts only when its host is under the cap (1 with a Crawl-delay) and not cooling down. */
  private readonly mayStart = (job: ClaimedJob, now: number): boolean => {
    const cap = this.hosts.serial(job.host, now) ? 1 : this.opts.hostCap;
    return (this.hostCount.get(job.host) ?? 0) < cap && this.hosts.cooledUntil(job.host) <= now;
  };

  private readonly runReady = ({ job, claimed }: { job: ClaimedJob; claimed: Promise<boolean> }): void =>
    this.run(job, claimed);

  /** Starts ready jobs while slots are free (the loop looks again at least every IDLE_POLL_MS). */
  private startReady(): void {
    if (this.stopping || this.ready.size === 0) return;
    this.ready.startWhile(this.hasSlot, this.mayStart, this.runReady);
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
    for (const job of jobs) this.ready.add(job, claimed);
    this.startReady();
  };

  private async loop(): Promise<void> {
    const { jobs, concurrency } = this.opts;
    let failures = 0;
    let firstFreeAt = 0;
    while (!this.stopping) {
      this.startReady();
      const free = concurrency - this.inFlight.size;
      // The ready list holds about 100 ms of work at the recent pace (ready-size.ts), where the store
      // lets it hold any; it may grow only when the store says so (not while a cancel runs).
      const readyMax = jobs.readyLimit(this.readySize.factor() * concurrency);
      const readyRoom = jobs.mayAddReady() ? Math.max(0, readyMax - this.ready.size) : 0;
      // Claim when a slot is free and nothing ready can start in it, or when the ready list is nearly gone.
      if (this.busyAndStocked() || (free <= 0 && readyRoom <= 0)) {
        firstFreeAt = 0;
        await this.sleep(IDLE_POLL_MS);
        continue;
      }
      if (this.inFlight.size > 0 && free < Math.ceil(concurrency / 4)) {
        // JobStore.claimCoalesceMs: claim freed slots together rather than one statement per slot.
        firstFreeAt ||= Date.now();
        const left = firstFreeAt + jobs.claimCoalesceMs - Date.now();
        if (left > 0) {
          await this.sleep(left);
          continue;
        }
      }
      firstFreeAt = 0;
      let claimed: ClaimedJob[] = [];
      const earlyBefore = this.startedEarly;
      try {
        claimed = await jobs.claim({
          workerId: this.id,
          limit: Math.max(0, free),
          leaseMs: this.opts.leaseMs,
          // Ready jobs count against their host too, beyond the cap by at most the ready list's size:
          // startReady() holds each until its host is under the cap.
          hostCap: this.opts.hostCap + readyMax,
          inFlightByHost: this.ready.countHosts(new Map(this.hostCount)),
          hosts: await this.hosts.load(),
          cache: this.active,
          startEarly: this.startEarly,
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
      // Through the ready list, which holds each job until its host is under the cap.
      for (const job of claimed) this.ready.add(job, CLAIMED);
      this.startReady();
      if (claimed.length === 0 && this.startedEarly === earlyBefore) await this.sleep(IDLE_POLL_MS);
    }
  }

  /** `claimed`: the outcome of the job's claim statement, which may still be on its way (startEarly). */
  private run(job: ClaimedJob, claimed: Promise<boolean>): void {
    const startedAt = Date.now();
    countHost(this.hostCount, job.host, 1);
    const stop = new JobStop();
    this.deadlines.add(job, stop);
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
    executeJob(this.opts, job, stop)
      .catch((err) => {
        console.error('[quarry] job crashed:', err);
        return failedOutcome('the job failed unexpectedly');
      })
      .then(async (outcome) => {
        this.deadlines.remove(job);
        this.readySize.note(performance.now() - began);
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

  /** Hands a finished job's result to the flusher, only for a claimed job and once its claim has run. */
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
    const completion = completionOf(job, outcome, startedAt, this.opts.maxAttempts);
    // A retry writes a pending job row, which the cached view of active batches does not know about.
    if (completion.state === 'retry') this.active.invalidate();
    this.flusher.add(completion);
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

  /** Every slot is busy and more than a quarter of them ready: nothing to claim. */
  private busyAndStocked(): boolean {
    return (
      this.inFlight.size >= this.opts.concurrency && this.ready.size > Math.ceil(this.opts.concurrency / 4)
    );
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
