import type { TaskInput } from '@/lib/contract/task-definition';
import { fastJsonlRow } from './jsonl-fast-row';
import { MAX_LINE_CHARS, formatCount } from '@/lib/contract/row-limits';
import { LineSplitter, type Line } from './split-lines';
import { IngestFileError, type IngestItem } from './types';
import { RowValidator, describeType } from './validate-row';

// JSONL batch input (spec 2.7): one `{"data_uuid": …, "inputs": […]}` object per line. Synchronous
// and push-based, so the same code runs over Node streams and browser file chunks. A bad row becomes
// an error item and parsing goes on. Blank lines are skipped and not counted: `index` is the 0-based
// position among data lines.

export class JsonlRowParser {
  private readonly validator: RowValidator;
  private readonly splitter = new LineSplitter(MAX_LINE_CHARS);
  private index = 0;

  constructor(inputs: readonly TaskInput[]) {
    this.validator = new RowValidator(inputs, {
      uuid: 'data_uuid',
      inputs: inputs.map((input, i) => `input "${input.name}" (inputs[${i}])`),
    });
  }

  /** Items for the lines completed by `text` (decoded text, any chunk size). */
  push(text: string): IngestItem[] {
    const lines = this.splitter.push(text);
    const items: IngestItem[] = [];
    for (let i = 0; i < lines.length; i++) {
      const item = this.readLine(lines[i] as Line);
      if (item !== undefined) items.push(item);
    }
    return items;
  }

  /** Items for a last line without a newline; throws when the file had no data line at all. */
  end(): IngestItem[] {
    const last = this.splitter.end();
    const item = last === undefined ? undefined : this.readLine(last);
    if (this.index === 0) throw new IngestFileError('the file has no rows', 400);
    return item === undefined ? [] : [item];
  }

  /** The item for one line, or undefined for a blank line. */
  private readLine(line: Line): IngestItem | undefined {
    if (typeof line !== 'string') {
      return this.error(
        `line is ${formatCount(line.overLength)} characters long; the limit is ${formatCount(MAX_LINE_CHARS)}`,
      );
    }
    if (line.length === 0) return undefined;
    const fast = fastJsonlRow(line);
    if (fast !== undefined) return this.validator.check(this.index++, fast[0], fast[1]);
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch {
      // Checked only on failure: JSON.parse already accepts surrounding whitespace, and blank lines are rare.
      if (line.trim().length === 0) return undefined;
      return this.error(`invalid JSON: ${excerpt(line.trim())}`);
    }
    if (typeof value !== 'object' || value === null || Array.isArray(value)) {
      return this.error(`expected a JSON object with "data_uuid" and "inputs", got ${describeType(value)}`);
    }
    const row = value as { data_uuid?: unknown; inputs?: unknown };
    return this.validator.check(this.index++, row.data_uuid, row.inputs);
  }

  private error(message: string): IngestItem {
    return { kind: 'error', error: { error_index: this.index++, error_message: message } };
  }
}

/** The start of a bad line, as typed (not re-escaped), so the analyst can find it in the file. */
function excerpt(line: string, max = 60): string {
  return line.length > max ? `${line.slice(0, max)}…` : line;
}
