import { Readable } from 'node:stream';
import type { TaskInput } from '@/lib/contract/task-definition';
import { flattenBatches } from './flatten-batches';
import { TableRowReader, isBlank } from './table-rows';
import { IngestFileError, type ColumnOptions, type IngestItem, type RecordHooks } from './types';
import { cellText } from './xlsx-cell-text';
import { cellKey, type SheetLinks } from './xlsx-hyperlinks-node';
import { XlsxWorkbookReader, hyperlinksOf } from './xlsx-workbook-reader-node';

// XLSX batch input, read with exceljs's WorkbookReader (with a sound walk over the zip, see
// xlsx-workbook-reader-node.ts). Sheets are spooled to a temporary file and parsed from there: disk,
// not memory. Only the first worksheet (the first visible tab) is read; its first non-blank row is
// the header. A url input takes a hyperlink cell's target, from a HYPERLINK() formula or from a link
// stored as a relationship (xlsx-hyperlinks-node.ts); other inputs take the text shown. A row missing
// from the sheet's XML (how a blank row is stored) is a blank record, so numbers follow the sheet's.

export type XlsxOptions = ColumnOptions & RecordHooks;

const BATCH_ROWS = 1000;

export function readXlsxRows(
  stream: NodeJS.ReadableStream,
  inputs: readonly TaskInput[],
  options: XlsxOptions = {},
): AsyncGenerator<IngestItem, void, undefined> {
  return flattenBatches(readXlsxBatches(stream, inputs, options));
}

export async function* readXlsxBatches(
  stream: NodeJS.ReadableStream,
  inputs: readonly TaskInput[],
  options: XlsxOptions = {},
): AsyncGenerator<IngestItem[], void, undefined> {
  const source = stream instanceof Readable ? stream : Readable.from(stream, { objectMode: false });
  // An error of the upload itself (aborted, over the size limit) must surface as is, not as "corrupt".
  let sourceError: unknown;
  source.once('error', (error) => (sourceError ??= error));

  const workbook = new XlsxWorkbookReader(source, {
    worksheets: 'emit',
    sharedStrings: 'cache',
    styles: 'cache', // needed to tell dates from numbers
    hyperlinks: 'ignore',
    entries: 'ignore',
  });
  let table: TableRowReader | undefined;
  let linkColumns = new Set<number>();
  let batch: IngestItem[] = [];
  let firstSheetRead = false;
  let lastRow = 0;
  const { onRecord, onValues } = options;
  let values: unknown[] = [];
  const emit =
    onRecord || onValues
      ? (item: IngestItem, cells: readonly string[]) => {
          onRecord?.(cells, item);
          onValues?.(isBlank(cells) ? [] : typedCells(values, links), item);
          batch.push(item);
        }
      : (item: IngestItem) => void batch.push(item);
  let links: SheetLinks | undefined;
  let rowNumber = 0;
  const typedCells = (row: readonly unknown[], sheetLinks: SheetLinks | undefined) =>
    row.slice(1).map((value, column) => {
      const target = sheetLinks?.get(cellKey(rowNumber, column + 1));
      return target === undefined ? value : { text: cellText(value), hyperlink: target };
    });
  try {
    for await (const sheet of workbook) {
      links = hyperlinksOf(sheet);
      for await (const row of sheet) {
        values = row.values as unknown[]; // 1-based: values[1] is column A
        rowNumber = row.number;
        if (table === undefined) {
          const header = toCells(values, linkColumns).map((cell) => cell.trim());
          if (isBlank(header)) continue;
          lastRow = row.number;
          options.onHeader?.(toCells(values, linkColumns));
          options.onHeaderValues?.(typedCells(values, undefined));
          table = new TableRowReader(header, inputs, options);
          linkColumns = new Set(table.inputColumns.filter((_, i) => inputs[i]?.type === 'url'));
          continue;
        }
        // Rows absent from the XML between two present ones are blank rows of the sheet.
        for (let gap = lastRow + 1; gap < row.number; gap++) table.read([], emit);
        lastRow = row.number;
        table.read(toCells(values, linkColumns, links, row.number), emit);
        if (batch.length >= BATCH_ROWS) {
          yield batch;
          batch = [];
        }
      }
      firstSheetRead = true;
      break; // first worksheet only
    }
  } catch (error) {
    if (error instanceof IngestFileError) throw error;
    // Leaving the reader after the first sheet runs its clean-up (closing the zip, removing the
    // spool); everything we read is already complete, so an error there is not about the file.
    if (firstSheetRead && sourceError === undefined) {
      yield* finish();
      return;
    }
    if (sourceError !== undefined) throw sourceError;
    const reason = error instanceof Error ? error.message : String(error);
    throw new IngestFileError(
      `the XLSX file could not be read (${reason}); is it a valid .xlsx workbook?`,
      400,
    );
  } finally {
    source.destroy();
  }
  yield* finish();

  function* finish(): Generator<IngestItem[]> {
    if (batch.length > 0) yield batch;
    if (table === undefined || table.rowCount === 0) throw new IngestFileError('the file has no rows', 400);
  }
}

function toCells(
  values: readonly unknown[],
  linkColumns: ReadonlySet<number>,
  links?: SheetLinks,
  row = 0,
): string[] {
  const cells = new Array<string>(Math.max(0, values.length - 1));
  for (let column = 0; column < cells.length; column++) {
    const isLink = linkColumns.has(column);
    const value = values[column + 1];
    // A url input takes the cell's hyperlink target, as a hyperlink cell of exceljs's own does.
    const target = isLink ? links?.get(cellKey(row, column + 1)) : undefined;
    cells[column] = cellText(
      target === undefined ? value : { text: cellText(value), hyperlink: target },
      isLink,
    );
  }
  return cells;
}
