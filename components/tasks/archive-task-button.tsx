'use client';
import { Archive, ArchiveRestore } from 'lucide-react';
import { useRef } from 'react';
import { errorMessage } from '@/lib/dashboard/api-error';
import { useArchiveTask } from '@/lib/dashboard/hooks/use-task-shaping';
import { Button } from '@/components/ui/button';
import { ConfirmModal } from '@/components/ui/confirm-modal';
import { useToast } from '@/components/ui/toast';

/** Restore at once (nothing is lost either way); archive behind a dialog that says what is kept. */
export function ArchiveTaskButton({
  taskId,
  name,
  archived,
  size = 'md',
}: {
  taskId: string;
  name: string;
  archived: boolean;
  size?: 'sm' | 'md';
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const action = useArchiveTask(taskId);
  const toast = useToast();
  const run = (what: 'archive' | 'restore') =>
    action.mutate(what, {
      onSuccess: () => {
        dialog.current?.close();
        toast({
          tone: 'success',
          title: what === 'archive' ? `Archived “${name}”` : `Restored “${name}”`,
          description:
            what === 'archive'
              ? 'It is hidden from the task list and new batches; find it under Archived.'
              : 'It is back in the task list and can run new batches.',
        });
      },
      onError: (err) =>
        toast({
          tone: 'error',
          title: what === 'archive' ? 'Could not archive the task' : 'Could not restore the task',
          description: errorMessage(err),
        }),
    });

  if (archived)
    return (
      <Button
        size={size}
        variant="secondary"
        onClick={() => run('restore')}
        isLoading={action.isPending}
        aria-label={size === 'sm' ? `Restore ${name}` : undefined}
      >
        <ArchiveRestore aria-hidden className="size-4" /> Restore
      </Button>
    );
  return (
    <>
      <Button size={size} variant="secondary" onClick={() => dialog.current?.showModal()}>
        <Archive aria-hidden className="size-4" /> Archive
      </Button>
      <ConfirmModal
        dialogRef={dialog}
        id="archive"
        title={<>Archive “{name}”?</>}
        describedBy="archive-body"
        keepLabel="Keep it"
        confirmLabel={
          <>
            <Archive aria-hidden className="size-4" /> Archive task
          </>
        }
        onConfirm={() => run('archive')}
        pending={action.isPending}
      >
        <p id="archive-body" className="mt-2 text-sm text-slate-700 dark:text-slate-300">
          It leaves the task list and can no longer be chosen for new batches. Its runs and batches are kept,
          and you can restore it from the Archived view at any time.
        </p>
      </ConfirmModal>
    </>
  );
}
