// A worker that is the store's only claimer (the embedded store: one process holds it) starts the
// jobs of a claim before the claim statement has run (claim-steps.ts), which keeps its slots busy
// instead of idle for a round trip to the store thread. That is exact only if no cancel slips in
// between: a claim statement the store runs after a cancel inserts nothing, and its jobs would have
// started although the cancel removed their rows. So cancels say when they begin and end, and a claim
// starts jobs early only if no cancel began since it read the cursor it claims from. Statements of one
// process reach the store in the order they are sent, so a claim sent before a cancel's first
// statement runs before it.

let epoch = 0;
let running = 0;

/** Changes whenever a cancel begins or ends. */
export function cancelEpoch(): number {
  return epoch;
}

/** No cancel is running, and none began or ended since `seen` was read. */
export function noCancelSince(seen: number): boolean {
  return running === 0 && epoch === seen;
}

/** Wraps a cancel: call before its first statement is sent (synchronously), and it ends with `work`. */
export async function asCancel<T>(work: () => Promise<T>): Promise<T> {
  epoch++;
  running++;
  try {
    return await work();
  } finally {
    running--;
    epoch++;
  }
}
