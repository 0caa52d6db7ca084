'use client';
import { Radar } from 'lucide-react';
import Link from 'next/link';
import { formatDateTime } from '@/lib/dashboard/format';
import { useMonitorList } from '@/lib/dashboard/hooks/use-monitors';
import { useTaskList } from '@/lib/dashboard/hooks/use-tasks';
import { describeSchedule } from '@/lib/dashboard/monitor-settings';
import { PageHeader } from '@/components/layout/page-header';
import { ApiSnippet } from '@/components/api/api-snippet';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorPanel } from '@/components/ui/error-panel';
import { TableSkeleton } from '@/components/ui/skeleton';
import { Table, Td, Th } from '@/components/ui/table';
import { MonitorStatusBadge } from './monitor-status';

// The monitors: a kept sheet each, run on a schedule. Newest first, 50 at a time.

export function MonitorsPage() {
  const list = useMonitorList();
  const tasks = useTaskList();
  const taskName = new Map((tasks.data ?? []).map((t) => [t.id, t.name]));
  const monitors = list.data?.pages.flatMap((p) => p.items) ?? [];
  return (
    <>
      <PageHeader
        title="Monitors"
        description="Sheets of sites run on a schedule; each run reports only what changed since the last."
      />
      <Card>
        {list.isPending ? (
          <TableSkeleton label="Loading monitors" />
        ) : list.error ? (
          <div className="p-4">
            <ErrorPanel error={list.error} onRetry={() => list.refetch()} />
          </div>
        ) : monitors.length === 0 ? (
          <EmptyState
            icon={Radar}
            title="No monitors yet"
            action={
              <Link
                href="/batches"
                className="text-sm font-medium text-brand-700 underline dark:text-brand-100"
              >
                Open a batch
              </Link>
            }
          >
            A monitor runs a batch&apos;s rows again on a schedule and tells you, row by row and field by
            field, what changed. Open a batch and choose &ldquo;Watch as monitor&rdquo;.
          </EmptyState>
        ) : (
          <>
            <Table label="Monitors">
              <thead>
                <tr>
                  <Th>Name</Th>
                  <Th>Task</Th>
                  <Th>Schedule</Th>
                  <Th>Status</Th>
                  <Th>Next run</Th>
                  <Th>Last change</Th>
                  <Th className="text-right">Rows</Th>
                </tr>
              </thead>
              <tbody>
                {monitors.map((m) => (
                  <tr key={m.monitor_id} data-testid="monitor-list-row">
                    <Td className="font-medium">
                      <Link
                        href={`/monitors/${encodeURIComponent(m.monitor_id)}`}
                        className="text-brand-700 hover:underline dark:text-brand-100"
                      >
                        {m.name}
                      </Link>
                    </Td>
                    <Td>
                      <Link
                        href={`/tasks/${encodeURIComponent(m.task_id)}`}
                        className="text-slate-800 hover:underline dark:text-slate-200"
                      >
                        {taskName.get(m.task_id) ?? <span className="font-mono text-xs">{m.task_id}</span>}
                      </Link>{' '}
                      <span className="text-xs text-slate-600 dark:text-slate-400">
                        {m.task_version ? `v${m.task_version}` : 'live'}
                      </span>
                    </Td>
                    <Td>{describeSchedule(m.schedule)}</Td>
                    <Td>
                      <MonitorStatusBadge monitor={m} />
                    </Td>
                    <Td className="whitespace-nowrap">{m.paused ? '—' : formatDateTime(m.next_run_at)}</Td>
                    <Td className="whitespace-nowrap">
                      {m.last_change_at ? formatDateTime(m.last_change_at) : 'none yet'}
                    </Td>
                    <Td className="text-right tabular-nums">{m.sheet_rows.toLocaleString()}</Td>
                  </tr>
                ))}
              </tbody>
            </Table>
            {list.hasNextPage && (
              <div className="px-4 py-3">
                <Button
                  size="sm"
                  variant="secondary"
                  isLoading={list.isFetchingNextPage}
                  onClick={() => list.fetchNextPage()}
                >
                  Show more
                </Button>
              </div>
            )}
          </>
        )}
      </Card>
      <ApiSnippet
        className="mt-4"
        request={{
          method: 'POST',
          path: '/v0.1/monitors',
          json: {
            task_id: 'task_…',
            from_batch_id: 'batch_…',
            schedule: { kind: 'interval', seconds: 86400 },
            rule: { kind: 'any' },
          },
        }}
      />
    </>
  );
}
