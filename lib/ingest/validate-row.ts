import type { TaskInput } from '@/lib/contract/task-definition';
import { MAX_INPUT_CHARS, MAX_UUID_CHARS, formatCount } from '@/lib/contract/row-limits';
import type { IngestItem } from './types';
import { UuidRegistry } from './uuid-registry';
import { quoteValue, urlProblem } from './validate-url';

// The one place where a row's data_uuid and inputs are checked, whatever the file format. Checks are
// hand-written (no per-row schema library) and messages are only built on failure: this runs once per
// row of files with up to a million rows, and ingest speed is benchmarked.

/** Passed as the uuid when a table has no data_uuid column: the row gets `row-<index>`. */
export const AUTO_UUID: unique symbol = Symbol('auto data_uuid');

export interface RowLabels {
  /** How the uuid is named in messages, e.g. `data_uuid` or `data_uuid (column "ID")`. */
  uuid: string;
  /** How each input is named in messages, e.g. `input "website" (inputs[0])`; ordered as the inputs. */
  inputs: readonly string[];
}

export class RowValidator {
  private readonly seen = new UuidRegistry();
  private readonly isUrl: readonly boolean[];
  private readonly expectedInputs: string;

  constructor(
    private readonly inputs: readonly TaskInput[],
    private readonly labels: RowLabels,
  ) {
    this.isUrl = inputs.map((input) => input.type === 'url');
    const names = inputs.map((input) => input.name).join(', ');
    this.expectedInputs = `${inputs.length} input${inputs.length === 1 ? '' : 's'} (${names})`;
  }

  /**
   * `uuid` and `values` are raw: straight from JSON (`undefined` when the key is absent) or cell strings.
   * `values`, when an array, is taken over (normalised in place and returned as the row's inputs).
   * Every problem of the row is reported, joined with "; ", so one fix-and-retry round suffices.
   */
  check(index: number, uuid: unknown, values: unknown): IngestItem {
    let problems: string[] | undefined;

    let dataUuid: string | undefined;
    if (uuid === AUTO_UUID) {
      dataUuid = `row-${index}`;
    } else {
      const normalized =
        typeof uuid === 'string' ? uuid.trim() : typeof uuid === 'number' ? String(uuid) : uuid;
      const problem = this.uuidProblem(index, normalized);
      if (problem === undefined) dataUuid = normalized as string;
      else (problems ??= []).push(`${this.labels.uuid} ${problem}`);
    }

    let inputs: string[] | undefined;
    if (values === undefined) {
      (problems ??= []).push('inputs is missing');
    } else if (!Array.isArray(values)) {
      (problems ??= []).push(`inputs must be an array, got ${describeType(values)}`);
    } else if (values.length !== this.inputs.length) {
      (problems ??= []).push(`expected ${this.expectedInputs}, got ${values.length}`);
    } else {
      // The array is the caller's fresh parse result (JSON.parse, a CSV record): normalised in place
      // rather than copied, one allocation less per row.
      inputs = values as string[];
      for (let i = 0; i < values.length; i++) {
        const raw: unknown = values[i];
        const value = typeof raw === 'string' ? raw.trim() : typeof raw === 'number' ? String(raw) : raw;
        const problem = this.inputProblem(i, value);
        if (problem === undefined) inputs[i] = value as string;
        else (problems ??= []).push(`${this.labels.inputs[i] ?? `inputs[${i}]`} ${problem}`);
      }
    }

    if (problems !== undefined || inputs === undefined || dataUuid === undefined) {
      return { kind: 'error', error: { error_index: index, error_message: (problems ?? []).join('; ') } };
    }
    return { kind: 'row', row: { index, data_uuid: dataUuid, inputs } };
  }

  /** What is wrong with a (trimmed) uuid, worded to follow its label; registers it when it is fine. */
  private uuidProblem(index: number, uuid: unknown): string | undefined {
    if (uuid === undefined) return 'is missing';
    if (typeof uuid !== 'string') return `must be a string, got ${describeType(uuid)}`;
    if (uuid.length === 0) return 'is empty';
    if (uuid.length > MAX_UUID_CHARS) {
      return `is ${formatCount(uuid.length)} characters long; the limit is ${MAX_UUID_CHARS}`;
    }
    const first = this.seen.add(uuid, index);
    return first === undefined
      ? undefined
      : `${quoteValue(uuid)} is a duplicate of the row at index ${first}`;
  }

  /** What is wrong with the i-th (trimmed) input, worded to follow its label. */
  private inputProblem(i: number, value: unknown): string | undefined {
    if (typeof value !== 'string') return `must be a string or number, got ${describeType(value)}`;
    if (value.length === 0) return 'is empty';
    if (value.length > MAX_INPUT_CHARS) {
      return `is ${formatCount(value.length)} characters long; the limit is ${formatCount(MAX_INPUT_CHARS)}`;
    }
    return this.isUrl[i] === true ? urlProblem(value) : undefined;
  }
}

/** "null", "an array", "an object", "a boolean" — how a JSON value's type is named in messages. */
export function describeType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  const type = typeof value;
  return type === 'object' || type === 'undefined' ? `an ${type}` : `a ${type}`;
}
