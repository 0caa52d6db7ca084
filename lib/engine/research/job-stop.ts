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

/** What a research call may be stopped with. */
export type StopSignal = AbortSignal | JobStop;

/** The AbortSignal of `s`, for code that hands it on (fetch, timers). */
export function abortSignalOf(s: StopSignal | undefined): AbortSignal | undefined {
  return s instanceof JobStop ? s.signal : s;
}
