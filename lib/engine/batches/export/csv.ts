import type { TaskDefinition } from '@/lib/contract/task-definition';
import { cellText } from '@/lib/ingest/xlsx-cell-text';
import type { DownloadRow } from '../download-table';
import { answerText, linesFor, type Layout } from './columns';

/** Quotes a CSV cell when it holds the delimiter, a quote or a line break. */
const quoted = (value: string) => (/[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);

/**
 * Quote a CSV cell, and neutralise cells a spreadsheet would run as a formula (= + - @, tab, CR) by
 * prefixing a single quote: OWASP's advice against CSV injection. For what the service wrote (answers
 * read off web pages, messages); the analyst's own cells are given back as uploaded (csvLineOf).
 */
export function csvCell(value: string): string {
  return quoted(/^[=+\-@\t\r]/.test(value) ? `'${value}` : value);
}

export const csvLine = (cells: string[]) => cells.map(csvCell).join(',') + '\r\n';

/** One line: the first `originalWidth` cells are the analyst's, written back unchanged. */
export function csvLineOf(layout: Layout, cells: readonly unknown[]): string {
  let line = '';
  for (let i = 0; i < cells.length; i++) {
    const v = cells[i];
    if (i > 0) line += ',';
    line += i < layout.originalWidth ? quoted(cellText(v)) : csvCell(answerText(v));
  }
  return line + '\r\n';
}

export async function* csvChunks(
  def: TaskDefinition,
  layout: Layout,
  rows: AsyncGenerator<DownloadRow>,
): AsyncGenerator<string> {
  let buf = '\uFEFF' + csvLineOf(layout, layout.header); // BOM: Excel then reads UTF-8 correctly
  for await (const row of rows) {
    for (const line of linesFor(def, layout, row)) buf += csvLineOf(layout, line);
    if (buf.length > 64 * 1024) {
      yield buf;
      buf = '';
    }
  }
  if (buf) yield buf;
}
