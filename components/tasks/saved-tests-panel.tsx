'use client';
import { ClipboardList, Play, Trash2 } from 'lucide-react';
import { useState } from 'react';
import type { JobResult, TaskDetail } from '@/lib/contract/tasks';
import { apiFetch, upstream } from '@/lib/dashboard/api-fetch';
import { errorMessage } from '@/lib/dashboard/api-error';
import { formatValue } from '@/lib/dashboard/format';
import { useDeleteSavedTest, useSavedTests } from '@/lib/dashboard/hooks/use-saved-tests';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorPanel } from '@/components/ui/error-panel';
import { Label, Select } from '@/components/ui/field';
import { TableSkeleton } from '@/components/ui/skeleton';
import { Table, Td, Th } from '@/components/ui/table';
import { useToast } from '@/components/ui/toast';

type Outcome = { result?: JobResult; error?: string };
type Runs = Record<string, { a: Outcome; b?: Outcome }>;

/** Saved test inputs: run them all on one version and, optionally, compare field by field with another. */
export function SavedTestsPanel({ task }: { task: Pick<TaskDetail, 'id' | 'live_version' | 'max_version'> }) {
  const { data: tests, isPending, error, refetch } = useSavedTests(task.id, true);
  const remove = useDeleteSavedTest(task.id);
  const toast = useToast();
  const [a, setA] = useState(task.live_version);
  const [b, setB] = useState<number | 0>(0);
  const [runs, setRuns] = useState<Runs>({});
  const [running, setRunning] = useState(false);
  const versions = Array.from({ length: task.max_version }, (_, i) => task.max_version - i);

  if (isPending) return <TableSkeleton rows={3} label="Loading saved tests" />;
  if (error) return <ErrorPanel error={error} onRetry={() => refetch()} />;
  if (tests.length === 0) {
    return (
      <EmptyState icon={ClipboardList} title="No saved tests">
        In Quick test, fill in the inputs and choose “Save as test input”. Saved tests can be re-run on any
        version to check an edit did not break anything.
      </EmptyState>
    );
  }

  const runOne = async (inputs: string[], version: number): Promise<Outcome> => {
    try {
      const { data } = await apiFetch<JobResult>(upstream(`/v0.1/tasks/${encodeURIComponent(task.id)}`), {
        method: 'POST',
        json: { inputs, task_version: version },
      });
      return { result: data };
    } catch (err) {
      return { error: errorMessage(err) };
    }
  };

  const runAll = async () => {
    setRunning(true);
    setRuns({});
    // One at a time: each run fetches pages from the tested site; a burst would be unkind to it.
    for (const t of tests) {
      const ra = await runOne(t.inputs, a);
      const rb = b ? await runOne(t.inputs, b) : undefined;
      setRuns((r) => ({ ...r, [t.id]: { a: ra, b: rb } }));
    }
    setRunning(false);
    toast({ tone: 'success', title: `Ran ${tests.length} saved test${tests.length === 1 ? '' : 's'}` });
  };

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-end gap-3">
        <div className="w-32">
          <Label htmlFor="saved-a">Run on</Label>
          <Select id="saved-a" value={a} onChange={(e) => setA(Number(e.target.value))}>
            {versions.map((v) => (
              <option key={v} value={v}>
                v{v}
              </option>
            ))}
          </Select>
        </div>
        <div className="w-40">
          <Label htmlFor="saved-b">Compare with</Label>
          <Select id="saved-b" value={b} onChange={(e) => setB(Number(e.target.value))}>
            <option value={0}>no comparison</option>
            {versions.map((v) => (
              <option key={v} value={v}>
                v{v}
              </option>
            ))}
          </Select>
        </div>
        <Button onClick={runAll} isLoading={running}>
          <Play aria-hidden className="size-4" /> Run all saved tests
        </Button>
      </div>
      <div className="space-y-3">
        {tests.map((t) => (
          <div key={t.id} className="rounded-md border border-slate-200 dark:border-slate-800">
            <div className="flex items-center justify-between gap-2 px-3 py-2">
              <span className="min-w-0 truncate font-mono text-xs">{t.label || t.inputs.join(', ')}</span>
              <Button
                size="sm"
                variant="ghost"
                aria-label={`Delete saved test ${t.inputs.join(', ')}`}
                onClick={() =>
                  remove.mutate(t.id, {
                    onError: (err) =>
                      toast({ tone: 'error', title: 'Could not delete', description: errorMessage(err) }),
                  })
                }
              >
                <Trash2 aria-hidden className="size-4" />
              </Button>
            </div>
            {runs[t.id] && <Comparison a={a} b={b || null} outcome={runs[t.id]!} />}
          </div>
        ))}
      </div>
    </div>
  );
}

function Comparison({
  a,
  b,
  outcome,
}: {
  a: number;
  b: number | null;
  outcome: { a: Outcome; b?: Outcome };
}) {
  if (outcome.a.error)
    return (
      <p className="px-3 pb-3 text-sm text-red-700 dark:text-red-400">
        v{a}: {outcome.a.error}
      </p>
    );
  const left = outcome.a.result?.data_json ?? {};
  const right = outcome.b?.result?.data_json ?? {};
  const fields = [...new Set([...Object.keys(left), ...Object.keys(right)])];
  return (
    <Table label="Saved test comparison" className="border-t border-slate-200 dark:border-slate-800">
      <thead>
        <tr>
          <Th>Field</Th>
          <Th>v{a}</Th>
          {b && <Th>v{b}</Th>}
          {b && <Th>Same?</Th>}
        </tr>
      </thead>
      <tbody>
        {fields.map((f) => {
          const same = formatValue(left[f]) === formatValue(right[f]);
          return (
            <tr key={f}>
              <Td className="font-mono text-xs">{f}</Td>
              <Td>{formatValue(left[f])}</Td>
              {b && <Td>{outcome.b?.error ? outcome.b.error : formatValue(right[f])}</Td>}
              {b && (
                <Td>{same ? <Badge tone="success">same</Badge> : <Badge tone="warning">differs</Badge>}</Td>
              )}
            </tr>
          );
        })}
      </tbody>
    </Table>
  );
}
