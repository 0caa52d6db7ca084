'use client';
import { Archive, ListChecks, Plus, Search } from 'lucide-react';
import Link from 'next/link';
import { useMemo, useState } from 'react';
import type { TaskSummary } from '@/lib/contract/tasks';
import { cn } from '@/lib/dashboard/cn';
import { formatDateTime } from '@/lib/dashboard/format';
import { useCapabilities } from '@/lib/dashboard/hooks/use-connection';
import { useTaskList } from '@/lib/dashboard/hooks/use-tasks';
import { PageHeader } from '@/components/layout/page-header';
import { ApiSnippet } from '@/components/api/api-snippet';
import { Badge } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorPanel } from '@/components/ui/error-panel';
import { Input, Select } from '@/components/ui/field';
import { TableSkeleton } from '@/components/ui/skeleton';
import { Table, Td, Th } from '@/components/ui/table';
import { ArchivedTasks } from './archived-tasks';
import { TaskNameCell } from './task-name-cell';

type Sort = 'created' | 'name' | 'runs';
type View = 'active' | 'archived';

const SORTERS: Record<Sort, (a: TaskSummary, b: TaskSummary) => number> = {
  created: (a, b) => b.created_at.localeCompare(a.created_at),
  name: (a, b) => a.name.localeCompare(b.name),
  runs: (a, b) => b.run_count - a.run_count,
};

const newTaskLink =
  'inline-flex h-9 items-center gap-1.5 rounded-md bg-brand-600 px-3.5 text-sm font-medium text-white hover:bg-brand-700';

export function TasksPage() {
  const { data, isPending, error, refetch } = useTaskList();
  const [query, setQuery] = useState('');
  const [sort, setSort] = useState<Sort>('created');
  const [view, setView] = useState<View>('active');
  // Upstreams without archiving (no task_archive) have no archived view to offer.
  const { has } = useCapabilities();
  const filter = useMemo(() => {
    const q = query.trim().toLowerCase();
    return <T extends TaskSummary>(list: T[]) =>
      list
        .filter(
          (t) =>
            !q ||
            t.name.toLowerCase().includes(q) ||
            t.description.toLowerCase().includes(q) ||
            t.id.includes(q),
        )
        .sort(SORTERS[sort]);
  }, [query, sort]);
  const rows = useMemo(() => filter([...(data ?? [])]), [data, filter]);

  return (
    <>
      <PageHeader
        title="Tasks"
        description="Reusable research tasks: named inputs in, named outputs out, versioned."
        actions={
          <Link href="/tasks/new" className={newTaskLink}>
            <Plus aria-hidden className="size-4" /> New task
          </Link>
        }
      />
      <Card>
        <div className="flex flex-wrap items-center gap-3 border-b border-slate-200 p-3 dark:border-slate-800">
          {has('task_archive') && (
            <div
              role="group"
              aria-label="Which tasks"
              className="inline-flex rounded-md border border-slate-300 p-0.5 dark:border-slate-700"
            >
              {(['active', 'archived'] as const).map((v) => (
                <button
                  key={v}
                  type="button"
                  aria-pressed={view === v}
                  onClick={() => setView(v)}
                  className={cn(
                    'inline-flex h-8 items-center gap-1.5 rounded px-3 text-sm font-medium',
                    view === v
                      ? 'bg-brand-600 text-white'
                      : 'text-slate-700 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800',
                  )}
                >
                  {v === 'active' ? (
                    <ListChecks aria-hidden className="size-4" />
                  ) : (
                    <Archive aria-hidden className="size-4" />
                  )}
                  {v === 'active' ? 'Active' : 'Archived'}
                </button>
              ))}
            </div>
          )}
          <div className="relative min-w-56 flex-1">
            <Search aria-hidden className="absolute top-2.5 left-2.5 size-4 text-slate-500" />
            <Input
              aria-label="Search tasks"
              placeholder="Search by name, description or id"
              value={query}
              onChange={(e) => setQuery(e.target.value)}
              className="pl-8"
            />
          </div>
          <label className="flex items-center gap-2 text-sm whitespace-nowrap text-slate-700 dark:text-slate-300">
            Sort by
            <Select value={sort} onChange={(e) => setSort(e.target.value as Sort)} className="w-36">
              <option value="created">Newest</option>
              <option value="name">Name</option>
              <option value="runs">Runs</option>
            </Select>
          </label>
        </div>
        {view === 'archived' ? (
          <ArchivedTasks filter={filter} />
        ) : isPending ? (
          <TableSkeleton label="Loading tasks" />
        ) : error ? (
          <div className="p-4">
            <ErrorPanel error={error} onRetry={() => refetch()} />
          </div>
        ) : data.length === 0 ? (
          <EmptyState
            icon={ListChecks}
            title="No tasks yet"
            action={
              <Link href="/tasks/new" className={newTaskLink}>
                <Plus aria-hidden className="size-4" /> Create your first task
              </Link>
            }
          >
            Describe what you want to find on a website — for example “the contact email and phone number of a
            company” — and Quarry plans the inputs and outputs for you.
          </EmptyState>
        ) : rows.length === 0 ? (
          <EmptyState icon={Search} title="No task matches">
            Nothing matches “{query}”. Clear the search to see all {data.length} tasks.
          </EmptyState>
        ) : (
          <Table label="Tasks">
            <thead>
              <tr>
                <Th>Name</Th>
                <Th>Version</Th>
                <Th className="text-right">Runs</Th>
                <Th>Created</Th>
              </tr>
            </thead>
            <tbody>
              {rows.map((t) => (
                <tr key={t.id} className="hover:bg-slate-50 dark:hover:bg-slate-800/40">
                  <TaskNameCell task={t} />
                  <Td className="whitespace-nowrap">
                    <Badge tone="brand">live v{t.live_version}</Badge>{' '}
                    <span className="text-xs text-slate-600 dark:text-slate-400">of {t.max_version}</span>
                  </Td>
                  <Td className="text-right tabular-nums">{t.run_count}</Td>
                  <Td className="whitespace-nowrap text-slate-700 dark:text-slate-300">
                    {formatDateTime(t.created_at)}
                  </Td>
                </tr>
              ))}
            </tbody>
          </Table>
        )}
      </Card>
      <ApiSnippet
        className="mt-4"
        request={{ method: 'GET', path: view === 'archived' ? '/v0.1/tasks?archived=true' : '/v0.1/tasks' }}
      />
    </>
  );
}
