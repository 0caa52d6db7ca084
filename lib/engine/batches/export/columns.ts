import type { ResultRow } from '@/lib/contract/batches';
import type { TaskDefinition } from '@/lib/contract/task-definition';

// Spreadsheet layout of results: one line per input row (one per list item for list-shaped tasks), the
// inputs by name, the outputs by name, then status and error.

export function headerFor(def: TaskDefinition): string[] {
  return [
    'data_uuid',
    ...def.inputs.map((i) => i.name),
    ...def.outputs.map((o) => o.name),
    'status',
    'error',
  ];
}

function cell(v: unknown): string {
  if (v === null || v === undefined) return '';
  if (Array.isArray(v)) return v.map(cell).join('; ');
  if (typeof v === 'object') return JSON.stringify(v);
  return String(v);
}

export function linesFor(def: TaskDefinition, row: ResultRow): string[][] {
  const head = [row.data_uuid, ...def.inputs.map((_, i) => row.inputs[i] ?? '')];
  const tail = [row.status, row.error ?? ''];
  // A list task's fields asked once for the page (scope 'task') are in data_json, not in the rows:
  // each line carries them next to its row's columns.
  const items =
    row.list && row.list_data_json?.length
      ? row.list_data_json.map((item) => ({ ...row.data_json, ...item }))
      : [row.data_json ?? {}];
  return items.map((item) => [...head, ...def.outputs.map((o) => cell(item[o.name])), ...tail]);
}
