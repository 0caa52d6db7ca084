'use client';
import { Radar } from 'lucide-react';
import { useRouter } from 'next/navigation';
import { useRef, useState } from 'react';
import type { BatchDetail } from '@/lib/contract/batches';
import type { TaskDetail } from '@/lib/contract/tasks';
import { errorMessage } from '@/lib/dashboard/api-error';
import { useCreateMonitor } from '@/lib/dashboard/hooks/use-monitors';
import { newDraft, readDraft, viewerTimeZone, type MonitorDraft } from '@/lib/dashboard/monitor-settings';
import { Button } from '@/components/ui/button';
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
  const max = task?.max_version ?? Number(batch.task_version);
  const versions = Array.from({ length: max }, (_, i) => max - i).map((v) => ({
    version: v,
    live: v === task?.live_version,
  }));
  return (
    <>
      <Button variant="secondary" onClick={open}>
        <Radar aria-hidden className="size-4" /> Watch as monitor
      </Button>
      <dialog
        ref={dialog}
        aria-labelledby="watch-title"
        className="m-auto w-[40rem] max-w-[calc(100vw-2rem)] rounded-lg border border-slate-200 bg-white p-5 text-slate-900 shadow-xl backdrop:bg-slate-950/50 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100"
      >
        <h2 id="watch-title" className="text-base font-semibold">
          Watch these {(batch.jobs_added ?? batch.jobs_submitted).toLocaleString()} rows as a monitor
        </h2>
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
          />
        )}
        {problem && (
          <p role="alert" className="mt-3 text-sm text-red-700 dark:text-red-300">
            {problem}
          </p>
        )}
        <div className="mt-5 flex justify-end gap-2">
          <Button variant="secondary" onClick={() => dialog.current?.close()}>
            Close
          </Button>
          <Button onClick={submit} isLoading={create.isPending}>
            Create monitor
          </Button>
        </div>
      </dialog>
    </>
  );
}
