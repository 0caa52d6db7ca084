import type { TaskInput } from '@/lib/contract/task-definition';
import type { PreviewRow, UploadFormat } from '@/lib/dashboard/upload/parse-protocol';
import { sheetRow } from '@/lib/ingest/sheet-row';
import { Table, Td, Th } from '@/components/ui/table';

/** The first rows as they will be uploaded, with each bad row's problem. */
export function PreviewTable({
  inputs,
  rows,
  format,
}: {
  inputs: TaskInput[];
  rows: PreviewRow[];
  format: UploadFormat;
}) {
  return (
    // Focusable: a scrolling region must be reachable from the keyboard.
    <div
      tabIndex={0}
      role="region"
      aria-label="Preview of the first rows"
      className="max-h-80 overflow-auto rounded border border-slate-200 dark:border-slate-800"
    >
      {/* The region scrolls both ways; the table must not scroll on its own (a second, unfocusable scroller). */}
      <Table label="Preview" className="overflow-visible!">
        <thead>
          <tr>
            <Th className="w-16">Row</Th>
            <Th>data_uuid</Th>
            {inputs.map((i) => (
              <Th key={i.name}>{i.name}</Th>
            ))}
            <Th>Check</Th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.index} className={r.error ? 'bg-red-50 dark:bg-red-950/40' : undefined}>
              <Td className="font-mono">{sheetRow(r.index, format)}</Td>
              <Td className="font-mono text-xs">{r.data_uuid}</Td>
              {inputs.map((i, j) => (
                <Td key={i.name} className="max-w-xs truncate">
                  {r.inputs[j] ?? ''}
                </Td>
              ))}
              <Td
                className={
                  r.error ? 'text-red-800 dark:text-red-200' : 'text-emerald-800 dark:text-emerald-300'
                }
              >
                {r.error ?? 'ok'}
              </Td>
            </tr>
          ))}
        </tbody>
      </Table>
    </div>
  );
}
