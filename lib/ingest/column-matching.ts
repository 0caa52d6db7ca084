import type { TaskInput } from '@/lib/contract/task-definition';
import { IngestFileError, type ColumnOptions } from './types';

// Which column of a spreadsheet holds each task input and the data_uuid. Shared by the CSV and XLSX
// readers and by the dashboard's column-mapping step, which shows the automatic choice and lets the
// analyst override it (passed back as ColumnOptions).

export interface ColumnMatch {
  /** Column position for each task input (ordered as the inputs), null when none matched. */
  inputColumns: (number | null)[];
  /** Column position of data_uuid, null when the file has none (rows get `row-<index>`). */
  uuidColumn: number | null;
  /** Names of the inputs without a column. */
  missing: string[];
  /** Explicitly mapped header names (ColumnOptions) that are not in the file. */
  unknownMapped: string[];
}

// For a task with a single url input, the column that most likely holds it when none is named after it.
const URL_COLUMN_WORDS = ['website', 'url', 'domain', 'site', 'homepage', 'link', 'web'];

/** "Company Website" → "company_website": case, surrounding space, and spaces/dashes don't matter. */
export function normalizeHeader(header: string): string {
  return header
    .replace(/^\uFEFF/, '')
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_');
}

export function columnsFor(
  header: readonly string[],
  inputs: readonly TaskInput[],
  options: ColumnOptions = {},
): ColumnMatch {
  const normalized = header.map(normalizeHeader);
  const unknownMapped: string[] = [];
  const find = (wanted: string): number | null => {
    const exact = header.findIndex((h) => h.trim() === wanted.trim());
    if (exact >= 0) return exact;
    const loose = normalized.indexOf(normalizeHeader(wanted));
    return loose >= 0 ? loose : null;
  };
  const mapped = (wanted: string | null | undefined): number | null | undefined => {
    if (wanted === undefined || wanted === null) return wanted;
    const column = find(wanted);
    if (column === null) unknownMapped.push(wanted);
    return column;
  };

  const explicitUuid = mapped(options.uuidColumn);
  const uuidColumn = explicitUuid !== undefined ? explicitUuid : find('data_uuid');

  const inputColumns = inputs.map((input) => {
    const explicit = mapped(options.columns?.[input.name]);
    return explicit !== undefined ? explicit : find(input.name);
  });

  // Only for an input that holds a web address (typed url, or named like one): guessing a "Website"
  // column for a `company_name` input would silently research the wrong thing.
  const only = inputs[0];
  if (
    inputs.length === 1 &&
    only !== undefined &&
    (only.type === 'url' || isUrlLike(only.name)) &&
    inputColumns[0] === null &&
    options.columns?.[only.name] === undefined
  ) {
    inputColumns[0] = guessUrlColumn(normalized, uuidColumn);
  }

  const missing = inputs.filter((_, i) => inputColumns[i] === null).map((input) => input.name);
  return { inputColumns, uuidColumn, missing, unknownMapped };
}

function isUrlLike(normalizedName: string): boolean {
  const words = normalizedName.split('_');
  return URL_COLUMN_WORDS.some((word) => words.includes(word));
}

function guessUrlColumn(normalized: readonly string[], uuidColumn: number | null): number | null {
  for (const word of URL_COLUMN_WORDS) {
    const column = normalized.findIndex((h, i) => i !== uuidColumn && h.split('_').includes(word));
    if (column >= 0) return column;
  }
  return null;
}

/** columnsFor, or an IngestFileError (400) naming what is missing and the columns the file has. */
export function requireColumns(
  header: readonly string[],
  inputs: readonly TaskInput[],
  options: ColumnOptions = {},
): { inputColumns: number[]; uuidColumn: number | null } {
  const match = columnsFor(header, inputs, options);
  const found = header.length === 0 ? '(none)' : header.map((h) => JSON.stringify(h.trim())).join(', ');
  if (match.unknownMapped.length > 0) {
    const names = match.unknownMapped.map((name) => JSON.stringify(name)).join(', ');
    throw new IngestFileError(
      `mapped column${plural(match.unknownMapped)} ${names} not found; columns found: ${found}`,
      400,
    );
  }
  if (match.missing.length > 0) {
    const names = match.missing.map((name) => JSON.stringify(name)).join(', ');
    throw new IngestFileError(
      `missing column${plural(match.missing)} for input${plural(match.missing)} ${names}; columns found: ${found}`,
      400,
    );
  }
  return { inputColumns: match.inputColumns as number[], uuidColumn: match.uuidColumn };
}

function plural(items: readonly unknown[]): string {
  return items.length === 1 ? '' : 's';
}
