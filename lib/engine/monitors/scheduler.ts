import { and, asc, lte, not } from 'drizzle-orm';
import type { Db } from '../db/client';
import { monitors } from '../db/schema-monitors';
import { compareRun, completedRuns, type ComparedRun } from './compare-run';
import { nextTick } from './schedule';
import { scheduleOf, startScheduledRun } from './tick';

// The monitor scheduler, one in every process that runs a worker: every few seconds it starts the runs
// of due monitors and compares the runs whose batch has completed. Both steps are claimed in the store
// (tick.ts, compare-run.ts), so any number of processes may poll the same PostgreSQL and each tick
// runs, and each run is compared, once. The clock is injected: tests move it instead of waiting.

export interface SchedulerDeps {
  db: Db;
  now(): Date;
  pollMs: number;
  /** A run's batch is queued: wake the worker. */
  wake(): void;
  /** Runs inside the comparing transaction (alerts are queued there). */
  onCompared?: (tx: Db, run: ComparedRun) => Promise<void>;
  /** After a compared run committed (the webhook dispatcher is woken). */
  afterCompared?: (run: ComparedRun) => void;
}

const DUE_PER_POLL = 50;

export class MonitorScheduler {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<unknown> | null = null;
  private stopped = false;

  constructor(private readonly deps: SchedulerDeps) {}

  start(): void {
    this.stopped = false;
    this.schedule();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.running?.catch(() => undefined);
  }

  /** One pass: start due runs, compare completed ones. Concurrent calls share one pass. */
  poll(): Promise<{ started: number; compared: number }> {
    const pass = (this.running as Promise<{ started: number; compared: number }> | null) ?? this.pass();
    this.running = pass;
    return pass.finally(() => {
      if (this.running === pass) this.running = null;
    });
  }

  private schedule(): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.poll()
        .catch((e) => console.error('[quarry] monitor scheduler:', (e as Error).message))
        .finally(() => this.schedule());
    }, this.deps.pollMs);
    this.timer.unref();
  }

  private async pass(): Promise<{ started: number; compared: number }> {
    const { db } = this.deps;
    // Compared first: a finished run frees its monitor for a tick that waited on it in this same pass.
    let compared = 0;
    for (const runId of await completedRuns(db)) {
      const done = await compareRun(db, runId, this.deps.now(), this.deps.onCompared).catch((e: unknown) => {
        console.error(`[quarry] monitor run ${runId}: could not compare it:`, (e as Error).message);
        return null;
      });
      if (done) {
        compared++;
        this.deps.afterCompared?.(done);
      }
    }
    const now = this.deps.now();
    const due = await db
      .select()
      .from(monitors)
      .where(and(not(monitors.paused), lte(monitors.nextRunAt, now)))
      .orderBy(asc(monitors.nextRunAt))
      .limit(DUE_PER_POLL);
    let started = 0;
    for (const m of due) {
      const next = nextTick(scheduleOf(m), m.nextRunAt!, now);
      const run = await startScheduledRun(db, m, now, next).catch((e: unknown) => {
        console.error(`[quarry] monitor ${m.id}: could not start its run:`, (e as Error).message);
        return null;
      });
      if (run) started++;
    }
    if (started) this.deps.wake();
    return { started, compared };
  }
}
