// How accepted input rows are stored: 1,000 to a block, one JSON text per block (batch_rows). Kept
// apart from row-blocks.ts (which reads blocks from the store) so the scan thread can encode blocks
// without bundling the store.

/** One accepted input row as stored: [seq (its index in the file), data_uuid, inputs]. */
export type StoredRow = [number, string, string[]];

export const BLOCK_ROWS = 1000;

export const encodeBlock = (rows: StoredRow[]) => JSON.stringify(rows);
