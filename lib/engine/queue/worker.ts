import { hostname } from 'node:os';
import type { TaskDefinition } from '@/lib/contract/task-definition';
import type { Db } from '../db/client';
import { newId } from '../ids';
import { failedOutcome, type JobOutcome, type Research } from '../tasks/execute';
import { ActiveBatchCache, type ClaimedJob } from './claim';
import type { FinishedBatch } from './complete';
import { HostLimitsView, pruneCooldowns } from './host-limits';
import type { JobStore } from './job-store';
import { ReadyList } from './ready-list';
import { crossGate, newInFlight, releaseInFlight, type InFlight } from './in-flight';
import { LoopSleep } from './loop-sleep';
import { CancelWatch } from './cancel-watch';
import { DeadlineTimer } from './deadline-timer';
import { CompletionFlusher } from './completion-flusher';
import { completionOf } from './job-completion';
import { executeJob } from './execute-job';
import { enqueueDueCompletionWebhooks } from '../webhooks/enqueue-due';
import { JobStop, shareStart } from '../research/job-stop';
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
  /** How long a cancelled batch's running jobs may still take before they are stopped (default 15 s). */
  cancelGraceMs?: number;
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
const DEFAULT_CANCEL_GRACE_MS = 15_000;

/**
 * Pulls jobs from its JobStore and runs them with bounded concurrency; results are group-committed
 * (completion-flusher.ts). It schedules and never asks which store it has: the store says how many
 * claimed jobs it may keep ready (none where a claimed job must be a started job), whether a claim
 * waits for more slots to free, and how long results wait for each other. A claim's jobs go through
 * the ready list (ready-list.ts), which holds each until its host is under the cap. Ready jobs are
 * not started: a cancel puts them back before it counts (JobStore.beforeCancel), and so do stop()
 * and a lost claim. A started job runs only from its first page request (in-flight.ts, its start
 * gate); until then a cancel of its batch takes it out and frees its slot (cancel-watch.ts).
 */
export class Worker {
  readonly id = newId(`w-${hostname().slice(0, 12)}-${process.pid}`, 6);
  /** Jobs in flight: their claim statement's outcome (see run()), start (epoch ms) and phase. */
  private readonly inFlight = new Map<ClaimedJob, InFlight>();
  /** The claim statement in flight, if any (a cancel waits for it: cancel-watch.ts). */
  private claiming: Promise<ClaimedJob[]> | null = null;
  private readonly hostCount = new Map<string, number>();
  private readonly sleeper = new LoopSleep();
  private stopping = false;
  private loopDone: Promise<void> | null = null;
  private upkeepTimer: NodeJS.Timeout | null = null;
  private readonly deadlines: DeadlineTimer<ClaimedJob>;
  private readonly ready: ReadyList;
  private readonly cancels: CancelWatch;
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
      this.sleeper.poke();
    });
    this.cancels = new CancelWatch({
      db: opts.db,
      jobs: opts.jobs,
      workerId: this.id,
      graceMs: opts.cancelGraceMs ?? DEFAULT_CANCEL_GRACE_MS,
      inFlight: this.inFlight,
      ready: this.ready,
      claiming: () => this.claiming,
      drop: (job, rec) => this.drop(job, rec),
    });
    this.flusher = new CompletionFlusher({
      db: opts.db,
      jobs: opts.jobs,
      workerId: this.id,
      delayMs: opts.flushDelayMs ?? opts.jobs.flushDelayMs,
      idle: () => this.inFlight.size === 0 && this.ready.size === 0,
      written: (finished, items) => {
        // Written: those jobs no longer run (the embedded store's count of running jobs).
        for (const c of items) if (c.batchId && c.seq !== undefined) opts.jobs.ended(c.batchId, c.seq);
        if (finished.length) this.opts.afterBatchesFinished?.(finished);
        // Read from the store (workers sharing PostgreSQL), a finished job counted against its host's
        // cap until this write: a claim that found the host full just before now has room. Without
        // this wake-up the loop slept IDLE_POLL_MS first, and a batch of one host at its cap ran
        // ~4 jobs/s there. A claimer that counts hosts itself merely looks once more.
        this.sleeper.poke();
      },
    });
  }

  start(): void {
    if (this.loopDone) return;
    this.unsubscribeCancel = this.opts.jobs.beforeCancel((batchId) => this.cancels.local(batchId));
    this.loopDone = this.loop();
    this.upkeepTimer = setInterval(() => this.upkeep(), Math.max(1000, Math.floor(this.opts.leaseMs / 3)));
    this.upkeepTimer.unref();
  }

  /** Something changed (a new batch, a cancel): look at the batches afresh and claim now. */
  wake(): void {
    this.active.invalidate();
    this.sleeper.poke();
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
    while (this.inFlight.size > 0 && Date.now() < until) await this.sleeper.sleep(50);
    this.deadlines.stopAll();
    await this.loopDone;
    this.deadlines.clear();
    await this.ready.putBack();
    this.unsubscribeCancel?.();
    await Promise.all(this.confirming);
    await Promise.all(this.finishing);
    await this.flusher.flush();
    await releaseInFlight(this.opts.jobs, this.id, this.inFlight);
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
      await this.cancels.poll();
      this.startReady();
      const free = concurrency - this.inFlight.size;
      // The ready list holds about 100 ms of work at the recent pace (ready-size.ts), where the store
      // lets it hold any; it may grow only when the store says so (not while a cancel runs).
      const readyMax = jobs.readyLimit(this.readySize.factor() * concurrency);
      const readyRoom = jobs.mayAddReady() ? Math.max(0, readyMax - this.ready.size) : 0;
      // Claim when a slot is free and nothing ready can start in it, or when the ready list is nearly gone.
      if (this.busyAndStocked() || (free <= 0 && readyRoom <= 0)) {
        firstFreeAt = 0;
        await this.sleeper.sleep(IDLE_POLL_MS);
        continue;
      }
      if (this.inFlight.size > 0 && free < Math.ceil(concurrency / 4)) {
        // JobStore.claimCoalesceMs: claim freed slots together rather than one statement per slot.
        firstFreeAt ||= Date.now();
        const left = firstFreeAt + jobs.claimCoalesceMs - Date.now();
        if (left > 0) {
          await this.sleeper.sleep(left);
          continue;
        }
      }
      firstFreeAt = 0;
      let claimed: ClaimedJob[] = [];
      const earlyBefore = this.startedEarly;
      try {
        claimed = await (this.claiming = jobs.claim({
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
        }));
        failures = 0;
      } catch (err) {
        // The store may be briefly unreachable (PostgreSQL restarting): back off and try again.
        failures++;
        console.error('[quarry] claim failed:', (err as Error).message);
        await this.sleeper.sleep(Math.min(10_000, 200 * 2 ** failures));
        continue;
      }
      // Through the ready list, which holds each job until its host is under the cap.
      for (const job of claimed) this.ready.add(job, CLAIMED);
      this.startReady();
      if (claimed.length === 0 && this.startedEarly === earlyBefore) await this.sleeper.sleep(IDLE_POLL_MS);
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
    const rec = newInFlight(isClaimed, startedAt, stop);
    const cross = () => crossGate(this.opts.jobs, this.id, job, rec, () => this.drop(job, rec));
    stop.gate = cross;
    if (this.opts.jobs.watchStart) this.opts.jobs.watchStart(job, shareStart(stop));
    this.inFlight.set(job, rec);
    const began = performance.now();
    executeJob(this.opts, job, stop)
      .catch((err) => {
        console.error('[quarry] job crashed:', err);
        return failedOutcome('the job failed unexpectedly');
      })
      .then(async (outcome) => {
        // Withdrawn (its batch cancelled before it fetched): its slot is already free, and it was put
        // back or removed.
        if (rec.phase === 'withdrawn') return;
        this.deadlines.remove(job);
        this.readySize.note(performance.now() - began);
        if (this.stopping && stop.aborted) {
          // Stopped by stop(): a claimed job stays in flight, and stop() puts it back unfinished.
          if (!(await isClaimed)) this.vacate(job);
          return;
        }
        // Every result is of a job that crossed its start gate: one that ended before its first page
        // request (an address refused, robots.txt) crosses now, unless its batch was cancelled.
        if (!(await cross())) return;
        if (rec.cancelled && stop.aborted) {
          const grace = Math.round((this.opts.cancelGraceMs ?? DEFAULT_CANCEL_GRACE_MS) / 1000);
          outcome = failedOutcome(
            `stopped: its batch was cancelled and this row did not finish within ${grace} s`,
          );
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

  /** A job that never sent a request leaves: stopped, its slot and host share freed now, no result. */
  private drop(job: ClaimedJob, rec: InFlight): void {
    rec.phase = 'withdrawn';
    this.opts.jobs.ended(job.batch_id, job.seq);
    this.deadlines.remove(job);
    rec.stop.abort();
    this.vacate(job);
  }

  /** Hands a finished job's result to the flusher, only for a claimed job and once its claim has run. */
  private async finish(
    job: ClaimedJob,
    outcome: JobOutcome,
    isClaimed: Promise<boolean>,
    startedAt: number,
  ): Promise<void> {
    if (!(await isClaimed)) {
      this.opts.jobs.ended(job.batch_id, job.seq);
      return;
    }
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
    if (!this.busyAndStocked()) this.sleeper.poke();
  }

  /** Every slot is busy and more than a quarter of them ready: nothing to claim. */
  private busyAndStocked(): boolean {
    return (
      this.inFlight.size >= this.opts.concurrency && this.ready.size > Math.ceil(this.opts.concurrency / 4)
    );
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
