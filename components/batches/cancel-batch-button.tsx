'use client';
import { Ban } from 'lucide-react';
import { useRef } from 'react';
import { errorMessage } from '@/lib/dashboard/api-error';
import { useCancelBatch } from '@/lib/dashboard/hooks/use-batch-actions';
import { Button } from '@/components/ui/button';
import { ConfirmModal } from '@/components/ui/confirm-modal';
import { useToast } from '@/components/ui/toast';

/** Cancel behind a confirmation that says what happens; the answer's jobs_removed is shown after. */
export function CancelBatchButton({
  batchId,
  pending,
  running,
}: {
  batchId: string;
  pending: number;
  running: number;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const toast = useToast();
  const cancel = useCancelBatch(batchId, (r) => {
    dialog.current?.close();
    toast({
      tone: 'success',
      title: 'Batch cancelled',
      description: `${r.jobs_removed.toLocaleString()} pending rows removed; rows already fetching will finish.`,
    });
  });
  const confirm = () =>
    cancel.mutate(undefined, {
      onError: (err) => toast({ tone: 'error', title: 'Cancel failed', description: errorMessage(err) }),
    });
  return (
    <>
      <Button variant="secondary" onClick={() => dialog.current?.showModal()}>
        <Ban aria-hidden className="size-4" /> Cancel batch
      </Button>
      <ConfirmModal
        dialogRef={dialog}
        id="cancel"
        title="Cancel this batch?"
        keepLabel="Keep running"
        confirmLabel="Cancel batch"
        onConfirm={confirm}
        pending={cancel.isPending}
      >
        <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-slate-700 dark:text-slate-300">
          <li>
            About {pending.toLocaleString()} pending row{pending === 1 ? '' : 's'} will be removed and never
            run.
          </li>
          <li>
            {running.toLocaleString()} row{running === 1 ? '' : 's'} already fetching will finish or be
            stopped shortly, and never retried; their results are kept.
          </li>
          <li>Finished rows stay downloadable. This cannot be undone.</li>
        </ul>
      </ConfirmModal>
    </>
  );
}
