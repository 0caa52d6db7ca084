'use client';
import { Trash2 } from 'lucide-react';
import { useRouter } from 'next/navigation';
import { useRef } from 'react';
import type { Monitor } from '@/lib/contract/monitors';
import { errorMessage } from '@/lib/dashboard/api-error';
import { useDeleteMonitor } from '@/lib/dashboard/hooks/use-monitors';
import { Button } from '@/components/ui/button';
import { ConfirmModal } from '@/components/ui/confirm-modal';
import { useToast } from '@/components/ui/toast';

/** Delete behind a confirmation that says what goes and what stays. */
export function DeleteMonitorButton({ monitor }: { monitor: Monitor }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const remove = useDeleteMonitor(monitor.monitor_id);
  const toast = useToast();
  const router = useRouter();
  const confirm = () =>
    remove.mutate(undefined, {
      onSuccess: () => {
        dialog.current?.close();
        toast({ tone: 'success', title: `Monitor “${monitor.name}” deleted` });
        router.push('/monitors');
      },
      onError: (err) => toast({ tone: 'error', title: 'Delete failed', description: errorMessage(err) }),
    });
  return (
    <>
      <Button variant="ghost" onClick={() => dialog.current?.showModal()}>
        <Trash2 aria-hidden className="size-4" /> Delete
      </Button>
      <ConfirmModal
        dialogRef={dialog}
        id="delete-monitor"
        title="Delete this monitor?"
        keepLabel="Keep it"
        confirmLabel="Delete monitor"
        onConfirm={confirm}
        pending={remove.isPending}
      >
        <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-slate-700 dark:text-slate-300">
          <li>Its schedule stops, and its kept sheet and history of changes are deleted.</li>
          <li>The batches its runs made stay, with their results and downloads.</li>
          <li>This cannot be undone.</li>
        </ul>
      </ConfirmModal>
    </>
  );
}
