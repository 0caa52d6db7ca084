import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { primeRowBlock } from './row-blocks';

// Writes a batch's encoded row blocks, a group per statement. Each insert is a short store
// transaction, so other requests are served between them. Writes overlap with reading the next rows
// (the embedded store runs on its own thread, PostgreSQL in its own process): up to `inFlight`
// inserts are outstanding at once.

export class BlockWriter {
  private readonly running = new Set<Promise<void>>();
  private failed: { error: unknown } | null = null;

  constructor(
    private readonly db: Db,
    private readonly batchId: string,
    private readonly inFlight = 2,
  ) {}

  /** Starts inserting blocks firstBlock… ; resolves once another write may start. */
  async write(firstBlock: number, blocks: readonly string[]): Promise<void> {
    this.throwIfFailed();
    if (!blocks.length) return;
    // Scalar parameters, not a text[] one: an array literal would escape every quote of the JSON and
    // PostgreSQL would parse it back, which costs more than the insert itself.
    const values = blocks.map((rows, i) => sql`(${this.batchId}, ${firstBlock + i}, ${rows})`);
    const p: Promise<void> = this.db
      .execute(sql`INSERT INTO batch_rows (batch_id, block, rows) VALUES ${sql.join(values, sql`, `)}`)
      .then(
        // The first block is what a batch's first claim reads: hand it over (see primeRowBlock).
        () => void (firstBlock === 0 && primeRowBlock(this.batchId, 0, blocks[0]!)),
        (error: unknown) => {
          this.failed ??= { error };
        },
      )
      .finally(() => this.running.delete(p));
    this.running.add(p);
    while (this.running.size >= this.inFlight) await Promise.race(this.running);
    this.throwIfFailed();
  }

  /** Waits for every insert; throws the first failure. */
  async finish(): Promise<void> {
    await this.settle();
    this.throwIfFailed();
  }

  /** Waits for every insert, failed or not: call before discarding the batch. */
  async settle(): Promise<void> {
    await Promise.all(this.running);
  }

  private throwIfFailed(): void {
    if (this.failed) throw this.failed.error;
  }
}
