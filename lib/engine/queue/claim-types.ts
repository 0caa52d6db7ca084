import type { ActiveBatchCache } from './active-batch-cache';
import type { CancelEpoch } from './cancel-epoch';
import type { HostLimits } from './host-limits';

export interface ClaimedJob {
  id: number;
  job_id: string;
  batch_id: string;
  seq: number;
  data_uuid: string;
  inputs: string[];
  host: string;
  attempts: number;
  task_id: string;
  task_version: number;
  /**
   * The job has no row in the table (batches.rowless_claims): its result block entry will carry its
   * id and start, and a retry or a put-back writes it as a pending row. `id` is then 0.
   */
  rowless?: boolean;
}

export interface ClaimOptions {
  workerId: string;
  limit: number;
  leaseMs: number;
  hostCap: number;
  inFlightByHost: Map<string, number>;
  /** Running counts of all workers and Retry-After cool-downs (host-limits.ts). */
  hosts?: HostLimits;
  cache?: ActiveBatchCache;
  /**
   * Only for the store's sole claimer (cancel-epoch.ts): new rows' jobs are handed to this before the
   * claim statement has run, with the statement's outcome (true: claimed; false or a rejection: not,
   * and they must stop without a result). Jobs handed over here are not in claimJobs' answer. The
   * cursor row is then taken without a row lock: nothing else claims, and statements run one by one.
   * Jobs are handed over early only with `cancels`.
   */
  startEarly?: (jobs: ClaimedJob[], claimed: Promise<boolean>) => void;
  /** The store's cancels (BlockJobStore): no early start once a cancel began since the cursor was read. */
  cancels?: CancelEpoch;
  /**
   * With startEarly: how many jobs beyond `limit` the claimer can keep ready. Only new rows handed
   * over early are taken for it; jobs returned the usual way (pending job rows, or a claim a cancel
   * overlapped) never exceed `limit`, because each of them must start.
   */
  readyRoom?: number;
}
