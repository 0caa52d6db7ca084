import { PassThrough, Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import type { ResultRow } from '@/lib/contract/batches';
import type { TaskDefinition } from '@/lib/contract/task-definition';
import { headerFor, linesFor } from './columns';

/** Stream an XLSX workbook (exceljs' streaming writer: rows are committed and not kept in memory). */
export function xlsxStream(def: TaskDefinition, rows: AsyncGenerator<ResultRow>): ReadableStream<Uint8Array> {
  const out = new PassThrough();
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out,
    useStyles: false,
    useSharedStrings: false,
  });
  const sheet = wb.addWorksheet('results');
  void (async () => {
    try {
      sheet.addRow(headerFor(def)).commit();
      for await (const row of rows) for (const line of linesFor(def, row)) sheet.addRow(line).commit();
      sheet.commit();
      await wb.commit();
    } catch (err) {
      out.destroy(err as Error);
    }
  })();
  return Readable.toWeb(out) as unknown as ReadableStream<Uint8Array>;
}
