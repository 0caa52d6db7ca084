'use client';
import { Layers, Plus } from 'lucide-react';
import Link from 'next/link';
import { useState } from 'react';
import type { BatchSummary } from '@/lib/contract/batches';
import { formatDateTime } from '@/lib/dashboard/format';
import { PAGE_SIZE, useBatch, useBatchList } from '@/lib/dashboard/hooks/use-batches';
import { useTaskList } from '@/lib/dashboard/hooks/use-tasks';
import { PageHeader } from '@/components/layout/page-header';
import { ApiSnippet } from '@/components/api/api-snippet';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorPanel } from '@/components/ui/error-panel';
import { Label, Select } from '@/components/ui/field';
import { TableSkeleton } from '@/components/ui/skeleton';
import { Table, Td, Th } from '@/components/ui/table';
import { ProgressBar } from './progress-bar';
import { BatchStatusBadge } from './status-badge';

// Spelled out here: importing the list from lib/contract would pull zod into the page's bundle.
const JOB_STATUSES = ['QUEUED', 'RUNNING', 'COMPLETED', 'CANCELLING', 'CANCELLED'] as const;

// The batch list: server-side pages and filters; each row's progress comes from its own detail query,
// which polls only while that batch runs (list items carry no counts in the spec).

export function BatchesPage() {
  const [page, setPage] = useState(1);
  const [taskId, setTaskId] = useState('');
  const [status, setStatus] = useState('');
  const tasks = useTaskList();
  const { data, isPending, error, refetch } = useBatchList(page, {
    task_id: taskId || undefined,
    status: status || undefined,
  });
  const total = data?.pagination?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  const taskName = new Map((tasks.data ?? []).map((t) => [t.id, t.name]));
  const filtered = Boolean(taskId || status);
  return (
    <>
      <PageHeader
        title="Batches"
        description="Tasks run over many inputs, asynchronously."
        actions={
          <Link
            href="/batches/new"
            className="inline-flex h-9 items-center gap-1.5 rounded-md bg-brand-600 px-3.5 text-sm font-medium text-white hover:bg-brand-700"
          >
            <Plus aria-hidden className="size-4" /> New batch
          </Link>
        }
      />
      <div className="mb-4 flex flex-wrap gap-3">
        <div className="w-64">
          <Label htmlFor="filter-task">Task</Label>
          <Select id="filter-task" value={taskId} onChange={(e) => (setTaskId(e.target.value), setPage(1))}>
            <option value="">All tasks</option>
            {(tasks.data ?? []).map((t) => (
              <option key={t.id} value={t.id}>
                {t.name}
              </option>
            ))}
          </Select>
        </div>
        <div className="w-48">
          <Label htmlFor="filter-status">Status</Label>
          <Select id="filter-status" value={status} onChange={(e) => (setStatus(e.target.value), setPage(1))}>
            <option value="">Any status</option>
            {JOB_STATUSES.map((s) => (
              <option key={s} value={s}>
                {s.toLowerCase()}
              </option>
            ))}
          </Select>
        </div>
      </div>
      <Card>
        {isPending ? (
          <TableSkeleton label="Loading batches" />
        ) : error ? (
          <div className="p-4">
            <ErrorPanel error={error} onRetry={() => refetch()} />
          </div>
        ) : data.rows.length === 0 ? (
          filtered ? (
            <EmptyState icon={Layers} title="No batches match these filters" />
          ) : (
            <EmptyState
              icon={Layers}
              title="No batches yet"
              action={
                <Link
                  href="/batches/new"
                  className="text-sm font-medium text-brand-700 underline dark:text-brand-100"
                >
                  Upload a spreadsheet
                </Link>
              }
            >
              A batch runs a task over a CSV, JSONL or XLSX file of inputs. Create and test a task first in{' '}
              <Link href="/tasks" className="text-brand-700 underline dark:text-brand-100">
                Tasks
              </Link>
              .
            </EmptyState>
          )
        ) : (
          <>
            <Table label="Batches">
              <thead>
                <tr>
                  <Th>Name</Th>
                  <Th>Task</Th>
                  <Th>Status</Th>
                  <Th className="w-64">Progress</Th>
                  <Th>Created</Th>
                </tr>
              </thead>
              <tbody>
                {data.rows.map((b) => (
                  <BatchListRow key={b.batch_id} batch={b} taskName={taskName.get(b.task_id)} />
                ))}
              </tbody>
            </Table>
            <div className="flex items-center justify-between px-4 py-3 text-sm">
              <span className="text-slate-600 dark:text-slate-400">
                {total.toLocaleString()} batch{total === 1 ? '' : 'es'} · page {page} of {pages}
              </span>
              <div className="flex gap-2">
                <Button
                  size="sm"
                  variant="secondary"
                  disabled={page <= 1}
                  onClick={() => setPage((p) => p - 1)}
                >
                  Previous
                </Button>
                <Button
                  size="sm"
                  variant="secondary"
                  disabled={page >= pages}
                  onClick={() => setPage((p) => p + 1)}
                >
                  Next
                </Button>
              </div>
            </div>
          </>
        )}
      </Card>
      <ApiSnippet
        className="mt-4"
        request={{
          method: 'POST',
          path: '/v0.1/batches',
          form: { batch_input_data: '@inputs.jsonl', task_id: 'task_…' },
        }}
      />
    </>
  );
}

function BatchListRow({ batch, taskName }: { batch: BatchSummary; taskName: string | undefined }) {
  const detail = useBatch(batch.batch_id);
  const d = detail.data;
  const counts = d
    ? {
        total: d.jobs_added ?? d.jobs_submitted,
        succeeded: d.jobs_completed - (d.jobs_failed ?? 0),
        failed: d.jobs_failed ?? 0,
        removed: d.jobs_removed ?? 0,
        running: 0,
        pending: Math.max(0, (d.jobs_added ?? d.jobs_submitted) - d.jobs_completed - (d.jobs_removed ?? 0)),
      }
    : null;
  return (
    <tr data-testid="batch-list-row">
      <Td className="font-medium">
        <Link
          href={`/batches/${encodeURIComponent(batch.batch_id)}`}
          className="text-brand-700 hover:underline dark:text-brand-100"
        >
          {batch.batch_name || batch.batch_id}
        </Link>
      </Td>
      <Td>
        <Link
          href={`/tasks/${encodeURIComponent(batch.task_id)}`}
          className="text-slate-800 hover:underline dark:text-slate-200"
        >
          {taskName ?? <span className="font-mono text-xs">{batch.task_id}</span>}
        </Link>{' '}
        <span className="text-xs text-slate-600 dark:text-slate-400">v{batch.task_version}</span>
      </Td>
      <Td>
        <BatchStatusBadge batch={{ ...batch, job_status: d?.job_status }} />
      </Td>
      <Td>
        {counts ? (
          <div className="space-y-1">
            <ProgressBar counts={counts} label={`Progress of ${batch.batch_name || batch.batch_id}`} />
            <p className="text-xs text-slate-600 tabular-nums dark:text-slate-400">
              {(counts.succeeded + counts.failed).toLocaleString()} / {counts.total.toLocaleString()}
              {counts.failed ? ` · ${counts.failed} failed` : ''}
            </p>
          </div>
        ) : (
          <span className="text-xs text-slate-500">…</span>
        )}
      </Td>
      <Td className="whitespace-nowrap">{formatDateTime(batch.created_at)}</Td>
    </tr>
  );
}
