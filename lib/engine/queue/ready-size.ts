// How many claimed jobs the embedded store's sole claimer keeps ready (ready-list.ts), as a multiple of
// its concurrency. It claims again when only a quarter of `concurrency` is left ready.
//
// A claim statement costs ~1 ms of the store thread plus ~0.03 ms per row, so claims should be few
// and large. For small jobs the claims were most of what the store thread did: keeping 2× ready, a
// 1,000-job one-GET run made ~70 claims of ~14 rows, and in paired runs the store thread spent
// 0.26-0.30× of the research thread's CPU; keeping 8× (claims of ~60 rows) 0.14-0.17×, 16× and 32×
// 0.13× (little more to gain).
// But a ready job waits for those before it, and so does the first job of a batch uploaded behind
// them (round-robin starts from the ready list). So the list holds about SPAN_MS of work at the recent
// pace: 3 s pages keep 2×, one-GET jobs of ~5 ms get 8×. The jobs of a claim are handed over as its
// statement is sent (their rows come from a cached block), so a small remainder is enough to keep
// slots from waiting.
export const READY_MIN = 2;
export const READY_MAX = 8;
const SPAN_MS = 100;
// Weight of the newest job in the moving average: the size follows a change of pace within ~20 jobs.
const WEIGHT = 0.1;

export class ReadySize {
  /** Recent wall time of a job from start to outcome, a moving average (0 until one has ended). */
  private jobMs = 0;

  note(ms: number): void {
    this.jobMs = this.jobMs > 0 ? (1 - WEIGHT) * this.jobMs + WEIGHT * ms : ms;
  }

  /**
   * The multiple of `concurrency` to keep ready. With all slots busy a ready job waits about
   * factor × the time of a job, so factor = SPAN_MS / that time, within READY_MIN..READY_MAX.
   */
  factor(): number {
    if (this.jobMs <= 0) return READY_MIN;
    return Math.max(READY_MIN, Math.min(READY_MAX, Math.floor(SPAN_MS / this.jobMs)));
  }
}
