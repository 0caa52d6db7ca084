'use client';
import { History } from 'lucide-react';
import { useRef, useState } from 'react';
import type { MonitorChange } from '@/lib/contract/monitors';
import { formatDateTime } from '@/lib/dashboard/format';
import { useChanges } from '@/lib/dashboard/hooks/use-monitors';
import { Button } from '@/components/ui/button';
import { ErrorPanel } from '@/components/ui/error-panel';
import { Modal } from '@/components/ui/modal';
import { TableSkeleton } from '@/components/ui/skeleton';
import { ChangeTable, RowName } from './change-cells';

/** One row's history across every run (its first values, then each change), read when opened. */
export function RowHistoryButton({ monitorId, change }: { monitorId: string; change: MonitorChange }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const [open, setOpen] = useState(false);
  const q = useChanges(monitorId, { data_uuid: change.data_uuid }, open);
  const items = q.data?.pages.flatMap((p) => p.items) ?? [];
  return (
    <>
      <button
        type="button"
        className="mt-0.5 inline-flex items-center gap-1 text-xs text-brand-700 hover:underline dark:text-brand-100"
        onClick={() => {
          setOpen(true);
          dialog.current?.showModal();
        }}
      >
        <History aria-hidden className="size-3" /> History of {change.data_uuid}
      </button>
      <Modal
        dialogRef={dialog}
        id={`history-${change.change_id}`}
        size="lg"
        title={<>History of row {change.data_uuid}</>}
        actions={
          <Button variant="secondary" onClick={() => dialog.current?.close()}>
            Close
          </Button>
        }
      >
        <div className="mt-1 mb-3 text-sm">
          <RowName change={change} />
        </div>
        {!open || q.isPending ? (
          <TableSkeleton rows={3} label="Loading history" />
        ) : q.error ? (
          <ErrorPanel error={q.error} onRetry={() => q.refetch()} />
        ) : (
          <ChangeTable
            label={`History of row ${change.data_uuid}`}
            changes={items}
            testId="history-row"
            lead={{ header: 'When', className: 'whitespace-nowrap', cell: (c) => formatDateTime(c.at) }}
          />
        )}
        {q.hasNextPage && (
          <Button
            size="sm"
            variant="secondary"
            className="mt-3"
            isLoading={q.isFetchingNextPage}
            onClick={() => q.fetchNextPage()}
          >
            Show more
          </Button>
        )}
      </Modal>
    </>
  );
}
