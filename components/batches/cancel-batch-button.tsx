'use client';
import { Ban } from 'lucide-react';
import { useRef } from 'react';
import { errorMessage } from '@/lib/dashboard/api-error';
import { useCancelBatch } from '@/lib/dashboard/hooks/use-batch-actions';
import { Button } from '@/components/ui/button';
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
      <dialog
        ref={dialog}
        aria-labelledby="cancel-title"
        className="m-auto w-[28rem] max-w-[calc(100vw-2rem)] rounded-lg border border-slate-200 bg-white p-5 text-slate-900 shadow-xl backdrop:bg-slate-950/50 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100"
      >
        <h2 id="cancel-title" className="text-base font-semibold">
          Cancel this batch?
        </h2>
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
        <div className="mt-5 flex justify-end gap-2">
          <Button variant="secondary" onClick={() => dialog.current?.close()}>
            Keep running
          </Button>
          <Button variant="danger" onClick={confirm} isLoading={cancel.isPending}>
            Cancel batch
          </Button>
        </div>
      </dialog>
    </>
  );
}
