import type { ClaimedJob, ClaimOptions } from './claim-types';
import type { Completion, FinishedBatch } from './complete';

/** What a worker asks a claim for (ClaimOptions, less what the store itself decides). */
export type ClaimRequest = Omit<ClaimOptions, 'startEarly' | 'cancels'> & {
  /**
   * Where a store that starts jobs before their claim statement has run hands them over, with the
   * statement's outcome (ClaimOptions.startEarly). Jobs handed over here are not in claim's answer.
   */
  startEarly: (jobs: ClaimedJob[], claimed: Promise<boolean>) => void;
};

/** A job a worker started and did not finish, going back to the queue (Worker.stop). */
export interface StoppedJob {
  job: ClaimedJob;
  /** When its attempt started (epoch ms). */
  startedAt: number;
}

/**
 * Where jobs are claimed, completed and put back: the queue discipline of one store, chosen once when
 * the engine is created (runtime.ts). The worker schedules over this and never asks which store it has.
 * - RowJobStore (PostgreSQL, several workers): a row per job, leases, SKIP LOCKED, the reaper. A
 *   claimed job is a started job, so a cancel's "in progress" count is exact.
 * - BlockJobStore (the embedded store, one process, its worker the sole claimer): rowless claims,
 *   jobs started as their claim statement is sent, a ready list, results in result blocks, and the
 *   cancel epoch that keeps cancels exact despite all that.
 */
export interface JobStore {
  /** How long a finished job's result waits for others to share its statement (the completion group). */
  readonly flushDelayMs: number;
  /**
   * With jobs running and fewer than a quarter of the slots free, how long after the first slot frees
   * a claim waits for more to free, to claim them together (0: it does not wait).
   */
  readonly claimCoalesceMs: number;
  /** How many claimed, unstarted jobs a worker may keep ready, when it would like `wanted`. */
  readyLimit(wanted: number): number;
  /** Whether a claim may add to the ready list now (not while a cancel runs). */
  mayAddReady(): boolean;
  /** Claims jobs: those it returns are the worker's; those handed to `startEarly` too, once claimed. */
  claim(req: ClaimRequest): Promise<ClaimedJob[]>;
  /** Writes a completion group: final results and retries. Returns the batches it finished. */
  complete(workerId: string, items: Completion[]): Promise<FinishedBatch[]>;
  /** Claimed jobs that never started go back as if never claimed (attempt not counted, no start). */
  releaseUnstarted(workerId: string, jobs: ClaimedJob[]): Promise<void>;
  /** Started jobs stopped unfinished go back to run again from the start (attempt counted). */
  releaseStopped(workerId: string, jobs: StoppedJob[]): Promise<void>;
  /** Extends the leases of jobs (by store id) the worker still holds. */
  renewLeases(workerId: string, ids: number[], leaseMs: number): Promise<void>;
  /** Puts back jobs whose worker stopped renewing their lease; returns how many. */
  reap(maxAttempts: number): Promise<number>;
  /** At start-up: puts back jobs a process that died left running or ready; returns how many. */
  recoverAtStart(maxAttempts: number): Promise<number>;
  /**
   * A claimed job's first page request is about to start (start-gate.ts): from now on it is running.
   * False when a cancel removed it meanwhile: it must end without a request and without a result.
   * A plain boolean where the answer is known at once (the embedded store's memory).
   */
  markFetching(workerId: string, job: ClaimedJob): boolean | Promise<boolean>;
  /**
   * Only where the start is decided in this process (the embedded store): the job's start gate is a
   * shared flag (JobStop.startFlag) its research thread crosses on its own; fetchingSeqs reads it.
   */
  watchStart?(job: ClaimedJob, flag: Int32Array): void;
  /** A job that passed markFetching no longer runs: its result is written, or it ended without one. */
  ended(batchId: string, seq: number): void;
  /** Seqs of a batch's jobs that passed markFetching and whose result is not written: what runs now. */
  fetchingSeqs(batchId: string): Promise<number[]>;
  /**
   * Whether a cancel removes, by itself, claimed jobs that have not started fetching (the shared store,
   * where they may be in other processes). Otherwise the workers put them back as the cancel begins
   * (beforeCancel) and it removes them as pending.
   */
  readonly cancelRemovesWaiting: boolean;
  /** Runs `listener` as each cancel begins (it waits for it). Returns the function that removes it. */
  beforeCancel(listener: (batchId: string) => Promise<void>): () => void;
  /** Runs a cancel's statements (batches/cancel.ts) for `batchId`: call it before the first is sent. */
  asCancel<T>(batchId: string, work: () => Promise<T>): Promise<T>;
}
