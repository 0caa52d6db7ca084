import Papa from 'papaparse';
import type { TaskInput } from '@/lib/contract/task-definition';
import { MAX_CSV_RECORD_CHARS, formatCount } from '@/lib/contract/row-limits';
import { TableRowReader, isBlank } from './table-rows';
import { IngestFileError, type CsvOptions, type IngestItem } from './types';

// CSV/TSV batch input, push-based and synchronous like the JSONL parser (browser and Node alike).
// Text is fed to papaparse's low-level Parser the way Papa's own chunk streamer does: parse everything
// buffered, ignore the last (possibly unfinished) record, keep it for the next chunk. A quoted field
// may therefore span any number of chunks; the unfinished record is capped so an unclosed quote
// cannot buffer the rest of the file.

/** Text collected before guessing the delimiter, so the guess sees several records. */
export const SAMPLE_CHARS = 16 * 1024;
const DELIMITERS = [',', '\t', ';', '|'];

interface PapaResult {
  data: string[][];
  errors: { code: string; row?: number }[];
  meta: { cursor: number };
}

const QUOTE_PROBLEMS: Record<string, string> = {
  MissingQuotes: 'a quoted field is never closed (missing ")',
  InvalidQuotes:
    'malformed quotes: a quoted field must end with " followed by the delimiter or the end of the line',
};

export class CsvRowParser {
  private pending = '';
  private parser: Papa.Parser | undefined;
  private table: TableRowReader | undefined;
  private columns: string[] | undefined;

  constructor(
    private readonly inputs: readonly TaskInput[],
    private readonly options: CsvOptions = {},
  ) {}

  /** The header row (trimmed), once read. */
  get header(): readonly string[] | undefined {
    return this.columns;
  }

  /** Items for the records completed by `text`; IngestFileError when the header lacks a needed column. */
  push(text: string): IngestItem[] {
    this.pending += text;
    if (this.parser === undefined) {
      if (this.pending.length < SAMPLE_CHARS) return [];
      this.parser = this.createParser(this.pending);
    }
    return this.parse(false);
  }

  /** Items for the last record; throws IngestFileError when the file has no data row. */
  end(): IngestItem[] {
    this.parser ??= this.createParser(this.pending);
    const items = this.parse(true);
    if (this.table === undefined || this.table.rowCount === 0) {
      throw new IngestFileError('the file has no rows', 400);
    }
    return items;
  }

  private createParser(sample: string): Papa.Parser {
    const delimiter = this.options.delimiter ?? guessDelimiter(sample);
    // '\n' also splits CRLF files: the CR left at the end of a record's last cell is trimmed with the
    // cell, and papaparse accepts it after a closing quote. Only CR-only files (classic Mac) need '\r'.
    const newline = sample.includes('\n') || !sample.includes('\r') ? '\n' : '\r';
    return new Papa.Parser({ delimiter, newline, quoteChar: '"' });
  }

  private parse(isFinal: boolean): IngestItem[] {
    const parser = this.parser as Papa.Parser;
    const result = parser.parse(this.pending, 0, !isFinal) as PapaResult;
    const records = result.data;
    let problems: (string | undefined)[] | undefined;
    for (const error of result.errors) {
      // Errors about the record left unfinished (row === records.length) are re-found on the next parse.
      if (error.row === undefined || error.row >= records.length) continue;
      problems ??= [];
      problems[error.row] ??= QUOTE_PROBLEMS[error.code] ?? `malformed record (${error.code})`;
    }

    const items: IngestItem[] = [];
    const onRecord = this.options.onRecord;
    const emit = onRecord
      ? (item: IngestItem, cells: readonly string[]) => {
          onRecord(cells, item);
          items.push(item);
        }
      : (item: IngestItem) => void items.push(item);
    for (let i = 0; i < records.length; i++) {
      const cells = records[i] as string[];
      if (this.table === undefined) {
        if (isBlank(cells)) continue;
        this.columns = cells.map((cell) => cell.trim());
        this.options.onHeader?.(cells);
        this.table = new TableRowReader(this.columns, this.inputs, this.options);
        continue;
      }
      this.table.read(cells, emit, problems?.[i]);
    }

    this.pending = isFinal ? '' : this.pending.slice(result.meta.cursor);
    if (this.pending.length > MAX_CSV_RECORD_CHARS) {
      throw new IngestFileError(
        `a record starting at data row ${this.table?.rowCount ?? 0} is longer than ` +
          `${formatCount(MAX_CSV_RECORD_CHARS)} characters; check for a quote (") that is never closed`,
        400,
      );
    }
    return items;
  }
}

/** The delimiter papaparse finds most consistent over the first records; "," when it cannot tell. */
export function guessDelimiter(sample: string): string {
  // 'greedy' skips rows of empty cells (Excel exports end with ",,," rows) when comparing field counts.
  const result = Papa.parse<string[]>(sample, {
    preview: 10,
    delimitersToGuess: DELIMITERS,
    skipEmptyLines: 'greedy',
  });
  return result.meta.delimiter || ',';
}
