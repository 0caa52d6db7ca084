import type { InputFormat } from './types';

// The row number an analyst sees for a row index (error_index, seq): in a spreadsheet (CSV, XLSX) the
// header is row 1, so data row `index` is row index + 2, blank rows between data rows counted (see
// table-rows.ts); in a JSONL file it is the line number, index + 1.

export function sheetRow(index: number, format: InputFormat): number {
  return index + (format === 'jsonl' ? 1 : 2);
}
