import { cn } from '@/lib/dashboard/cn';
import type { DiffKind, DiffRow } from '@/lib/dashboard/definition-diff';
import { Badge } from '@/components/ui/badge';
import { Table, Td, Th } from '@/components/ui/table';

// The field-by-field diff of two definitions, shared by the versions panel (two stored versions)
// and the change preview (the live version and what an edit would store).

export const ROW_TONE: Record<DiffKind, string> = {
  same: '',
  changed: 'bg-amber-50 dark:bg-amber-950/30',
  added: 'bg-emerald-50 dark:bg-emerald-950/30',
  removed: 'bg-red-50 dark:bg-red-950/30',
};
const KIND_TONE = {
  same: 'neutral',
  changed: 'warning',
  added: 'success',
  removed: 'danger',
} as const;

export function DiffTable({
  rows,
  label,
  before,
  after,
  outputsPrefix = true,
}: {
  rows: DiffRow[];
  label: string;
  before: string;
  after: string;
  /** Whether output rows show their section ("outputs.") like the task's other rows. */
  outputsPrefix?: boolean;
}) {
  return (
    <Table label={label} className="rounded-md border border-slate-200 dark:border-slate-800">
      <thead>
        <tr>
          <Th>Field</Th>
          <Th>{before}</Th>
          <Th>{after}</Th>
          <Th>Change</Th>
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr key={`${r.section}-${r.name}`} className={ROW_TONE[r.kind]} data-diff={r.kind}>
            <Td className="whitespace-nowrap">
              {(outputsPrefix || r.section !== 'outputs') && (
                <span className="text-xs text-slate-600 dark:text-slate-400">{r.section}.</span>
              )}
              {r.previousName && (
                <>
                  <span className="font-mono text-xs line-through decoration-red-500">{r.previousName}</span>{' '}
                  →{' '}
                </>
              )}
              <span className="font-mono text-xs">{r.name}</span>
            </Td>
            <Td className={cn('break-words', r.kind === 'removed' && 'line-through decoration-red-500')}>
              {r.left ?? '—'}
            </Td>
            <Td className="break-words">{r.right ?? '—'}</Td>
            <Td>
              <Badge tone={KIND_TONE[r.kind]}>{r.previousName ? 'renamed' : r.kind}</Badge>
            </Td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}
