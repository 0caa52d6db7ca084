'use client';
import { ArrowLeft } from 'lucide-react';
import Link from 'next/link';
import { useState } from 'react';
import { formatDateTime } from '@/lib/dashboard/format';
import { useCapabilities } from '@/lib/dashboard/hooks/use-connection';
import { useTask } from '@/lib/dashboard/hooks/use-tasks';
import { PageHeader } from '@/components/layout/page-header';
import { ApiSnippet } from '@/components/api/api-snippet';
import { Badge } from '@/components/ui/badge';
import { Card, CardBody } from '@/components/ui/card';
import { ErrorPanel } from '@/components/ui/error-panel';
import { TableSkeleton } from '@/components/ui/skeleton';
import { Tabs, type TabDef } from '@/components/ui/tabs';
import { DefinitionTable } from './definition-table';
import { EditTaskForm } from './edit-task-form';
import { RunPanel } from './run-panel';
import { SavedTestsPanel } from './saved-tests-panel';
import { VersionsPanel } from './versions-panel';

type Tab = 'definition' | 'test' | 'versions' | 'edit' | 'saved';

export function TaskPage({ taskId }: { taskId: string }) {
  const { data: task, isPending, error, refetch } = useTask(taskId);
  const { has } = useCapabilities();
  const [tab, setTab] = useState<Tab>('definition');

  if (isPending) return <TableSkeleton rows={6} label="Loading task" />;
  if (error) return <ErrorPanel error={error} onRetry={() => refetch()} />;

  // Tabs backed by extensions only appear when the upstream offers them.
  const tabs: TabDef<Tab>[] = [
    { id: 'definition', label: 'Definition' },
    { id: 'test', label: 'Quick test' },
    ...(has('task_versions') ? [{ id: 'versions' as const, label: `Versions (${task.max_version})` }] : []),
    { id: 'edit', label: 'Edit' },
    ...(has('saved_tests') ? [{ id: 'saved' as const, label: 'Saved tests' }] : []),
  ];

  return (
    <>
      <Link
        href="/tasks"
        className="mb-3 inline-flex items-center gap-1 text-sm text-slate-600 hover:text-slate-900 dark:text-slate-400 dark:hover:text-white"
      >
        <ArrowLeft aria-hidden className="size-4" /> Tasks
      </Link>
      <PageHeader
        title={task.name}
        description={task.description}
        actions={
          <div className="flex flex-wrap items-center gap-2 text-sm">
            <Badge tone="brand" className="text-sm">
              live v{task.live_version}
            </Badge>
            <span className="text-slate-600 dark:text-slate-400">
              of {task.max_version} · {task.run_count} {task.run_count === 1 ? 'run' : 'runs'} · created{' '}
              {formatDateTime(task.created_at)}
            </span>
          </div>
        }
      />
      <Card>
        <CardBody>
          <Tabs tabs={tabs} active={tab} onChange={setTab} label="Task sections">
            {tab === 'definition' && (
              <div className="space-y-4">
                <DefinitionTable definition={task} />
                <ApiSnippet request={{ method: 'GET', path: `/v0.1/tasks/${task.id}` }} />
              </div>
            )}
            {tab === 'test' && (
              <RunPanel
                key={`${task.live_version}-${task.max_version}`}
                task={task}
                canSaveTests={has('saved_tests')}
              />
            )}
            {tab === 'versions' && <VersionsPanel taskId={task.id} canSetLive={has('set_live_version')} />}
            {tab === 'edit' && (
              <EditTaskForm
                taskId={task.id}
                onEdited={() => setTab(has('task_versions') ? 'versions' : 'definition')}
              />
            )}
            {tab === 'saved' && <SavedTestsPanel task={task} />}
          </Tabs>
        </CardBody>
      </Card>
    </>
  );
}
