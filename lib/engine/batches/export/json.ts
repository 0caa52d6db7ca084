import { cellText } from '@/lib/ingest/xlsx-cell-text';
import type { DownloadRow } from '../download-table';

// JSON and JSONL downloads: each row is the API's result row (data_uuid, inputs, data_json, status,
// error, data_sources, …) with `row_number` (the row the analyst sees) and, for a spreadsheet upload,
// `original`: the analyst's cells by header. A refused row has status "refused" and its reason in error.

/** Header texts as object keys: an empty or repeated header gets its column's number. */
export function originalKeys(header: readonly unknown[]): string[] {
  const seen = new Set<string>();
  return header.map((cell, i) => {
    let key = cellText(cell).trim();
    if (!key || seen.has(key)) key = `column ${i + 1}`;
    seen.add(key);
    return key;
  });
}

function jsonCell(v: unknown): unknown {
  return typeof v === 'number' || typeof v === 'boolean' ? v : cellText(v);
}

export function jsonRecord(keys: readonly string[] | null, row: DownloadRow): Record<string, unknown> {
  const record: Record<string, unknown> = { ...row.result, row_number: row.rowNumber };
  if (keys && row.original) {
    const original: Record<string, unknown> = {};
    keys.forEach((key, i) => (original[key] = jsonCell(row.original![i] ?? '')));
    record.original = original;
  }
  return record;
}

async function* records(
  keys: readonly string[] | null,
  rows: AsyncGenerator<DownloadRow>,
): AsyncGenerator<string> {
  for await (const row of rows) yield JSON.stringify(jsonRecord(keys, row));
}

export async function* jsonlChunks(
  keys: readonly string[] | null,
  rows: AsyncGenerator<DownloadRow>,
): AsyncGenerator<string> {
  let buf = '';
  for await (const line of records(keys, rows)) {
    buf += line + '\n';
    if (buf.length > 64 * 1024) {
      yield buf;
      buf = '';
    }
  }
  if (buf) yield buf;
}

export async function* jsonChunks(
  keys: readonly string[] | null,
  rows: AsyncGenerator<DownloadRow>,
): AsyncGenerator<string> {
  let buf = '[';
  let first = true;
  for await (const line of records(keys, rows)) {
    buf += (first ? '' : ',') + line;
    first = false;
    if (buf.length > 64 * 1024) {
      yield buf;
      buf = '';
    }
  }
  yield buf + ']';
}
