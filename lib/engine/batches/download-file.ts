import type { Db } from '../db/client';
import { loadDefinition } from '../tasks/queries';
import { downloadTable } from './download-table';
import { layoutFor } from './export/columns';
import { csvChunks } from './export/csv';
import { jsonChunks, jsonlChunks, originalKeys } from './export/json';
import { xlsxStream } from './export/xlsx';
import type { FileFormat } from './file-url';
import { findBatch } from './read';
import { streamFrom } from './results';

// One download of a batch in a format, behind both the dashboard's key-authenticated button
// (download-rows.ts) and the signed results file link (download.ts): every input row in input order
// (download-table.ts), in the layout of export/columns.ts.

const TYPES: Record<FileFormat, string> = {
  jsonl: 'application/x-ndjson; charset=utf-8',
  json: 'application/json; charset=utf-8',
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

export interface DownloadOptions {
  /** Per-field source and confidence columns (CSV, XLSX; JSON rows carry data_sources anyway). */
  sources?: boolean;
}

export async function downloadFile(
  db: Db,
  batchId: string,
  format: FileFormat,
  options: DownloadOptions,
  suffix: (batch: { completed: boolean }) => string,
): Promise<Response> {
  const batch = await findBatch(db, batchId);
  const { definition } = await loadDefinition(db, batch.taskId, batch.taskVersion);
  const table = await downloadTable(db, batch, definition);
  let body: ReadableStream<Uint8Array>;
  if (format === 'jsonl' || format === 'json') {
    const keys = table.header && originalKeys(table.header);
    body = streamFrom(format === 'jsonl' ? jsonlChunks(keys, table.rows) : jsonChunks(keys, table.rows));
  } else {
    const layout = layoutFor(definition, table, options);
    body =
      format === 'csv'
        ? streamFrom(csvChunks(definition, layout, table.rows))
        : xlsxStream(definition, layout, table.rows);
  }
  const safeName = batch.id.replace(/[^a-z0-9_-]/gi, '');
  return new Response(body, {
    headers: {
      'content-type': TYPES[format],
      'content-disposition': `attachment; filename="${safeName}-${suffix(batch)}.${format}"`,
      'cache-control': 'no-store',
    },
  });
}
