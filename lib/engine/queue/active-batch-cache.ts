import type { ActiveBatch } from './claim-types';

/**
 * A worker's recent view of the active batches, reused for a moment so a claim is usually a single
 * statement. Only efficiency depends on it: every write is guarded in SQL (cursor position, SKIP
 * LOCKED); a failed guard, a retry or a new batch invalidates it.
 */
export class ActiveBatchCache {
  batches: ActiveBatch[] = [];
  /** cancelEpoch() when the read of `batches` was sent (cancel-epoch.ts). */
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
