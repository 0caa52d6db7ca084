'use client';
import { useRunChanges } from '@/lib/dashboard/hooks/use-monitors';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { ErrorPanel } from '@/components/ui/error-panel';
import { TableSkeleton } from '@/components/ui/skeleton';
import { Table, Td, Th } from '@/components/ui/table';
import { After, Before, KIND_TONE, RowName } from './change-cells';
import { RowHistoryButton } from './row-history-button';

// One run's changes, row × field, old → new; each row's whole history a click away.

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
                <RowHistoryButton monitorId={monitorId} change={c} />
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
