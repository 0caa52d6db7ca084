'use client';
import { Pause, Play, Radar } from 'lucide-react';
import Link from 'next/link';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { errorMessage } from '@/lib/dashboard/api-error';
import { formatDateTime } from '@/lib/dashboard/format';
import {
  useMonitor,
  useMonitorRuns,
  usePauseMonitor,
  useRunMonitorNow,
} from '@/lib/dashboard/hooks/use-monitors';
import { useTask } from '@/lib/dashboard/hooks/use-tasks';
import { queryKeys } from '@/lib/dashboard/query-keys';
import { describeRule, describeSchedule } from '@/lib/dashboard/monitor-settings';
import { BackLink } from '@/components/layout/back-link';
import { PageHeader } from '@/components/layout/page-header';
import { Button } from '@/components/ui/button';
import { Card, CardBody, CardHeader } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorPanel } from '@/components/ui/error-panel';
import { TableSkeleton } from '@/components/ui/skeleton';
import { useToast } from '@/components/ui/toast';
import { DeleteMonitorButton } from './delete-monitor-button';
import { MonitorSettingsCard } from './monitor-settings-card';
import { MonitorStatusBadge } from './monitor-status';
import { RunTimeline } from './run-timeline';

// One monitor: what it watches and when, run now / pause / resume, the timeline of its runs with
// each run's changes, and its settings.

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <dt className="text-xs font-medium text-slate-600 uppercase dark:text-slate-400">{label}</dt>
      <dd className="mt-0.5 text-sm">{children}</dd>
    </div>
  );
}

export function MonitorPage({ monitorId }: { monitorId: string }) {
  const monitor = useMonitor(monitorId);
  const runs = useMonitorRuns(monitorId);
  const m = monitor.data;
  const task = useTask(m?.task_id ?? '');
  const pause = usePauseMonitor(monitorId);
  const runNow = useRunMonitorNow(monitorId);
  const toast = useToast();
  const qc = useQueryClient();
  const runList = runs.data?.items ?? [];
  const running = runList.some((r) => !r.finished_at);
  // A run just compared moves the monitor's last run and last change: read it again at once.
  const wasRunning = useRef(false);
  useEffect(() => {
    if (wasRunning.current && !running)
      void qc.invalidateQueries({ queryKey: queryKeys.monitors.detail(monitorId) });
    wasRunning.current = running;
  }, [running, qc, monitorId]);
  if (!m)
    return monitor.error ? (
      <ErrorPanel error={monitor.error} onRetry={() => monitor.refetch()} />
    ) : (
      <TableSkeleton rows={6} label="Loading monitor" />
    );
  return (
    <>
      <BackLink href="/monitors">Monitors</BackLink>
      <PageHeader
        title={m.name}
        description={
          <span className="flex flex-wrap items-center gap-2">
            <MonitorStatusBadge monitor={m} running={running} />
            <span>
              <Link
                href={`/tasks/${encodeURIComponent(m.task_id)}`}
                className="text-brand-700 underline dark:text-brand-100"
              >
                {task.data?.name ?? m.task_id}
              </Link>{' '}
              {m.task_version ? `v${m.task_version}` : '(live version)'} · {m.sheet_rows.toLocaleString()}{' '}
              rows · {describeSchedule(m.schedule)}
            </span>
          </span>
        }
        actions={
          <>
            <Button
              variant="secondary"
              isLoading={runNow.isPending}
              disabled={running}
              title={running ? 'A run is going: a monitor runs one at a time' : undefined}
              onClick={() =>
                runNow.mutate(undefined, {
                  onSuccess: (r) =>
                    toast({ tone: 'success', title: `Run started: ${r.rows.toLocaleString()} rows` }),
                  onError: (err) =>
                    toast({ tone: 'error', title: 'Run now failed', description: errorMessage(err) }),
                })
              }
            >
              <Radar aria-hidden className="size-4" /> Run now
            </Button>
            <Button
              variant="secondary"
              isLoading={pause.isPending}
              onClick={() =>
                pause.mutate(!m.paused, {
                  onSuccess: (x) =>
                    toast({ tone: 'success', title: x.paused ? 'Monitor paused' : 'Monitor resumed' }),
                  onError: (err) => toast({ tone: 'error', title: 'Failed', description: errorMessage(err) }),
                })
              }
            >
              {m.paused ? (
                <>
                  <Play aria-hidden className="size-4" /> Resume
                </>
              ) : (
                <>
                  <Pause aria-hidden className="size-4" /> Pause
                </>
              )}
            </Button>
            <DeleteMonitorButton monitor={m} />
          </>
        }
      />
      <div className="space-y-5">
        <Card>
          <CardBody>
            <dl className="grid gap-4 sm:grid-cols-2 lg:grid-cols-5">
              <Fact label="Next run">
                {m.paused ? 'paused' : m.next_run_at ? formatDateTime(m.next_run_at) : 'none ahead'}
              </Fact>
              <Fact label="Last run">{m.last_run_at ? formatDateTime(m.last_run_at) : 'not yet'}</Fact>
              <Fact label="Last change">
                {m.last_change_at ? formatDateTime(m.last_change_at) : 'none yet'}
              </Fact>
              <Fact label="Alert when">{describeRule(m.rule)}</Fact>
              <Fact label="Webhook">
                {m.webhook_url ? (
                  <span className="break-all">{m.webhook_url}</span>
                ) : (
                  'none (changes show here)'
                )}
              </Fact>
            </dl>
          </CardBody>
        </Card>
        <Card aria-labelledby="timeline-title">
          <CardHeader
            id="timeline-title"
            title="Changes"
            description="Each run compared with the values every row had before: new, changed (before → after) and removed rows; a failed row keeps its last values."
          />
          <CardBody>
            {runs.isPending ? (
              <TableSkeleton rows={3} label="Loading runs" />
            ) : runs.error ? (
              <ErrorPanel error={runs.error} onRetry={() => runs.refetch()} />
            ) : runList.length === 0 ? (
              <EmptyState icon={Radar} title="No run yet">
                {m.paused
                  ? 'The monitor is paused.'
                  : `The first run starts ${formatDateTime(m.next_run_at)}.`}
              </EmptyState>
            ) : (
              <RunTimeline monitorId={monitorId} runs={runList} complete={!runs.data?.next_after} />
            )}
          </CardBody>
        </Card>
        <MonitorSettingsCard monitor={m} task={task.data} />
      </div>
    </>
  );
}
