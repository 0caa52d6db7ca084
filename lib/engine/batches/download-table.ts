import type { ResultRow } from '@/lib/contract/batches';
import { ROW_STATUSES, type BatchRow } from '@/lib/contract/batch-extensions';
import type { TaskDefinition } from '@/lib/contract/task-definition';
import { columnsFor } from '@/lib/ingest/column-matching';
import { sheetRow } from '@/lib/ingest/sheet-row';
import type { RowError } from '@/lib/ingest/types';
import { cellText } from '@/lib/ingest/xlsx-cell-text';
import type { Db } from '../db/client';
import type { batches } from '../db/schema';
import { iterateJobStates } from './job-states';
import { toResultRow } from './result-row';
import { iterateBatchRows } from './rows';
import { readSourceRecords, type SourceItem } from './source-records';
import { findSource, sourceBytes } from './source-store';

// What every download writes: one row per input row of the upload, in input order — rows refused at
// upload included (status "refused", the reason in `error`), rows not run yet or removed with their
// status — each with the analyst's cells as uploaded when the upload was a spreadsheet. The results
// are joined to the re-read upload by seq (= the record's index): both come in index order.

export type DownloadStatus = ResultRow['status'] | 'refused';

export type DownloadResult = Omit<ResultRow, 'status'> & { status: DownloadStatus };

export interface DownloadRow {
  /** The row number the analyst sees: spreadsheet row (header = 1), or JSONL line. */
  rowNumber: number;
  /** The record's cells as uploaded, or null for a JSONL upload. */
  original: readonly unknown[] | null;
  result: DownloadResult;
}

export interface DownloadTable {
  /** The uploaded header (cells as uploaded), or null for a JSONL upload. */
  header: readonly unknown[] | null;
  /** The header's data_uuid column, if it has one (else rows carry row-<index> in a column of ours). */
  uuidColumn: number | null;
  rows: AsyncGenerator<DownloadRow>;
}

type Batch = Pick<
  typeof batches.$inferSelect,
  'id' | 'taskVersion' | 'rowErrors' | 'completed' | 'cancelled' | 'nextOrd' | 'rowlessClaims'
>;

const EVERY_STATUS = [...ROW_STATUSES];
const PAGE = 1000;

/** A row that has no result: refused at upload (with its reason) or, with no reason, not run. */
export function unrunResult(
  uuid: string,
  inputs: string[],
  reason: string,
  taskVersion: number,
): DownloadResult {
  return {
    data_uuid: uuid,
    inputs,
    data_json: null,
    list_data_json: null,
    list: false,
    job_id: '',
    error_detected: reason !== '',
    error: reason || null,
    status: reason ? 'refused' : 'pending',
    task_version: taskVersion,
    started_at: null,
    finished_at: null,
    data_sources: null,
  };
}

/** A stored row's result and its seq (the record's index in the upload). */
export interface StoredRow {
  seq: number;
  result: DownloadResult;
}

function withoutSeq(row: BatchRow): DownloadResult {
  const { seq: _seq, ...rest } = row;
  return rest;
}

export async function downloadTable(db: Db, batch: Batch, def: TaskDefinition): Promise<DownloadTable> {
  const source = await findSource(db, batch.id);
  const stored = storedPages(db, batch);
  if (!source) return { header: null, uuidColumn: null, rows: withRefused(stored, batch) };

  const records = readSourceRecords(sourceBytes(db, batch.id), source, def.inputs);
  const first = await records.next();
  const header = first.done || first.value.kind !== 'header' ? [] : first.value.cells;
  const match = columnsFor(
    header.map((cell) => cellText(cell).trim()),
    def.inputs,
    source.options,
  );
  return {
    header,
    uuidColumn: match.uuidColumn,
    rows: joined(records, stored, batch, match, (index) => sheetRow(index, source.format)),
  };
}

/**
 * Every stored row in input order, a page at a time (a layer of async iteration per row cost more
 * than writing the row). A batch that completed without a cancel has only finished jobs, which the
 * results' own reader gives faster: the next page read while this one is written, no status filter,
 * no rows never handed out.
 */
async function* storedPages(db: Db, batch: Batch): AsyncGenerator<StoredRow[]> {
  if (!batch.completed || batch.cancelled) {
    let page: StoredRow[] = [];
    for await (const row of iterateBatchRows(db, batch.id, EVERY_STATUS)) {
      page.push({ seq: row.seq, result: withoutSeq(row) });
      if (page.length === PAGE) {
        yield page;
        page = [];
      }
    }
    if (page.length) yield page;
    return;
  }
  for await (const jobs of iterateJobStates(db, batch, { page: PAGE, withoutRemoved: false, ahead: true })) {
    yield jobs.map((job) => ({ seq: job.seq, result: toResultRow(job, batch.taskVersion) }));
  }
}

/** The re-read records with their stored rows (same index order); a refused record with its reason. */
export async function* joined(
  records: AsyncGenerator<SourceItem>,
  stored: AsyncGenerator<StoredRow[]>,
  batch: Pick<Batch, 'taskVersion'>,
  match: { inputColumns: (number | null)[]; uuidColumn: number | null },
  rowNumber: (index: number) => number,
): AsyncGenerator<DownloadRow> {
  let page: StoredRow[] = [];
  let at = 0;
  let ended = false;
  /** The first stored row at seq `index` or after, if any. */
  const seek = async (index: number): Promise<StoredRow | undefined> => {
    for (;;) {
      while (at < page.length && page[at]!.seq < index) at++;
      if (at < page.length || ended) return page[at];
      const next = await stored.next();
      if (next.done) ended = true;
      else [page, at] = [next.value, 0];
    }
  };
  try {
    for await (const record of records) {
      if (record.kind !== 'record') continue;
      const { index, cells, item } = record;
      const text = (column: number | null) => (column === null ? '' : cellText(cells[column]).trim());
      if (item.kind === 'error') {
        const uuid = match.uuidColumn === null ? `row-${index}` : text(match.uuidColumn);
        const inputs = match.inputColumns.map(text);
        yield {
          rowNumber: rowNumber(index),
          original: cells,
          result: unrunResult(uuid, inputs, item.error.error_message, batch.taskVersion),
        };
        continue;
      }
      const row = await seek(index);
      // Not stored (cannot happen for a batch's own upload): the row as read, not run.
      const result =
        row?.seq === index
          ? row.result
          : unrunResult(item.row.data_uuid, item.row.inputs, '', batch.taskVersion);
      yield { rowNumber: rowNumber(index), original: cells, result };
    }
  } finally {
    await stored.return(undefined);
    await records.return(undefined);
  }
}

/** A JSONL upload's stored rows with its refused ones (kept with the batch, the first 10,000). */
async function* withRefused(stored: AsyncGenerator<StoredRow[]>, batch: Batch): AsyncGenerator<DownloadRow> {
  const refused = [...((batch.rowErrors ?? []) as RowError[])].sort((a, b) => a.error_index - b.error_index);
  let r = 0;
  const line = (index: number) => sheetRow(index, 'jsonl');
  const refusedUpTo = function* (seq: number): Generator<DownloadRow> {
    for (; r < refused.length && refused[r]!.error_index < seq; r++) {
      const e = refused[r]!;
      yield {
        rowNumber: line(e.error_index),
        original: null,
        result: unrunResult('', [], e.error_message, batch.taskVersion),
      };
    }
  };
  for await (const page of stored) {
    for (const row of page) {
      if (r < refused.length) yield* refusedUpTo(row.seq);
      yield { rowNumber: line(row.seq), original: null, result: row.result };
    }
  }
  yield* refusedUpTo(Number.POSITIVE_INFINITY);
}
