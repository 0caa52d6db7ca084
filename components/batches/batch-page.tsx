'use client';
import { RotateCcw } from 'lucide-react';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { errorMessage } from '@/lib/dashboard/api-error';
import { formatDateTime } from '@/lib/dashboard/format';
import { useRetryFailed } from '@/lib/dashboard/hooks/use-batch-actions';
import { useBatchProgress } from '@/lib/dashboard/hooks/use-batch-progress';
import { useBatchLinks } from '@/lib/dashboard/hooks/use-batches';
import { useCapabilities } from '@/lib/dashboard/hooks/use-connection';
import { useTask } from '@/lib/dashboard/hooks/use-tasks';
import { watchBatch } from '@/lib/dashboard/watched-batches';
import { BackLink } from '@/components/layout/back-link';
import { PageHeader } from '@/components/layout/page-header';
import { Button } from '@/components/ui/button';
import { Card, CardBody } from '@/components/ui/card';
import { ErrorPanel } from '@/components/ui/error-panel';
import { TableSkeleton } from '@/components/ui/skeleton';
import { Tabs, type TabDef } from '@/components/ui/tabs';
import { useToast } from '@/components/ui/toast';
import { CancelBatchButton } from './cancel-batch-button';
import { DownloadsMenu } from './downloads-menu';
import { NotifyToggle } from './notify-toggle';
import { ProgressCard } from './progress-card';
import { RerunPanel } from './rerun-panel';
import { RowsTable } from './rows-table';
import { BatchStatusBadge } from './status-badge';
import { WebhookPanel } from './webhook-panel';
import { WatchBatchButton } from '@/components/monitors/watch-batch-button';

type Tab = 'rows' | 'webhook' | 'rerun';

export function BatchPage({ batchId }: { batchId: string }) {
  const { has } = useCapabilities();
  const progress = useBatchProgress(batchId, has('batch_events'));
  const batch = progress.batch;
  const task = useTask(batch?.task_id ?? '');
  const links = useBatchLinks(batchId, has('batch_rerun') || has('batch_retry') || has('monitors'));
  const retry = useRetryFailed(batchId);
  const toast = useToast();
  const router = useRouter();
  const [tab, setTab] = useState<Tab>('rows');

  if (!batch) {
    return progress.error ? (
      <ErrorPanel error={progress.error} onRetry={progress.refetch} />
    ) : (
      <TableSkeleton rows={6} label="Loading batch" />
    );
  }
  const counts = progress.counts;
  const failed = counts?.failed ?? 0;
  const tabs: TabDef<Tab>[] = [
    ...(has('batch_rows') ? [{ id: 'rows' as const, label: 'Rows' }] : []),
    { id: 'webhook', label: 'Webhook' },
    ...(has('batch_rerun') ? [{ id: 'rerun' as const, label: 'Re-run & compare' }] : []),
  ];
  const active = tabs.some((t) => t.id === tab) ? tab : (tabs[0]?.id ?? 'webhook');
  return (
    <>
      <BackLink href="/batches">Batches</BackLink>
      <PageHeader
        title={batch.batch_name || batch.batch_id}
        description={
          <span className="flex flex-wrap items-center gap-2">
            <BatchStatusBadge batch={batch} />
            <span>
              <Link
                href={`/tasks/${encodeURIComponent(batch.task_id)}`}
                className="text-brand-700 underline dark:text-brand-100"
              >
                {task.data?.name ?? batch.task_id}
              </Link>{' '}
              v{batch.task_version} · created {formatDateTime(batch.created_at)}
              {batch.finished_at ? ` · finished ${formatDateTime(batch.finished_at)}` : ''}
            </span>
            {links.data?.parent && (
              <span data-testid="parent-link">
                · {links.data.parent.relation === 'retry' ? 'retry of' : 're-run of'}{' '}
                <Link
                  className="text-brand-700 underline dark:text-brand-100"
                  href={`/batches/${encodeURIComponent(links.data.parent.batch_id)}`}
                >
                  {links.data.parent.batch_id}
                </Link>
              </span>
            )}
            {links.data?.monitor && (
              <span data-testid="monitor-link">
                · a run of monitor{' '}
                <Link
                  className="text-brand-700 underline dark:text-brand-100"
                  href={`/monitors/${encodeURIComponent(links.data.monitor.monitor_id)}`}
                >
                  {links.data.monitor.name}
                </Link>
              </span>
            )}
          </span>
        }
        actions={
          <>
            <NotifyToggle batchId={batchId} disabled={batch.completed} />
            {has('monitors') && links.isSuccess && !links.data.monitor && (
              <WatchBatchButton batch={batch} task={task.data} />
            )}
            {!batch.completed && !batch.cancelled && (
              <CancelBatchButton
                batchId={batchId}
                pending={counts?.pending ?? 0}
                running={counts?.running ?? 0}
              />
            )}
            {has('batch_retry') && batch.completed && failed > 0 && (
              <Button
                isLoading={retry.isPending}
                onClick={() =>
                  retry.mutate(
                    {},
                    {
                      onSuccess: (d) => {
                        watchBatch(d.batch_id);
                        toast({
                          tone: 'success',
                          title: `Retrying ${d.jobs_added.toLocaleString()} failed rows`,
                        });
                        router.push(`/batches/${encodeURIComponent(d.batch_id)}`);
                      },
                      onError: (err) =>
                        toast({ tone: 'error', title: 'Retry failed', description: errorMessage(err) }),
                    },
                  )
                }
              >
                <RotateCcw aria-hidden className="size-4" /> Retry {failed.toLocaleString()} failed
              </Button>
            )}
          </>
        }
      />
      {batch.cancelled && (
        <p
          role="status"
          className="mb-4 rounded-md border border-amber-300 bg-amber-50 px-4 py-2 text-sm text-amber-900 dark:border-amber-800 dark:bg-amber-950/40 dark:text-amber-100"
          data-testid="cancel-summary"
        >
          Cancelled: {(batch.jobs_removed ?? 0).toLocaleString()} pending rows removed
          {batch.completed ? '' : '; rows in progress are finishing'}.
        </p>
      )}
      {(links.data?.children.length ?? 0) > 0 && (
        <p className="mb-4 text-sm text-slate-700 dark:text-slate-300">
          Made from this batch:{' '}
          {links.data!.children.map((c, i) => (
            <span key={c.batch_id}>
              {i > 0 && ', '}
              <Link
                className="text-brand-700 underline dark:text-brand-100"
                href={`/batches/${encodeURIComponent(c.batch_id)}`}
              >
                {c.batch_id}
              </Link>{' '}
              ({c.relation === 'retry' ? 'retry of failed rows' : 're-run'})
            </span>
          ))}
        </p>
      )}
      <div className="space-y-5">
        <ProgressCard progress={progress} />
        {has('batch_downloads') && (
          <Card>
            <CardBody>
              <DownloadsMenu batchId={batchId} completed={batch.completed} />
            </CardBody>
          </Card>
        )}
        <Card>
          <CardBody>
            <Tabs tabs={tabs} active={active} onChange={setTab} label="Batch sections">
              {active === 'rows' && (
                <RowsTable batchId={batchId} task={task.data} live={!batch.completed} counts={counts} />
              )}
              {active === 'webhook' && <WebhookPanel batch={batch} hasLog={has('webhook_deliveries')} />}
              {active === 'rerun' && (
                <RerunPanel
                  batch={batch}
                  task={task.data}
                  links={links.data}
                  canCompare={has('batch_compare')}
                />
              )}
            </Tabs>
          </CardBody>
        </Card>
      </div>
    </>
  );
}
