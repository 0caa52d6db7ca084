'use client';
import { Radar } from 'lucide-react';
import { useRouter } from 'next/navigation';
import { useRef, useState } from 'react';
import type { BatchDetail } from '@/lib/contract/batches';
import type { TaskDetail } from '@/lib/contract/tasks';
import { errorMessage } from '@/lib/dashboard/api-error';
import { useCreateMonitor } from '@/lib/dashboard/hooks/use-monitors';
import {
  newDraft,
  readDraft,
  versionChoices,
  viewerTimeZone,
  type MonitorDraft,
} from '@/lib/dashboard/monitor-settings';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { useToast } from '@/components/ui/toast';
import { MonitorSettingsForm } from './monitor-settings-form';

/**
 * "Watch as monitor" on a batch page: the batch's rows become a monitor's kept sheet, run on a
 * schedule. The first run starts at once and is the baseline later runs are compared with.
 */
export function WatchBatchButton({ batch, task }: { batch: BatchDetail; task: TaskDetail | undefined }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const [draft, setDraft] = useState<MonitorDraft | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const create = useCreateMonitor();
  const toast = useToast();
  const router = useRouter();
  const open = () => {
    const d = newDraft(`${batch.batch_name || task?.name || batch.batch_id} monitor`, viewerTimeZone());
    setDraft(d);
    setProblem(null);
    dialog.current?.showModal();
  };
  const submit = () => {
    if (!draft) return;
    const read = readDraft(draft);
    if (!read.ok) return setProblem(read.error);
    setProblem(null);
    create.mutate(
      {
        task_id: batch.task_id,
        ...(draft.version === 'live' ? {} : { task_version: draft.version }),
        name: draft.name.trim() || undefined,
        schedule: read.schedule,
        rule: read.rule,
        webhook_url: draft.webhookUrl.trim(),
        from_batch_id: batch.batch_id,
      },
      {
        onSuccess: (m) => {
          dialog.current?.close();
          toast({
            tone: 'success',
            title: `Monitor created: ${m.sheet_rows.toLocaleString()} rows, first run now`,
          });
          router.push(`/monitors/${encodeURIComponent(m.monitor_id)}`);
        },
        onError: (err) => setProblem(errorMessage(err)),
      },
    );
  };
  const versions = versionChoices(task, task?.max_version ?? Number(batch.task_version));
  return (
    <>
      <Button variant="secondary" onClick={open}>
        <Radar aria-hidden className="size-4" /> Watch as monitor
      </Button>
      <Modal
        dialogRef={dialog}
        id="watch"
        size="md"
        title={
          <>Watch these {(batch.jobs_added ?? batch.jobs_submitted).toLocaleString()} rows as a monitor</>
        }
        actions={
          <>
            <Button variant="secondary" onClick={() => dialog.current?.close()}>
              Close
            </Button>
            <Button onClick={submit} isLoading={create.isPending}>
              Create monitor
            </Button>
          </>
        }
      >
        <p className="mt-1 mb-4 text-sm text-slate-600 dark:text-slate-400">
          The rows are kept with the monitor and run again on its schedule. Each run is compared with the
          values every row had before, field by field; you see, and hear about, only what changed. The first
          run starts now and takes the baseline.
        </p>
        {draft && (
          <MonitorSettingsForm
            id="watch"
            draft={draft}
            onChange={setDraft}
            outputs={(task?.outputs ?? []).map((o) => o.name)}
            versions={versions}
            problem={problem}
          />
        )}
      </Modal>
    </>
  );
}
