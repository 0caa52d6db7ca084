/**
 * A queue job's stop switch. The worker used to make an AbortController per job, whose signal the
 * research pool listened to and removed its listener from: ~9 µs of the main thread per job (Node's
 * AbortSignal is a full EventTarget), for signals that almost never fire. A JobStop is a plain object
 * with one listener slot (the pool's); a real AbortSignal is made only when something asks for one
 * (in-process research hands it to fetch).
 */
export class JobStop {
  aborted = false;
  reason: unknown = undefined;
  /**
   * Asked just before the job's first page request (queue/start-gate.ts): false when the job was
   * withdrawn meanwhile (its batch cancelled), and it must end without sending it.
   */
  gate: (() => boolean | Promise<boolean>) | null = null;
  /**
   * The start gate as shared memory, for a store that decides a start in this process (the embedded
   * store): a research thread crosses it with one compare-and-swap instead of asking the main thread
   * and waiting for the answer, a message each way per job (docs/queue.md has the measurements). The
   * worker withdraws a waiting job with the same swap, so exactly one of the two wins.
   */
  startFlag: Int32Array | null = null;
  private listener: (() => void) | null = null;
  private controller: AbortController | null = null;

  abort(reason: unknown = new DOMException('This operation was aborted', 'AbortError')): void {
    if (this.aborted) return;
    this.aborted = true;
    this.reason = reason;
    this.controller?.abort(reason);
    const listener = this.listener;
    this.listener = null;
    listener?.();
  }

  /** Sets the one listener (replacing any), called once if the job is stopped; null removes it. */
  listen(listener: (() => void) | null): void {
    this.listener = listener;
  }

  throwIfAborted(): void {
    if (this.aborted) throw this.reason;
  }

  /** An AbortSignal that fires with this stop, made on first use. */
  get signal(): AbortSignal {
    if (!this.controller) {
      this.controller = new AbortController();
      if (this.aborted) this.controller.abort(this.reason);
    }
    return this.controller.signal;
  }
}

/** The values of JobStop.startFlag[0]. */
export const START_WAITING = 0;
export const START_FETCHING = 1;
export const START_WITHDRAWN = 2;

/** A JobStop whose start gate is crossed in shared memory (see JobStop.startFlag). */
export function shareStart(stop: JobStop): Int32Array {
  stop.startFlag ??= new Int32Array(new SharedArrayBuffer(4));
  return stop.startFlag;
}

/**
 * Crosses a shared start gate: true if the job may fetch (it was waiting, or already fetching), false
 * if it was withdrawn. The research thread calls it before its first request; the worker, for a job
 * that ended without one.
 */
export function crossStartFlag(flag: Int32Array): boolean {
  return Atomics.compareExchange(flag, 0, START_WAITING, START_FETCHING) !== START_WITHDRAWN;
}

/** Withdraws a waiting job at its shared start gate: false if its thread crossed it first. */
export function withdrawStartFlag(flag: Int32Array): boolean {
  return Atomics.compareExchange(flag, 0, START_WAITING, START_WITHDRAWN) !== START_FETCHING;
}

/** What a research call may be stopped with. */
export type StopSignal = AbortSignal | JobStop;

/** The AbortSignal of `s`, for code that hands it on (fetch, timers). */
export function abortSignalOf(s: StopSignal | undefined): AbortSignal | undefined {
  return s instanceof JobStop ? s.signal : s;
}
