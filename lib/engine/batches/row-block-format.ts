// How accepted input rows are stored: 1,000 to a block, one JSON text per block (batch_rows), and the
// packer that makes those blocks from rows in order. Kept apart from row-blocks.ts (which reads blocks
// from the store) so the scan thread can encode blocks without bundling the store.

/** One accepted input row as stored: [seq (its index in the file), data_uuid, inputs]. */
export type StoredRow = [number, string, string[]];

export const BLOCK_ROWS = 1000;

export const encodeBlock = (rows: StoredRow[]) => JSON.stringify(rows);

/** Receives sealed blocks in order; the packer waits for it before taking more rows (backpressure). */
export type BlockSink = (firstBlock: number, blocks: string[]) => Promise<void>;

/** Blocks handed over together: the store writes them as one statement. */
export const BLOCKS_PER_GROUP = 8;

/** Packs rows, in order, into encoded blocks of BLOCK_ROWS, handed to `sink` a group at a time. */
export class BlockPacker {
  private block: StoredRow[] = [];
  private group: string[] = [];
  private groupStart = 0;

  constructor(private readonly sink: BlockSink) {}

  /**
   * Adds a row; returns a promise only when a block was sealed (await it then). Not async: an await per
   * row costs a microtask each, a measurable share of reading 100k rows.
   */
  add(row: StoredRow): Promise<void> | undefined {
    this.block.push(row);
    return this.block.length === BLOCK_ROWS ? this.seal() : undefined;
  }

  /** Hands over whatever is left: call once, after the last row. */
  async end(): Promise<void> {
    await this.seal();
    await this.flush();
  }

  private async seal(): Promise<void> {
    if (!this.block.length) return;
    this.group.push(encodeBlock(this.block));
    this.block = [];
    if (this.group.length >= BLOCKS_PER_GROUP) await this.flush();
  }

  private async flush(): Promise<void> {
    if (!this.group.length) return;
    const blocks = this.group;
    this.group = [];
    await this.sink(this.groupStart, blocks);
    this.groupStart += blocks.length;
  }
}
