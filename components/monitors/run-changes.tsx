'use client';
import { useChanges } from '@/lib/dashboard/hooks/use-monitors';
import { Button } from '@/components/ui/button';
import { ErrorPanel } from '@/components/ui/error-panel';
import { TableSkeleton } from '@/components/ui/skeleton';
import { ChangeTable, RowName } from './change-cells';
import { RowHistoryButton } from './row-history-button';

// One run's changes, row × field, old → new; each row's whole history a click away.

export function RunChanges({ monitorId, runId }: { monitorId: string; runId: string }) {
  const q = useChanges(monitorId, { run_id: runId }, true);
  if (q.isPending) return <TableSkeleton rows={3} label="Loading changes" />;
  if (q.error) return <ErrorPanel error={q.error} onRetry={() => q.refetch()} />;
  const changes = q.data.pages.flatMap((p) => p.items);
  if (changes.length === 0)
    return <p className="py-2 text-sm text-slate-600 dark:text-slate-400">Nothing changed in this run.</p>;
  return (
    <div>
      <ChangeTable
        label="Changes of this run"
        changes={changes}
        testId="change-row"
        lead={{
          header: 'Row',
          className: 'max-w-xs',
          cell: (c) => (
            <>
              <RowName change={c} />
              <RowHistoryButton monitorId={monitorId} change={c} />
            </>
          ),
        }}
      />
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
