import { failedOutcome, type JobOutcome } from '../tasks/execute';
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
      batchId: job.batch_id,
      seq: job.seq,
      state: 'retry',
      retryDelayMs: delay,
      // A job without a row goes back as the pending row its claim did not write.
      ...(job.rowless ? { pending: pendingRowOf(job, job.attempts, startedAt, delay) } : {}),
      final: finalCompletion(
        job,
        { ...o, error: `${o.error}; not retried: its batch was cancelled` },
        startedAt,
      ),
    };
  }
  return finalCompletion(job, o, startedAt);
}

/**
 * A job stopped unfinished by Worker.stop(), going back to run again from the start (attempt
 * counted), unless its batch was cancelled meanwhile: then it fails.
 */
export function stoppedCompletion(job: ClaimedJob, startedAt: number): Completion {
  return {
    id: job.id,
    batchId: job.batch_id,
    seq: job.seq,
    state: 'retry',
    retryDelayMs: 0,
    ...(job.rowless ? { pending: pendingRowOf(job, job.attempts, startedAt, 0) } : {}),
    final: finalCompletion(
      job,
      failedOutcome('the worker stopped while this row ran, after its batch was cancelled'),
      startedAt,
    ),
  };
}

function finalCompletion(job: ClaimedJob, o: JobOutcome, startedAt: number): Completion {
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
