import type { TaskInput } from '@/lib/contract/task-definition';
import { requireColumns } from './column-matching';
import type { ColumnOptions, IngestItem } from './types';
import { AUTO_UUID, RowValidator } from './validate-row';

// Turns the records of a spreadsheet (CSV or XLSX, header already read) into rows. A record's index is
// its position among the records after the header, so `index + 2` is the row number the analyst sees
// in the spreadsheet (header on row 1). A blank record between data rows is a row too, refused as
// "empty row": skipping it would shift every later number ("row 20" would be the sheet's row 22), and
// running it would only fail on its empty inputs. Blank records after the last data row are not rows:
// files end with newlines and Excel exports with ",,," lines nobody sees as rows.

export const EMPTY_ROW = 'empty row';

/** Receives each item made from a record, with the record's cells. */
export type RecordSink = (item: IngestItem, cells: readonly string[]) => void;

export class TableRowReader {
  private readonly validator: RowValidator;
  /** Column position of each task input, ordered as the inputs. */
  readonly inputColumns: readonly number[];
  private readonly uuidColumn: number | null;
  private index = 0;
  /** Blank records not yet known to be followed by a data row. */
  private blanks: (readonly string[])[] = [];

  /** Throws IngestFileError (400) when a task input has no column. */
  constructor(header: readonly string[], inputs: readonly TaskInput[], options: ColumnOptions = {}) {
    const columns = requireColumns(header, inputs, options);
    this.inputColumns = columns.inputColumns;
    this.uuidColumn = columns.uuidColumn;
    const columnName = (column: number) => JSON.stringify((header[column] ?? '').trim());
    this.validator = new RowValidator(inputs, {
      uuid: this.uuidColumn === null ? 'data_uuid' : `data_uuid (column ${columnName(this.uuidColumn)})`,
      inputs: inputs.map(
        (input, i) => `input "${input.name}" (column ${columnName(this.inputColumns[i] ?? -1)})`,
      ),
    });
  }

  /** Data rows read so far (errors included). */
  get rowCount(): number {
    return this.index;
  }

  /**
   * Hands `emit` the items for one record: none for a blank record (held until a data row follows),
   * the held blanks as "empty row" errors then the record's item for a data row. `problem` is a parse
   * problem of the record itself (malformed quoting), reported instead of validating cells that are
   * likely cut wrong.
   */
  read(cells: readonly string[], emit: RecordSink, problem?: string): void {
    if (problem === undefined && isBlank(cells)) {
      this.blanks.push(cells);
      return;
    }
    if (this.blanks.length > 0) {
      for (const blank of this.blanks)
        emit({ kind: 'error', error: { error_index: this.index++, error_message: EMPTY_ROW } }, blank);
      this.blanks = [];
    }
    const index = this.index++;
    if (problem !== undefined) {
      emit({ kind: 'error', error: { error_index: index, error_message: problem } }, cells);
      return;
    }
    const values = this.inputColumns.map((column) => cells[column] ?? '');
    const uuid = this.uuidColumn === null ? AUTO_UUID : (cells[this.uuidColumn] ?? '');
    emit(this.validator.check(index, uuid, values), cells);
  }
}

export function isBlank(cells: readonly string[]): boolean {
  for (const cell of cells) {
    if (cell.length > 0 && cell.trim().length > 0) return false;
  }
  return true;
}
