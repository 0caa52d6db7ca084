import type { ResultRow } from '@/lib/contract/batches';
import { ROW_STATUSES } from '@/lib/contract/batch-extensions';
import type { Db } from '../db/client';
import { loadDefinition } from '../tasks/queries';
import { csvChunks } from './export/csv';
import { xlsxStream } from './export/xlsx';
import type { FileFormat } from './file-url';
import { findBatch } from './read';
import { ndjsonLines, streamFrom, jsonArray } from './results';
import { iterateBatchRows } from './rows';

// The key-authenticated download behind the dashboard's buttons (extension). Unlike the signed results
// file, which lists rows that became jobs, this lists every row of the upload that was not removed —
// rows still waiting included, with status "pending" — so a partial download already has one line per
// input, in input order. Same writers (and CSV formula neutralisation) as the results file.

const TYPES: Record<FileFormat, string> = {
  jsonl: 'application/x-ndjson; charset=utf-8',
  json: 'application/json; charset=utf-8',
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};
const NOT_REMOVED = ROW_STATUSES.filter((s) => s !== 'removed');

async function* withoutSeq(db: Db, batchId: string): AsyncGenerator<ResultRow> {
  for await (const row of iterateBatchRows(db, batchId, [...NOT_REMOVED])) {
    const { seq: _seq, ...rest } = row;
    yield rest;
  }
}

export async function batchRowsFile(db: Db, batchId: string, format: FileFormat): Promise<Response> {
  const batch = await findBatch(db, batchId);
  const rows = withoutSeq(db, batch.id);
  let body: ReadableStream<Uint8Array>;
  if (format === 'jsonl') body = streamFrom(ndjsonLines(rows));
  else if (format === 'json') body = streamFrom(jsonArray(rows));
  else {
    const { definition } = await loadDefinition(db, batch.taskId, batch.taskVersion);
    body = format === 'csv' ? streamFrom(csvChunks(definition, rows)) : xlsxStream(definition, rows);
  }
  const safeName = batch.id.replace(/[^a-z0-9_-]/gi, '');
  const suffix = batch.completed ? 'results' : 'partial-results';
  return new Response(body, {
    headers: {
      'content-type': TYPES[format],
      'content-disposition': `attachment; filename="${safeName}-${suffix}.${format}"`,
      'cache-control': 'no-store',
    },
  });
}
