// A worker that is the store's only claimer (the embedded store: one process holds it) starts the
// jobs of a claim before the claim statement has run (claim-steps.ts), which keeps its slots busy
// instead of idle for a round trip to the store thread. That is exact only if no cancel slips in
// between: a claim statement the store runs after a cancel inserts nothing, and its jobs would have
// started although the cancel removed their rows. So cancels say when they begin and end, and a claim
// starts jobs early only if no cancel began since it read the cursor it claims from. Statements of one
// process reach the store in the order they are sent, so a claim sent before a cancel's first
// statement runs before it.
// The same worker also keeps a few claimed jobs ready to start (worker.ts). A cancel first lets it put
// them back (beforeCancel): unstarted, they are pending and the cancel removes them like any other.

let epoch = 0;
let running = 0;
const listeners = new Set<() => Promise<void>>();

/** Changes whenever a cancel begins or ends. */
export function cancelEpoch(): number {
  return epoch;
}

/** No cancel is running, and none began or ended since `seen` was read. */
export function noCancelSince(seen: number): boolean {
  return running === 0 && epoch === seen;
}

/** No cancel is running now. */
export function noCancelRunning(): boolean {
  return running === 0;
}

/**
 * Run `listener` whenever a cancel begins, before its first statement; the cancel waits for it. It is
 * called synchronously as the cancel begins. Returns the function that removes it.
 */
export function beforeCancel(listener: () => Promise<void>): () => void {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

/** Wraps a cancel: call before its first statement is sent (synchronously), and it ends with `work`. */
export async function asCancel<T>(work: () => Promise<T>): Promise<T> {
  epoch++;
  running++;
  try {
    await Promise.all([...listeners].map((l) => l()));
    return await work();
  } finally {
    running--;
    epoch++;
  }
}
