import type { JobStop } from '../research/job-stop';

/**
 * Each running job's stop switch and deadline, in start order. Every job gets the same time, so
 * deadlines come in that order too, and one timer, set for the oldest job's, serves them all (a timer
 * per job cost ~3 µs of the main thread per job to set and clear).
 */
export class DeadlineTimer<K> {
  private readonly stops = new Map<K, { stop: JobStop; deadline: number }>();
  private timer: NodeJS.Timeout | null = null;

  constructor(private readonly timeoutMs: number) {}

  /** A job started: it is stopped if it still runs `timeoutMs` from now. */
  add(key: K, stop: JobStop): void {
    this.stops.set(key, { stop, deadline: performance.now() + this.timeoutMs }); // monotonic: in start order
    this.arm();
  }

  /** A job ended. */
  remove(key: K): void {
    this.stops.delete(key);
    if (this.stops.size === 0) this.clear(); // nothing runs: a pending timer would keep the process alive
  }

  /** Stops every running job now (Worker.stop, past its grace period). */
  stopAll(): void {
    for (const { stop } of this.stops.values()) stop.abort();
  }

  clear(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  /** Sets the one timer for the oldest running job, unless it is set. */
  private arm(): void {
    if (this.timer) return;
    const oldest = this.stops.values().next();
    if (oldest.done) return;
    this.timer = setTimeout(() => this.stopOverdue(), Math.max(0, oldest.value.deadline - performance.now()));
  }

  /** Stops every job past its deadline (the oldest first), then sets the timer for the next. */
  private stopOverdue(): void {
    this.timer = null;
    const now = performance.now();
    for (const { stop, deadline } of this.stops.values()) {
      if (deadline > now) break;
      stop.abort();
    }
    // Stopped jobs leave the map as they end; the timer is set for the oldest one not yet stopped.
    for (const { stop, deadline } of this.stops.values()) {
      if (stop.aborted) continue;
      this.timer = setTimeout(() => this.stopOverdue(), Math.max(0, deadline - now));
      return;
    }
  }
}
