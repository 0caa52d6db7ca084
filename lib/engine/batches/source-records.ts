import { Readable } from 'node:stream';
import type { TaskInput } from '@/lib/contract/task-definition';
import { readRowBatches } from '@/lib/ingest/read-rows-node';
import type { IngestItem, RecordHooks } from '@/lib/ingest/types';
import type { BatchSource } from './source-store';

// A stored spreadsheet upload read again for a download, with the reader that made its rows and the
// column choice it was made with: its records come back with the same indexes (= seq of the rows
// stored), the refused ones with the same reasons, and each with its cells as uploaded: CSV cells as
// written (untrimmed, multi-line cells whole), XLSX cells as typed (numbers, dates, links).

export interface SourceRecord {
  index: number;
  cells: readonly unknown[];
  item: IngestItem;
}

export type SourceItem = { kind: 'header'; cells: readonly unknown[] } | ({ kind: 'record' } & SourceRecord);

const indexOf = (item: IngestItem) => (item.kind === 'row' ? item.row.index : item.error.error_index);

/**
 * The '\n'-split reader leaves a CRLF file's CR on a record's last cell (it trims it for the inputs);
 * the cell as the analyst wrote it ends before it.
 */
function withoutCr(cells: readonly string[]): readonly string[] {
  const last = cells[cells.length - 1];
  if (last === undefined || !last.endsWith('\r')) return cells;
  return [...cells.slice(0, -1), last.slice(0, -1)];
}

/** The header first, then every record in order (refused ones included). */
export async function* readSourceRecords(
  chunks: AsyncIterable<Uint8Array>,
  source: BatchSource,
  inputs: readonly TaskInput[],
): AsyncGenerator<SourceItem> {
  let header: readonly unknown[] | undefined;
  const pending: SourceRecord[] = [];
  const note = (cells: readonly unknown[], item: IngestItem) =>
    pending.push({ index: indexOf(item), cells, item });
  const hooks: RecordHooks =
    source.format === 'xlsx'
      ? { onHeaderValues: (cells) => (header = cells), onValues: note }
      : {
          onHeader: (cells) => (header = withoutCr(cells)),
          onRecord: (cells, item) => note(withoutCr(cells), item),
        };
  const stream = Readable.from(chunks, { objectMode: false });
  let headerSent = false;
  for await (const _batch of readRowBatches(stream, source.filename, inputs, {
    ...source.options,
    ...hooks,
  })) {
    if (!headerSent && header !== undefined) {
      headerSent = true;
      yield { kind: 'header', cells: header };
    }
    for (const record of pending) yield { kind: 'record', ...record };
    pending.length = 0;
  }
}
