import type { ColumnOptions } from '@/lib/ingest/types';
import { badRequest } from '../errors';

// The columns an upload names for its inputs (extension form fields of create-batch and validate-data):
// `columns`, a JSON object of input name → header text (null: no column), and `uuid_column`, the header
// of the data_uuid column ('' for none: rows get row-<index>). Without them columns are matched by name.
// The dashboard sends the mapping the analyst confirmed, with the file as it was chosen.

export const COLUMN_FIELDS = ['columns', 'uuid_column'] as const;

export function columnOptionsFrom(fields: Record<string, string>): ColumnOptions {
  const options: ColumnOptions = {};
  const raw = fields.columns?.trim();
  if (raw) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(raw);
    } catch {
      throw badRequest('Invalid columns', 'columns must be a JSON object of input name → column header');
    }
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
      throw badRequest('Invalid columns', 'columns must be a JSON object of input name → column header');
    const columns: Record<string, string | null> = {};
    for (const [name, header] of Object.entries(parsed)) {
      if (header !== null && typeof header !== 'string')
        throw badRequest('Invalid columns', `columns.${name} must be a header text or null`);
      columns[name] = header;
    }
    options.columns = columns;
  }
  if (fields.uuid_column !== undefined) options.uuidColumn = fields.uuid_column.trim() || null;
  return options;
}
