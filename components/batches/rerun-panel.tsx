'use client';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import type { BatchDetail } from '@/lib/contract/batches';
import type { BatchLinks } from '@/lib/contract/batch-extensions';
import type { TaskDetail } from '@/lib/contract/tasks';
import { errorMessage } from '@/lib/dashboard/api-error';
import { formatValue } from '@/lib/dashboard/format';
import { useRerun } from '@/lib/dashboard/hooks/use-batch-actions';
import { useComparison } from '@/lib/dashboard/hooks/use-batches';
import { watchBatch } from '@/lib/dashboard/watched-batches';
import { Button } from '@/components/ui/button';
import { ErrorPanel } from '@/components/ui/error-panel';
import { Label, Select } from '@/components/ui/field';
import { TableSkeleton } from '@/components/ui/skeleton';
import { Table, Td, Th } from '@/components/ui/table';
import { useToast } from '@/components/ui/toast';

/** Re-run the same inputs on another version, and compare this batch with a related one field by field. */
export function RerunPanel({
  batch,
  task,
  links,
  canCompare,
}: {
  batch: BatchDetail;
  task: TaskDetail | undefined;
  links: BatchLinks | undefined;
  canCompare: boolean;
}) {
  const mine = Number(batch.task_version);
  const versions = Array.from({ length: task?.max_version ?? 0 }, (_, i) => i + 1).filter((v) => v !== mine);
  const [version, setVersion] = useState<number | ''>('');
  const rerun = useRerun(batch.batch_id);
  const toast = useToast();
  const router = useRouter();
  const related = [
    ...(links?.parent ? [{ id: links.parent.batch_id, label: `parent (${links.parent.relation})` }] : []),
    ...(links?.children ?? []).map((c) => ({
      id: c.batch_id,
      label: c.relation === 'rerun' ? 're-run' : 'retry',
    })),
  ];
  const [other, setOther] = useState<string>('');
  const compareWith =
    other || related.find((r) => r.label === 're-run' || r.label.startsWith('parent (rerun'))?.id || '';
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-end gap-2">
        <div>
          <Label htmlFor="rerun-version">Re-run on version</Label>
          <Select
            id="rerun-version"
            value={version}
            onChange={(e) => setVersion(e.target.value ? Number(e.target.value) : '')}
            className="w-40"
          >
            <option value="">Choose…</option>
            {versions.map((v) => (
              <option key={v} value={v}>
                v{v}
                {v === task?.live_version ? ' (live)' : ''}
              </option>
            ))}
          </Select>
        </div>
        <Button
          disabled={version === ''}
          isLoading={rerun.isPending}
          onClick={() =>
            version !== '' &&
            rerun.mutate(
              { task_version: version },
              {
                onSuccess: (d) => {
                  watchBatch(d.batch_id);
                  toast({
                    tone: 'success',
                    title: `Re-running ${d.jobs_added.toLocaleString()} rows on v${d.task_version}`,
                  });
                  router.push(`/batches/${encodeURIComponent(d.batch_id)}`);
                },
                onError: (err) =>
                  toast({ tone: 'error', title: 'Re-run failed', description: errorMessage(err) }),
              },
            )
          }
        >
          Re-run
        </Button>
        {versions.length === 0 && (
          <p className="text-sm text-slate-600 dark:text-slate-400">
            The task has only this version; edit it to create another.
          </p>
        )}
      </div>
      {canCompare && related.length > 0 && (
        <div className="space-y-3">
          <div className="w-72">
            <Label htmlFor="compare-with">Compare with</Label>
            <Select id="compare-with" value={compareWith} onChange={(e) => setOther(e.target.value)}>
              <option value="">Choose a related batch…</option>
              {related.map((r) => (
                <option key={r.id} value={r.id}>
                  {r.id} · {r.label}
                </option>
              ))}
            </Select>
          </div>
          {compareWith && <ComparisonView batchId={batch.batch_id} other={compareWith} />}
        </div>
      )}
    </div>
  );
}

function ComparisonView({ batchId, other }: { batchId: string; other: string }) {
  const q = useComparison(batchId, other, true);
  if (q.isPending) return <TableSkeleton rows={3} label="Comparing" />;
  if (q.error) return <ErrorPanel error={q.error} onRetry={() => q.refetch()} />;
  const c = q.data;
  return (
    <div className="space-y-4">
      <p className="text-sm text-slate-700 dark:text-slate-300">
        v{c.task_version} here vs v{c.other_task_version} in{' '}
        <Link
          className="text-brand-700 underline dark:text-brand-100"
          href={`/batches/${encodeURIComponent(other)}`}
        >
          {other}
        </Link>
        : {c.compared_rows.toLocaleString()} rows finished in both
        {c.only_here || c.only_other ? ` (${c.only_here} only here, ${c.only_other} only there)` : ''}.{' '}
        <Button size="sm" variant="ghost" onClick={() => q.refetch()}>
          Refresh
        </Button>
      </p>
      <Table label="Field comparison" className="rounded border border-slate-200 dark:border-slate-800">
        <thead>
          <tr>
            <Th>Field</Th>
            <Th className="text-right">Same</Th>
            <Th className="text-right">Differs</Th>
          </tr>
        </thead>
        <tbody>
          {c.fields.map((f) => (
            <tr key={f.field} data-diff={f.differs ? 'differs' : 'same'}>
              <Td className="font-mono text-xs">{f.field}</Td>
              <Td className="text-right tabular-nums">{f.same}</Td>
              <Td
                className={
                  f.differs
                    ? 'text-right font-semibold text-amber-800 tabular-nums dark:text-amber-200'
                    : 'text-right tabular-nums'
                }
              >
                {f.differs}
              </Td>
            </tr>
          ))}
        </tbody>
      </Table>
      {c.differences.length > 0 && (
        <Table label="Differences" className="rounded border border-slate-200 dark:border-slate-800">
          <thead>
            <tr>
              <Th>data_uuid</Th>
              <Th>Field</Th>
              <Th>v{c.task_version}</Th>
              <Th>v{c.other_task_version}</Th>
            </tr>
          </thead>
          <tbody>
            {c.differences.map((d, i) => (
              <tr key={i}>
                <Td className="font-mono text-xs">{d.data_uuid}</Td>
                <Td className="font-mono text-xs">{d.field}</Td>
                <Td className="max-w-xs break-words">{formatValue(d.value)}</Td>
                <Td className="max-w-xs break-words">{formatValue(d.other_value)}</Td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
    </div>
  );
}
