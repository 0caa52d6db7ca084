'use client';
import Link from 'next/link';
import { useState } from 'react';
import { formatDateTime } from '@/lib/dashboard/format';
import { useCapabilities } from '@/lib/dashboard/hooks/use-connection';
import { useTask } from '@/lib/dashboard/hooks/use-tasks';
import { BackLink } from '@/components/layout/back-link';
import { PageHeader } from '@/components/layout/page-header';
import { ApiSnippet } from '@/components/api/api-snippet';
import { Badge } from '@/components/ui/badge';
import { Card, CardBody } from '@/components/ui/card';
import { ErrorPanel } from '@/components/ui/error-panel';
import { TableSkeleton } from '@/components/ui/skeleton';
import { Tabs, type TabDef } from '@/components/ui/tabs';
import { ArchiveTaskButton } from './archive-task-button';
import { DefinitionTable } from './definition-table';
import { FieldEditor } from './field-editor/field-editor';
import { TaskNameEditor } from './task-name-editor';
import { EditTaskForm } from './edit-task-form';
import { RunPanel } from './run-panel';
import { SavedTestsPanel } from './saved-tests-panel';
import { VersionsPanel } from './versions-panel';

type Tab = 'definition' | 'fields' | 'test' | 'versions' | 'edit' | 'saved';

export function TaskPage({ taskId }: { taskId: string }) {
  const { data: task, isPending, error, refetch } = useTask(taskId);
  const { has } = useCapabilities();
  const [tab, setTab] = useState<Tab>('definition');
  // Bumped by the field editor's Reload, so it starts again from the newest version.
  const [editorRun, setEditorRun] = useState(0);

  if (isPending) return <TableSkeleton rows={6} label="Loading task" />;
  if (error) return <ErrorPanel error={error} onRetry={() => refetch()} />;
  const archived = Boolean(task.archived_at);

  // Tabs backed by extensions only appear when the upstream offers them.
  const tabs: TabDef<Tab>[] = [
    { id: 'definition', label: 'Definition' },
    ...(has('task_definition_edit') ? [{ id: 'fields' as const, label: 'Fields' }] : []),
    { id: 'test', label: 'Quick test' },
    ...(has('task_versions') ? [{ id: 'versions' as const, label: `Versions (${task.max_version})` }] : []),
    { id: 'edit', label: 'Edit' },
    ...(has('saved_tests') ? [{ id: 'saved' as const, label: 'Saved tests' }] : []),
  ];

  return (
    <>
      <BackLink href="/tasks">Tasks</BackLink>
      <PageHeader
        title={task.name}
        description={task.description}
        actions={
          <div className="flex flex-wrap items-center gap-2 text-sm">
            {archived && <Badge tone="warning">archived</Badge>}
            <Badge tone="brand" className="text-sm">
              live v{task.live_version}
            </Badge>
            <span className="text-slate-600 dark:text-slate-400">
              of {task.max_version} · {task.run_count} {task.run_count === 1 ? 'run' : 'runs'} · created{' '}
              {formatDateTime(task.created_at)}
            </span>
            {has('task_archive') && (
              <ArchiveTaskButton taskId={task.id} name={task.name} archived={archived} />
            )}
          </div>
        }
      />
      {has('task_rename') && (
        <TaskNameEditor key={task.name} taskId={task.id} name={task.name} nameSource={task.name_source} />
      )}
      {archived && (
        <p
          role="note"
          className="mb-4 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900 dark:border-amber-800 dark:bg-amber-950/40 dark:text-amber-100"
        >
          Archived {formatDateTime(task.archived_at)}: hidden from the task list and from new batches. Its
          runs and batches are kept; Restore brings it back.
        </p>
      )}
      <Card>
        <CardBody>
          <Tabs tabs={tabs} active={tab} onChange={setTab} label="Task sections">
            {tab === 'definition' && (
              <div className="space-y-4">
                <DefinitionTable definition={task} />
                <ApiSnippet request={{ method: 'GET', path: `/v0.1/tasks/${task.id}` }} />
              </div>
            )}
            {tab === 'fields' && (
              <FieldEditor
                key={`${task.max_version}-${editorRun}`}
                task={task}
                onReload={() => refetch().then(() => setEditorRun((n) => n + 1))}
                onSaved={() => setTab(has('task_versions') ? 'versions' : 'definition')}
              />
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
                task={task}
                canPreview={has('task_edit_preview')}
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
