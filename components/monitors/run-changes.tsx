'use client';
import type { MonitorChange } from '@/lib/contract/monitors';
import { formatValue } from '@/lib/dashboard/format';
import { useRunChanges } from '@/lib/dashboard/hooks/use-monitors';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { ErrorPanel } from '@/components/ui/error-panel';
import { TableSkeleton } from '@/components/ui/skeleton';
import { Table, Td, Th } from '@/components/ui/table';

// One run's changes, row × field, old → new. A row is named by its inputs in the run (the site, the
// company) with its data_uuid beside; a removed row, gone from the sheet, by its data_uuid alone.

const KIND_TONE = { new: 'success', changed: 'brand', removed: 'warning', failed: 'danger' } as const;

function valuesText(v: unknown): string {
  if (v && typeof v === 'object' && !Array.isArray(v))
    return Object.entries(v as Record<string, unknown>)
      .map(([k, x]) => `${k}: ${formatValue(x)}`)
      .join(' · ');
  return formatValue(v);
}

function RowName({ change }: { change: MonitorChange }) {
  const inputs = change.input ? Object.values(change.input).filter(Boolean) : [];
  return (
    <span className="flex flex-col">
      {inputs.length > 0 && <span className="break-all">{inputs.join(' · ')}</span>}
      <span className="font-mono text-xs text-slate-600 dark:text-slate-400">{change.data_uuid}</span>
    </span>
  );
}

function Before({ change }: { change: MonitorChange }) {
  if (change.kind === 'new' || change.kind === 'failed') return <span className="text-slate-500">—</span>;
  return (
    <span className="break-words">
      {change.kind === 'removed' ? valuesText(change.old) : formatValue(change.old)}
    </span>
  );
}

function After({ change }: { change: MonitorChange }) {
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

export function RunChanges({ monitorId, runId }: { monitorId: string; runId: string }) {
  const q = useRunChanges(monitorId, runId, true);
  if (q.isPending) return <TableSkeleton rows={3} label="Loading changes" />;
  if (q.error) return <ErrorPanel error={q.error} onRetry={() => q.refetch()} />;
  const changes = q.data.pages.flatMap((p) => p.items);
  if (changes.length === 0)
    return <p className="py-2 text-sm text-slate-600 dark:text-slate-400">Nothing changed in this run.</p>;
  return (
    <div>
      <Table label="Changes of this run">
        <thead>
          <tr>
            <Th>Row</Th>
            <Th>Change</Th>
            <Th>Field</Th>
            <Th>Before</Th>
            <Th>After</Th>
          </tr>
        </thead>
        <tbody>
          {changes.map((c) => (
            <tr key={c.change_id} data-testid="change-row">
              <Td className="max-w-xs">
                <RowName change={c} />
              </Td>
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
      {q.hasNextPage && (
        <div className="pt-3">
          <Button
            size="sm"
            variant="secondary"
            isLoading={q.isFetchingNextPage}
            onClick={() => q.fetchNextPage()}
          >
            Show more changes
          </Button>
        </div>
      )}
    </div>
  );
}
