/**
 * A batch jobs can be claimed from. CANCELLING batches stay in the rotation for their parked jobs
 * only: a job that was in progress when the batch was cancelled and then went back to the queue (its
 * worker died, or a transient failure) still has to finish. Their cursor is closed: no new row starts.
 */
export interface ActiveBatch {
  id: string;
  task_id: string;
  task_version: number;
  next_ord: number;
  jobs_added: number;
  /** Whether job rows wait in the table (retries, rows parked for their host). */
  has_parked: boolean;
  /** Jobs of this batch that start at once get no row (see batches.rowless_claims in db/schema.ts). */
  rowless_claims: boolean;
}

/**
 * A worker's recent view of the active batches, reused for a moment so a claim is usually a single
 * statement. Only efficiency depends on it: every write is guarded in SQL (cursor position, SKIP
 * LOCKED); a failed guard, a retry or a new batch invalidates it.
 */
export class ActiveBatchCache {
  batches: ActiveBatch[] = [];
  /** The claimer's CancelEpoch.current() when the read of `batches` was sent (cancel-epoch.ts). */
  epoch = 0;
  private at = 0;
  constructor(private readonly ttlMs = 250) {}

  fresh(): boolean {
    return this.at > 0 && Date.now() - this.at < this.ttlMs;
  }

  set(batches: ActiveBatch[], epoch: number): void {
    this.batches = batches;
    this.epoch = epoch;
    this.at = Date.now();
  }

  invalidate(): void {
    this.at = 0;
  }

  /** Round-robin locally as the database order does: batches just claimed from go to the back. */
  rotate(claimedFrom: Set<string>): void {
    if (!claimedFrom.size) return;
    this.batches = [
      ...this.batches.filter((b) => !claimedFrom.has(b.id)),
      ...this.batches.filter((b) => claimedFrom.has(b.id)),
    ];
  }
}
