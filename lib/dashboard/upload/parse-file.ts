import type { TaskInput } from '@/lib/contract/task-definition';
import { columnsFor } from '@/lib/ingest/column-matching';
import { CsvRowParser } from '@/lib/ingest/csv-row-parser';
import { decodeChunks } from '@/lib/ingest/decode-text';
import { JsonlRowParser } from '@/lib/ingest/jsonl-row-parser';
import { readCsvHeader } from '@/lib/ingest/read-csv-header';
import { TableRowReader, isBlank } from '@/lib/ingest/table-rows';
import type { ColumnOptions, IngestItem } from '@/lib/ingest/types';
import { webStreamChunks } from '@/lib/ingest/web-stream-chunks';
import { cellText } from '@/lib/ingest/xlsx-cell-text';
import {
  MAX_ERRORS,
  PREVIEW_ROWS,
  type ParseSummary,
  type PreviewRow,
  type UploadFormat,
} from './parse-protocol';
import { unprefixWorkbook } from './xlsx-unprefix';

// The browser side of batch input reading, run inside the parse worker. It uses the engine's own
// readers (lib/ingest), so a file is split into rows, and rows are judged, exactly as the engine will.
// The file itself is uploaded, with the column mapping the analyst confirmed as form fields
// (`columns`, `uuid_column`): the engine reads it with the same readers and the same mapping, so it
// sees the rows previewed here, and keeps the spreadsheet to give its columns back in downloads.

/** The form fields naming the mapped columns (engine: batches/column-fields.ts). */
export function columnFields(mapping: ColumnOptions): Record<string, string> {
  const fields: Record<string, string> = {};
  if (mapping.columns && Object.keys(mapping.columns).length)
    fields.columns = JSON.stringify(mapping.columns);
  if (mapping.uuidColumn !== undefined) fields.uuid_column = mapping.uuidColumn ?? '';
  return fields;
}

class Summary {
  total = 0;
  good = 0;
  errorCount = 0;
  errors: ParseSummary['errors'] = [];
  preview: PreviewRow[] = [];
  note(item: IngestItem, raw: { uuid: string; inputs: string[] }) {
    this.total++;
    if (item.kind === 'row') {
      this.good++;
      if (this.preview.length < PREVIEW_ROWS) this.preview.push({ ...item.row });
    } else {
      this.errorCount++;
      if (this.errors.length < MAX_ERRORS) this.errors.push(item.error);
      if (this.preview.length < PREVIEW_ROWS)
        this.preview.push({
          index: item.error.error_index,
          data_uuid: raw.uuid,
          inputs: raw.inputs,
          error: item.error.error_message,
        });
    }
  }
}

export async function readHeader(file: File, format: UploadFormat): Promise<string[]> {
  if (format === 'jsonl') return [];
  if (format === 'xlsx') return (await readXlsxTable(file)).header;
  const isTsv = file.name.toLowerCase().endsWith('.tsv');
  return readCsvHeader(webStreamChunks(file.stream()), isTsv ? { delimiter: '\t' } : {});
}

export async function parseFile(
  file: File,
  format: UploadFormat,
  inputs: TaskInput[],
  mapping: ColumnOptions,
  onProgress: (bytes: number, rows: number) => void,
): Promise<ParseSummary> {
  const started = performance.now();
  const summary = new Summary();
  // The file as chosen, with the mapping: what the engine reads (see the note at the top).
  const upload = { upload: file, uploadName: file.name, uploadFields: columnFields(mapping) };

  if (format === 'jsonl') {
    // Already the engine's format: the file itself is uploaded, unchanged.
    const parser = new JsonlRowParser(inputs);
    let bytes = 0;
    const counted = (async function* () {
      for await (const chunk of webStreamChunks(file.stream())) {
        bytes += chunk.byteLength;
        yield chunk;
      }
    })();
    const take = (items: IngestItem[]) => {
      for (const it of items)
        summary.note(it, {
          uuid: it.kind === 'row' ? it.row.data_uuid : '',
          inputs: it.kind === 'row' ? it.row.inputs : [],
        });
    };
    for await (const text of decodeChunks(counted)) {
      take(parser.push(text));
      onProgress(bytes, summary.total);
    }
    take(parser.end());
    return { ...result(summary), format, ...upload, uploadFields: {}, ms: performance.now() - started };
  }

  if (format === 'xlsx') {
    const { header, records, sheet } = await readXlsxTable(file, inputs, mapping);
    const table = new TableRowReader(header, inputs, mapping);
    const match = columnsFor(header, inputs, mapping);
    const emit = (item: IngestItem, cells: readonly string[]) => {
      const raw = rawRow(cells, item, match);
      summary.note(item, raw);
      if (summary.total % 5000 === 0) onProgress(0, summary.total);
    };
    for (const cells of records) table.read(cells, emit);
    if (summary.total === 0) throw new Error('the file has no rows');
    return { ...result(summary), format, ...upload, ms: performance.now() - started, sheet };
  }

  // CSV/TSV: the engine's CsvRowParser; onRecord hands over each record's cells with its verdict.
  const isTsv = file.name.toLowerCase().endsWith('.tsv');
  let match: ReturnType<typeof columnsFor> | undefined;
  const parser = new CsvRowParser(inputs, {
    ...mapping,
    ...(isTsv ? { delimiter: '\t' } : {}),
    onRecord: (cells, item) => {
      match ??= columnsFor(parser.header ?? [], inputs, mapping);
      summary.note(item, rawRow(cells, item, match));
    },
  });
  let bytes = 0;
  let lastReport = 0;
  const counted = (async function* () {
    for await (const chunk of webStreamChunks(file.stream())) {
      bytes += chunk.byteLength;
      yield chunk;
    }
  })();
  for await (const text of decodeChunks(counted)) {
    parser.push(text);
    if (bytes - lastReport > 256 * 1024) {
      lastReport = bytes;
      onProgress(bytes, summary.total);
    }
  }
  parser.end();
  onProgress(bytes, summary.total);
  return { ...result(summary), format, ...upload, ms: performance.now() - started };
}

function result(s: Summary) {
  return { total: s.total, good: s.good, errorCount: s.errorCount, errors: s.errors, preview: s.preview };
}

/** A row for the preview: the mapped cells as typed, and its uuid (or the engine's default). */
function rawRow(cells: readonly string[], item: IngestItem, match: ReturnType<typeof columnsFor>) {
  if (item.kind === 'row') return { uuid: item.row.data_uuid, inputs: item.row.inputs };
  const index = item.error.error_index;
  const uuid = match.uuidColumn === null ? `row-${index}` : (cells[match.uuidColumn] ?? '');
  return { uuid, inputs: match.inputColumns.map((c) => (c === null ? '' : (cells[c] ?? ''))) };
}

/** The first worksheet as text records (exceljs' browser build, loaded only when an XLSX is chosen). */
async function readXlsxTable(file: File, inputs: TaskInput[] = [], mapping: ColumnOptions = {}) {
  const sheet = await firstWorksheet(await file.arrayBuffer());
  let header: string[] | null = null;
  let links = new Set<number>();
  const records: string[][] = [];
  let lastRow = 0;
  sheet.eachRow({ includeEmpty: false }, (row) => {
    const values = row.values as unknown[];
    // Rows left out between two with cells are blank rows of the sheet: records too, as in the engine.
    if (header !== null) for (let gap = lastRow + 1; gap < row.number; gap++) records.push([]);
    lastRow = row.number;
    const width = Math.max(values.length - 1, header?.length ?? 0);
    const cells = Array.from({ length: width }, (_, i) => cellText(values[i + 1], links.has(i)));
    if (header === null) {
      if (isBlank(cells)) return;
      header = cells.map((c) => c.trim());
      if (inputs.length) {
        const m = columnsFor(header, inputs, mapping);
        links = new Set(
          m.inputColumns.filter((c, i): c is number => c !== null && inputs[i]?.type === 'url'),
        );
      }
      return;
    }
    records.push(cells);
  });
  const of = sheet.workbook.worksheets.length;
  return { header: header ?? ([] as string[]), records, sheet: { name: sheet.name, of } };
}

/**
 * The workbook's first visible worksheet. A workbook that fails to load, or whose first sheet comes out empty,
 * is tried once more with SpreadsheetML's namespace prefix taken off, if it has one.
 */
async function firstWorksheet(bytes: ArrayBuffer) {
  const ExcelJS = (await import('exceljs')).default;
  const load = async (workbook: ArrayBuffer) => {
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(workbook);
    // The first visible tab, as the engine reads (a hidden first tab is usually a template's settings).
    return wb.worksheets.find((sheet) => sheet.state === 'visible' || !sheet.state) ?? wb.worksheets[0];
  };
  let sheet: Awaited<ReturnType<typeof load>>;
  let failure: unknown;
  try {
    sheet = await load(bytes);
  } catch (error) {
    failure = error;
  }
  if (sheet === undefined || sheet.rowCount === 0) {
    const plain = await unprefixWorkbook(bytes).catch(() => null);
    if (plain !== null) sheet = await load(plain);
    else if (failure !== undefined) throw failure;
  }
  if (!sheet) throw new Error('the workbook has no worksheet');
  return sheet;
}
