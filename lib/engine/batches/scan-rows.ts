import { Readable } from 'node:stream';
import type { TaskInput } from '@/lib/contract/task-definition';
import { readRowBatches } from '@/lib/ingest/read-rows-node';
import type { ColumnOptions, RowError } from '@/lib/ingest/types';
import { BlockPacker, type BlockSink } from './row-block-format';

export type { BlockSink };

// Reading an upload's rows: parse, check every row, and (for create-batch) pack the good ones into
// encoded blocks. Runs on the scan thread (scan-thread/), so this is plain work over bytes: no store,
// no engine state.

// Reports keep every bad row up to this many; past it the count is still exact.
export const MAX_REPORTED_ERRORS = 10_000;
export interface ScanResult {
  total: number;
  good: number;
  errors: RowError[];
  errorCount: number;
}

export async function scanRows(
  chunks: AsyncIterable<Uint8Array>,
  filename: string,
  inputs: readonly TaskInput[],
  sink?: BlockSink,
  options: ColumnOptions = {},
): Promise<ScanResult> {
  const result: ScanResult = { total: 0, good: 0, errors: [], errorCount: 0 };
  const packer = sink && new BlockPacker(sink);
  const stream = Readable.from(chunks, { objectMode: false });
  for await (const batch of readRowBatches(stream, filename, inputs, options)) {
    for (const item of batch) {
      result.total++;
      if (item.kind === 'error') {
        result.errorCount++;
        if (result.errors.length < MAX_REPORTED_ERRORS) result.errors.push(item.error);
        continue;
      }
      result.good++;
      const sealed = packer?.add([item.row.index, item.row.data_uuid, item.row.inputs]);
      if (sealed) await sealed;
    }
  }
  await packer?.end();
  return result;
}
