import type { TaskInput } from '@/lib/contract/task-definition';
import { requireColumns } from './column-matching';
import type { ColumnOptions, IngestItem } from './types';
import { AUTO_UUID, RowValidator } from './validate-row';

// Turns the records of a spreadsheet (CSV or XLSX, header already read) into rows. Rows whose cells
// are all blank are skipped and not counted, like blank JSONL lines, so indexes agree across formats.

export class TableRowReader {
  private readonly validator: RowValidator;
  /** Column position of each task input, ordered as the inputs. */
  readonly inputColumns: readonly number[];
  private readonly uuidColumn: number | null;
  private index = 0;

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
   * The item for one record, or undefined for a blank one. `problem` is a parse problem of the record
   * itself (malformed quoting), reported instead of validating cells that are likely cut wrong.
   */
  read(cells: readonly string[], problem?: string): IngestItem | undefined {
    if (isBlank(cells)) return undefined;
    const index = this.index++;
    if (problem !== undefined)
      return { kind: 'error', error: { error_index: index, error_message: problem } };
    const values = this.inputColumns.map((column) => cells[column] ?? '');
    const uuid = this.uuidColumn === null ? AUTO_UUID : (cells[this.uuidColumn] ?? '');
    return this.validator.check(index, uuid, values);
  }
}

export function isBlank(cells: readonly string[]): boolean {
  for (const cell of cells) {
    if (cell.length > 0 && cell.trim().length > 0) return false;
  }
  return true;
}
