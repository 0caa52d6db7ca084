'use client';
import { Archive, Search } from 'lucide-react';
import type { ShapedTaskSummary } from '@/lib/dashboard/task-shaping-types';
import { formatDateTime } from '@/lib/dashboard/format';
import { useArchivedTaskList } from '@/lib/dashboard/hooks/use-task-shaping';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorPanel } from '@/components/ui/error-panel';
import { TableSkeleton } from '@/components/ui/skeleton';
import { Table, Td, Th } from '@/components/ui/table';
import { ArchiveTaskButton } from './archive-task-button';
import { TaskNameCell } from './task-name-cell';

/** The archived tasks (GET /v0.1/tasks?archived=true), each with Restore. */
export function ArchivedTasks({ filter }: { filter: (rows: ShapedTaskSummary[]) => ShapedTaskSummary[] }) {
  const { data, isPending, error, refetch } = useArchivedTaskList(true);
  if (isPending) return <TableSkeleton label="Loading archived tasks" />;
  if (error)
    return (
      <div className="p-4">
        <ErrorPanel error={error} onRetry={() => refetch()} />
      </div>
    );
  if (data.length === 0)
    return (
      <EmptyState icon={Archive} title="No archived tasks">
        A task you archive leaves the task list and the batch wizard; its runs and batches are kept, and it
        shows here until you restore it.
      </EmptyState>
    );
  const rows = filter(data);
  if (rows.length === 0)
    return (
      <EmptyState icon={Search} title="No archived task matches">
        Clear the search to see all {data.length} archived tasks.
      </EmptyState>
    );
  return (
    <Table label="Archived tasks">
      <thead>
        <tr>
          <Th>Name</Th>
          <Th className="text-right">Runs</Th>
          <Th>Archived</Th>
          <Th className="text-right">
            <span className="sr-only">Actions</span>
          </Th>
        </tr>
      </thead>
      <tbody>
        {rows.map((t) => (
          <tr key={t.id} className="hover:bg-slate-50 dark:hover:bg-slate-800/40">
            <TaskNameCell task={t} />
            <Td className="text-right tabular-nums">{t.run_count}</Td>
            <Td className="whitespace-nowrap text-slate-700 dark:text-slate-300">
              {formatDateTime(t.archived_at)}
            </Td>
            <Td className="text-right">
              <ArchiveTaskButton taskId={t.id} name={t.name} archived size="sm" />
            </Td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}
