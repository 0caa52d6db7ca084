import type { TaskInput } from '@/lib/contract/task-definition';
import type { ColumnOptions, RowError } from '@/lib/ingest/types';

// Messages between the upload page and its parse worker. Parsing runs in the worker so that a
// 100k-row file never blocks the page; only the header, a preview and the summary cross over.

export type UploadFormat = 'csv' | 'jsonl' | 'xlsx';

export type ParseRequest =
  | { type: 'header'; id: number; file: File; format: UploadFormat }
  | {
      type: 'parse';
      id: number;
      file: File;
      format: UploadFormat;
      inputs: TaskInput[];
      mapping: ColumnOptions;
    };

export interface PreviewRow {
  index: number;
  data_uuid: string;
  inputs: string[];
  error?: string;
}

export interface ParseSummary {
  total: number;
  good: number;
  errorCount: number;
  /** Every bad row up to MAX_ERRORS (the count stays exact). */
  errors: RowError[];
  preview: PreviewRow[];
  /** The file's format: how a row index becomes the row number the analyst sees (sheetRow). */
  format: UploadFormat;
  /** What will be uploaded: the file as chosen, with the form fields naming the mapped columns. */
  upload: Blob;
  uploadName: string;
  uploadFields: Record<string, string>;
  ms: number;
  /** XLSX only: the sheet read (the first visible tab) and how many sheets the workbook has. */
  sheet?: { name: string; of: number };
}

export type ParseResponse =
  | { type: 'header'; id: number; columns: string[] }
  | { type: 'progress'; id: number; bytes: number; rows: number }
  | { type: 'done'; id: number; summary: ParseSummary }
  | { type: 'error'; id: number; message: string };

export const MAX_ERRORS = 10_000;
export const PREVIEW_ROWS = 50;

export function formatOf(filename: string): UploadFormat | null {
  const lower = filename.toLowerCase();
  if (lower.endsWith('.csv') || lower.endsWith('.tsv') || lower.endsWith('.txt')) return 'csv';
  if (lower.endsWith('.jsonl') || lower.endsWith('.ndjson') || lower.endsWith('.json')) return 'jsonl';
  if (lower.endsWith('.xlsx')) return 'xlsx';
  return null;
}
