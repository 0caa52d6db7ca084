import type { ResultRow } from '@/lib/contract/batches';
import type { TaskDefinition } from '@/lib/contract/task-definition';
import { headerFor, linesFor } from './columns';

/**
 * Quote a CSV cell, and neutralise cells a spreadsheet would run as a formula (= + - @, tab, CR) by
 * prefixing a single quote: OWASP's advice against CSV injection.
 */
export function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export const csvLine = (cells: string[]) => cells.map(csvCell).join(',') + '\r\n';

export async function* csvChunks(
  def: TaskDefinition,
  rows: AsyncGenerator<ResultRow>,
): AsyncGenerator<string> {
  let buf = '\uFEFF' + csvLine(headerFor(def)); // BOM: Excel then reads UTF-8 correctly
  for await (const row of rows) {
    for (const line of linesFor(def, row)) buf += csvLine(line);
    if (buf.length > 64 * 1024) {
      yield buf;
      buf = '';
    }
  }
  if (buf) yield buf;
}
