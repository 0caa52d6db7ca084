// A worker that is the store's only claimer (the embedded store: one process holds it) starts the
// jobs of a claim before the claim statement has run (claim-steps.ts), which keeps its slots busy
// instead of idle for a round trip to the store thread. That is exact only if no cancel slips in
// between: a claim statement the store runs after a cancel inserts nothing, and its jobs would have
// started although the cancel removed their rows. So cancels say when they begin and end, and a claim
// starts jobs early only if no cancel began since it read the cursor it claims from. Statements of one
// process reach the store in the order they are sent, so a claim sent before a cancel's first
// statement runs before it.
// The same worker also keeps a few claimed jobs ready to start (ready-list.ts). A cancel first lets it
// put them back (beforeCancel): unstarted, they are pending and the cancel removes them like any other.
// One CancelEpoch belongs to one store (BlockJobStore), so two engines in one process do not see each
// other's cancels.

/** The cancels of one store: when they begin and end, and who must act before each begins. */
export class CancelEpoch {
  private epoch = 0;
  private running = 0;
  private readonly listeners = new Set<(batchId: string) => Promise<void>>();
  /** Batches with a cancel running, and how many. */
  private readonly batches = new Map<string, number>();

  /** Changes whenever a cancel begins or ends. */
  current(): number {
    return this.epoch;
  }

  /** No cancel is running, and none began or ended since `seen` was read. */
  quietSince(seen: number): boolean {
    return this.running === 0 && this.epoch === seen;
  }

  /** No cancel is running now. */
  quiet(): boolean {
    return this.running === 0;
  }

  /**
   * A cancel of `batchId` is running: claims leave the batch alone. Its listeners free the slots of its
   * waiting jobs before its statements run, and a claim must not fill them with its rows meanwhile.
   */
  cancelling(batchId: string): boolean {
    return this.batches.has(batchId);
  }

  /**
   * Run `listener` whenever a cancel begins, before its first statement; the cancel waits for it. It is
   * called synchronously as the cancel begins. Returns the function that removes it.
   */
  beforeCancel(listener: (batchId: string) => Promise<void>): () => void {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  }

  /** Wraps a cancel: call before its first statement is sent (synchronously), and it ends with `work`. */
  async asCancel<T>(batchId: string, work: () => Promise<T>): Promise<T> {
    this.epoch++;
    this.running++;
    this.batches.set(batchId, (this.batches.get(batchId) ?? 0) + 1);
    try {
      await Promise.all([...this.listeners].map((l) => l(batchId)));
      return await work();
    } finally {
      this.running--;
      this.epoch++;
      const n = (this.batches.get(batchId) ?? 1) - 1;
      if (n > 0) this.batches.set(batchId, n);
      else this.batches.delete(batchId);
    }
  }
}
