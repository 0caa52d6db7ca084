// Shapes shared by every reader. The row error matches the spec's validation report entry (2.9),
// so the engine can put these straight into `job_improper_format` / `jobs_failed_error_indexes`.

/**
 * One valid input row. `index` is 0-based over the records after the header, blank ones between data
 * rows included (they are refused as "empty row"), so `index + 2` is the row number in the spreadsheet.
 */
export interface IngestRow {
  index: number;
  data_uuid: string;
  /** Ordered as the task's inputs, trimmed of surrounding whitespace. */
  inputs: string[];
}

export interface RowError {
  error_index: number;
  error_message: string;
}

export type IngestItem = { kind: 'row'; row: IngestRow } | { kind: 'error'; error: RowError };

/** A problem with the whole file (not one row); `status` is the HTTP status the engine answers with. */
export class IngestFileError extends Error {
  constructor(
    message: string,
    readonly status: 400 | 413 | 415,
  ) {
    super(message);
    this.name = 'IngestFileError';
  }
}

export type InputFormat = 'jsonl' | 'csv' | 'xlsx';

/**
 * Explicit column choices for tabular files (CSV, XLSX); anything not given (undefined) is matched
 * automatically. `null` is an explicit "no column": it turns the automatic match off.
 */
export interface ColumnOptions {
  /** Input name → header text of the column holding it (null: none). */
  columns?: Record<string, string | null>;
  /** Header text of the column holding data_uuid (null: none, rows get `row-<index>`). */
  uuidColumn?: string | null;
}

/** Callbacks a reader of a table (CSV, XLSX) calls for the header and each record. */
export interface RecordHooks {
  /**
   * Called with each data record's cells and the item made from it. The dashboard uses it to rebuild
   * a bad row as typed (its JSONL upload carries the row so the engine reports it at the same index).
   */
  onRecord?: (cells: readonly string[], item: IngestItem) => void;
  /** Called with the header record's cells as written (untrimmed): what a download gives back. */
  onHeader?: (cells: readonly string[]) => void;
  /**
   * XLSX only: each record's cells as typed in the sheet (exceljs values, 0-based: numbers, dates,
   * `{ text, hyperlink }` for links, formulas with their result), with the item made from it.
   */
  onValues?: (values: readonly unknown[], item: IngestItem) => void;
  /** XLSX only: the header row as typed in the sheet. */
  onHeaderValues?: (values: readonly unknown[]) => void;
}

export interface CsvOptions extends ColumnOptions, RecordHooks {
  /** Field delimiter; detected from the first rows when omitted. */
  delimiter?: string;
}

/** The file's bytes (or decoded text) in order: a Node stream, webStreamChunks(file.stream()), an array. */
export type ChunkSource = AsyncIterable<Uint8Array | string> | Iterable<Uint8Array | string>;
