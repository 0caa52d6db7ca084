import type { Db } from '../db/client';
import { loadDefinition } from '../tasks/queries';
import { csvChunks } from './export/csv';
import { xlsxStream } from './export/xlsx';
import type { FileFormat } from './file-url';
import { findBatch } from './read';
import { iterateResultRows, ndjsonLines, streamFrom, jsonArray } from './results';

const TYPES: Record<FileFormat, string> = {
  jsonl: 'application/x-ndjson; charset=utf-8',
  json: 'application/json; charset=utf-8',
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/** The complete results as a streamed file download in the asked format, rows in input order. */
export async function resultsFile(db: Db, batchId: string, format: FileFormat): Promise<Response> {
  const batch = await findBatch(db, batchId);
  const rows = iterateResultRows(db, batch);
  let body: ReadableStream<Uint8Array>;
  if (format === 'jsonl') body = streamFrom(ndjsonLines(rows));
  else if (format === 'json') body = streamFrom(jsonArray(rows));
  else {
    const { definition } = await loadDefinition(db, batch.taskId, batch.taskVersion);
    body = format === 'csv' ? streamFrom(csvChunks(definition, rows)) : xlsxStream(definition, rows);
  }
  const safeName = batch.id.replace(/[^a-z0-9_-]/gi, '');
  return new Response(body, {
    headers: {
      'content-type': TYPES[format],
      'content-disposition': `attachment; filename="${safeName}-results.${format}"`,
      'cache-control': 'no-store',
    },
  });
}
