import type { OutputType, TaskDefinition } from '@/lib/contract/task-definition';
import { cellText } from '@/lib/ingest/xlsx-cell-text';
import type { DownloadRow, DownloadTable } from '../download-table';

// Spreadsheet layout of a download: one line per input row (one per list item for list-shaped tasks).
// A spreadsheet upload: the analyst's columns as uploaded, then data_uuid if the upload had no such
// column (the API's key for the row), the answers by output name, status and error (the reason a row
// was refused at upload, or why its job failed), then, when asked, each answer's source page and
// confidence. A JSONL upload: data_uuid and the inputs by name in place of the analyst's columns.

/** How a column's cells are written: as uploaded, or by the type of what they hold. */
export type ColumnKind = 'original' | 'text' | 'number' | 'date' | 'url' | 'boolean';

export interface Layout {
  header: string[];
  kinds: ColumnKind[];
  /** How many leading columns are the analyst's own (written as uploaded). */
  originalWidth: number;
  withUuid: boolean;
  withSources: boolean;
}

export interface LayoutOptions {
  /** Add `<field> source` and `<field> confidence` after the answers. */
  sources?: boolean;
}

const KIND_OF: Record<OutputType, ColumnKind> = {
  string: 'text',
  number: 'number',
  money: 'text', // "12.50 EUR": a currency a number cell would lose
  boolean: 'boolean',
  date: 'date',
  url: 'url',
  email: 'text',
  phone: 'text',
  list: 'text',
};

export function layoutFor(
  def: TaskDefinition,
  table: Pick<DownloadTable, 'header' | 'uuidColumn'>,
  options: LayoutOptions = {},
): Layout {
  const header: string[] = [];
  const kinds: ColumnKind[] = [];
  const add = (name: string, kind: ColumnKind) => {
    header.push(name);
    kinds.push(kind);
  };
  if (table.header) for (const cell of table.header) add(cellText(cell), 'original');
  const originalWidth = header.length;
  const withUuid = table.header === null || table.uuidColumn === null;
  if (withUuid) add('data_uuid', 'text');
  if (table.header === null) for (const input of def.inputs) add(input.name, 'text');
  for (const output of def.outputs) add(output.name, KIND_OF[output.type]);
  add('status', 'text');
  add('error', 'text');
  const withSources = options.sources === true;
  if (withSources)
    for (const output of def.outputs) {
      add(`${output.name} source`, 'url');
      add(`${output.name} confidence`, 'number');
    }
  return { header, kinds, originalWidth, withUuid, withSources };
}

function sourceOf(sources: Record<string, unknown> | null | undefined, name: string) {
  const s = sources?.[name];
  const one = (Array.isArray(s) ? s[0] : s) as { url?: unknown; confidence?: unknown } | undefined;
  return {
    url: typeof one?.url === 'string' ? one.url : '',
    confidence: typeof one?.confidence === 'number' ? one.confidence : '',
  };
}

/** The lines of one row, cells unformatted: the writers format them by column kind. */
export function linesFor(def: TaskDefinition, layout: Layout, row: DownloadRow): unknown[][] {
  const r = row.result;
  const head: unknown[] = [];
  if (layout.originalWidth > 0) {
    const cells = row.original ?? [];
    for (let i = 0; i < layout.originalWidth; i++) head.push(cells[i] ?? '');
  }
  if (layout.withUuid) head.push(r.data_uuid);
  if (row.original === null && layout.originalWidth === 0)
    head.push(...def.inputs.map((_, i) => r.inputs[i] ?? ''));
  const tail: unknown[] = [r.status, r.error ?? ''];
  if (layout.withSources)
    for (const output of def.outputs) {
      const s = sourceOf(r.data_sources, output.name);
      tail.push(s.url, s.confidence);
    }
  // A list task's fields asked once for the page (scope 'task') are in data_json, not in the rows:
  // each line carries them next to its row's columns.
  const items =
    r.list && r.list_data_json?.length
      ? r.list_data_json.map((item) => ({ ...r.data_json, ...item }))
      : [r.data_json ?? {}];
  return items.map((item) => [...head, ...def.outputs.map((o) => item[o.name] ?? ''), ...tail]);
}

/** An answer's text, as the CSV and JSON show it. */
export function answerText(v: unknown): string {
  if (v === null || v === undefined) return '';
  if (Array.isArray(v)) return v.map(answerText).join('; ');
  if (typeof v === 'object') return JSON.stringify(v);
  return String(v);
}
