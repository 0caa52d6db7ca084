import type { JobOutcome } from '../tasks/execute';
import { retryDelayMs } from './backoff';
import type { ClaimedJob } from './claim-types';
import { usageOf, type Completion } from './complete';
import { pendingRowOf } from './release';

/** A finished job's outcome as the completion the store writes: a final result, or a retry. */
export function completionOf(
  job: ClaimedJob,
  o: JobOutcome,
  startedAt: number,
  maxAttempts: number,
): Completion {
  if (o.error_detected && o.transient && job.attempts < maxAttempts) {
    const delay = retryDelayMs(job.attempts, o.retryAfterSeconds);
    return {
      id: job.id,
      state: 'retry',
      retryDelayMs: delay,
      // A job without a row goes back as the pending row its claim did not write.
      ...(job.rowless ? { pending: pendingRowOf(job, job.attempts, startedAt, delay) } : {}),
    };
  }
  const { transient: _t, retryAfterSeconds: _r, crawlDelayMs: _c, ...stored } = o;
  return {
    id: job.id,
    batchId: job.batch_id,
    seq: job.seq,
    jobId: job.job_id,
    startedAt,
    state: o.error_detected ? 'failed' : 'succeeded',
    // Serialized now, while the outcome is young (Completion.resultJson says why).
    resultJson: JSON.stringify(stored),
    usage: usageOf(stored),
    errorDetected: o.error_detected,
    error: o.error,
  };
}
