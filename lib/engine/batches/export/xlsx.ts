import { PassThrough, Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import type { TaskDefinition } from '@/lib/contract/task-definition';
import type { DownloadRow } from '../download-table';
import { linesFor, type Layout } from './columns';
import { typedCell } from './xlsx-cells';

/**
 * Stream an XLSX workbook (exceljs' streaming writer: rows are committed and not kept in memory).
 * Styles are on for the date cells' number format; strings are inline (no shared-strings table held).
 */
export function xlsxStream(
  def: TaskDefinition,
  layout: Layout,
  rows: AsyncGenerator<DownloadRow>,
): ReadableStream<Uint8Array> {
  const out = new PassThrough();
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out,
    useStyles: true,
    useSharedStrings: false,
  });
  const sheet = wb.addWorksheet('results');
  const write = (cells: readonly unknown[], header: boolean) => {
    const row = sheet.addRow([]);
    cells.forEach((v, i) => {
      const typed = header
        ? typedCell(v, i < layout.originalWidth ? 'original' : 'text')
        : typedCell(v, layout.kinds[i] ?? 'text');
      const cell = row.getCell(i + 1);
      cell.value = typed.value;
      if (typed.numFmt) cell.numFmt = typed.numFmt;
    });
    row.commit();
  };
  void (async () => {
    try {
      write(layout.header, true);
      for await (const row of rows) for (const line of linesFor(def, layout, row)) write(line, false);
      sheet.commit();
      await wb.commit();
    } catch (err) {
      out.destroy(err as Error);
    }
  })();
  return Readable.toWeb(out) as unknown as ReadableStream<Uint8Array>;
}
