'use client';
import { Layers } from 'lucide-react';
import Link from 'next/link';
import { formatDateTime } from '@/lib/dashboard/format';
import { useBatchList } from '@/lib/dashboard/hooks/use-batches';
import { PageHeader } from '@/components/layout/page-header';
import { ApiSnippet } from '@/components/api/api-snippet';
import { Badge } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorPanel } from '@/components/ui/error-panel';
import { TableSkeleton } from '@/components/ui/skeleton';
import { Table, Td, Th } from '@/components/ui/table';

// The batch list; uploads, live progress and results arrive with the batches part of the dashboard.
export function BatchesPage() {
  const { data, isPending, error, refetch } = useBatchList(1);
  return (
    <>
      <PageHeader title="Batches" description="Tasks run over many inputs, asynchronously." />
      <Card>
        {isPending ? (
          <TableSkeleton label="Loading batches" />
        ) : error ? (
          <div className="p-4">
            <ErrorPanel error={error} onRetry={() => refetch()} />
          </div>
        ) : data.rows.length === 0 ? (
          <EmptyState icon={Layers} title="No batches yet">
            A batch runs a task over a JSONL, CSV or XLSX file of inputs. Create and test a task first in{' '}
            <Link href="/tasks" className="text-brand-700 underline dark:text-brand-100">
              Tasks
            </Link>
            , then upload its inputs through the API call below.
          </EmptyState>
        ) : (
          <Table label="Batches">
            <thead>
              <tr>
                <Th>Name</Th>
                <Th>Task</Th>
                <Th>Status</Th>
                <Th>Created</Th>
              </tr>
            </thead>
            <tbody>
              {data.rows.map((b) => (
                <tr key={b.batch_id}>
                  <Td className="font-medium">{b.batch_name || b.batch_id}</Td>
                  <Td>
                    <Link
                      href={`/tasks/${encodeURIComponent(b.task_id)}`}
                      className="font-mono text-xs text-brand-700 hover:underline dark:text-brand-100"
                    >
                      {b.task_id}
                    </Link>{' '}
                    <span className="text-xs text-slate-600 dark:text-slate-400">v{b.task_version}</span>
                  </Td>
                  <Td>
                    {b.cancelled ? (
                      <Badge tone="danger">cancelled</Badge>
                    ) : b.completed ? (
                      <Badge tone="success">completed</Badge>
                    ) : (
                      <Badge tone="brand">running</Badge>
                    )}
                  </Td>
                  <Td className="whitespace-nowrap">{formatDateTime(b.created_at)}</Td>
                </tr>
              ))}
            </tbody>
          </Table>
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
