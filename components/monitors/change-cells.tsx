import type { ReactNode } from 'react';
import type { MonitorChange } from '@/lib/contract/monitors';
import { formatValue } from '@/lib/dashboard/format';
import { Badge } from '@/components/ui/badge';
import { Table, Td, Th } from '@/components/ui/table';

// The cells of a change, in a run's changes and in a row's history. A row is named by its inputs in
// the run (the site, the company) with its data_uuid beside; a removed row, gone from the sheet, by
// its data_uuid alone.

const KIND_TONE = { new: 'success', changed: 'brand', removed: 'warning', failed: 'danger' } as const;

function valuesText(v: unknown): string {
  if (v && typeof v === 'object' && !Array.isArray(v))
    return Object.entries(v as Record<string, unknown>)
      .map(([k, x]) => `${k}: ${formatValue(x)}`)
      .join(' · ');
  return formatValue(v);
}

export function RowName({ change }: { change: MonitorChange }) {
  const inputs = change.input ? Object.values(change.input).filter(Boolean) : [];
  return (
    <span className="flex flex-col">
      {inputs.length > 0 && <span className="break-all">{inputs.join(' · ')}</span>}
      <span className="font-mono text-xs text-slate-600 dark:text-slate-400">{change.data_uuid}</span>
    </span>
  );
}

export function Before({ change }: { change: MonitorChange }) {
  if (change.kind === 'new' || change.kind === 'failed') return <span className="text-slate-500">—</span>;
  return (
    <span className="break-words">
      {change.kind === 'removed' ? valuesText(change.old) : formatValue(change.old)}
    </span>
  );
}

export function After({ change }: { change: MonitorChange }) {
  if (change.kind === 'removed')
    return <span className="text-slate-600 dark:text-slate-400">no longer in the sheet</span>;
  if (change.kind === 'failed')
    return (
      <span className="text-red-700 dark:text-red-300">
        {(change.new as { error?: string } | null)?.error ?? 'failed'} (kept its last values)
      </span>
    );
  return (
    <span className="font-medium break-words">
      {change.kind === 'new' ? valuesText(change.new) : formatValue(change.new)}
    </span>
  );
}

/** Changes as a table: a first column of the caller's (the row, or when), then change, field, before, after. */
export function ChangeTable({
  label,
  changes,
  lead,
  testId,
}: {
  label: string;
  changes: MonitorChange[];
  lead: { header: string; cell: (c: MonitorChange) => ReactNode; className?: string };
  testId: string;
}) {
  return (
    <Table label={label}>
      <thead>
        <tr>
          <Th>{lead.header}</Th>
          <Th>Change</Th>
          <Th>Field</Th>
          <Th>Before</Th>
          <Th>After</Th>
        </tr>
      </thead>
      <tbody>
        {changes.map((c) => (
          <tr key={c.change_id} data-testid={testId}>
            <Td className={lead.className}>{lead.cell(c)}</Td>
            <Td>
              <Badge tone={KIND_TONE[c.kind]}>{c.kind}</Badge>
            </Td>
            <Td className="font-mono text-xs">{c.field ?? '—'}</Td>
            <Td className="max-w-xs">
              <Before change={c} />
            </Td>
            <Td className="max-w-sm">
              <After change={c} />
            </Td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}
