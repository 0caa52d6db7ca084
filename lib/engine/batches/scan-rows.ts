import { Readable } from 'node:stream';
import type { TaskInput } from '@/lib/contract/task-definition';
import { readRowBatches } from '@/lib/ingest/read-rows-node';
import type { RowError } from '@/lib/ingest/types';
import { BLOCK_ROWS, encodeBlock, type StoredRow } from './row-block-format';

// Reading an upload's rows: parse, check every row, and (for create-batch) pack the good ones into
// encoded blocks. Runs on the scan thread (scan-thread/), so this is plain work over bytes: no store,
// no engine state.

// Reports keep every bad row up to this many; past it the count is still exact.
export const MAX_REPORTED_ERRORS = 10_000;
/** Blocks handed over together: the store writes them as one statement. */
export const BLOCKS_PER_GROUP = 8;

export interface ScanResult {
  total: number;
  good: number;
  errors: RowError[];
  errorCount: number;
}

/** Receives sealed blocks in order; the reader waits for it before it reads further (backpressure). */
export type BlockSink = (firstBlock: number, blocks: string[]) => Promise<void>;

export async function scanRows(
  chunks: AsyncIterable<Uint8Array>,
  filename: string,
  inputs: readonly TaskInput[],
  sink?: BlockSink,
): Promise<ScanResult> {
  const result: ScanResult = { total: 0, good: 0, errors: [], errorCount: 0 };
  let block: StoredRow[] = [];
  let group: string[] = [];
  let groupStart = 0;
  const flush = async () => {
    if (!group.length || !sink) return;
    const blocks = group;
    group = [];
    await sink(groupStart, blocks);
    groupStart += blocks.length;
  };
  const seal = async () => {
    if (!block.length) return;
    group.push(encodeBlock(block));
    block = [];
    if (group.length >= BLOCKS_PER_GROUP) await flush();
  };
  const stream = Readable.from(chunks, { objectMode: false });
  for await (const batch of readRowBatches(stream, filename, inputs)) {
    for (const item of batch) {
      result.total++;
      if (item.kind === 'error') {
        result.errorCount++;
        if (result.errors.length < MAX_REPORTED_ERRORS) result.errors.push(item.error);
        continue;
      }
      result.good++;
      if (!sink) continue;
      block.push([item.row.index, item.row.data_uuid, item.row.inputs]);
      if (block.length === BLOCK_ROWS) await seal();
    }
  }
  await seal();
  await flush();
  return result;
}
