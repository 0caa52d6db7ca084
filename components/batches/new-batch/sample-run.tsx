'use client';
import { useState } from 'react';
import type { JobResult, TaskDetail } from '@/lib/contract/tasks';
import { errorMessage } from '@/lib/dashboard/api-error';
import { formatValue } from '@/lib/dashboard/format';
import { useRunTask } from '@/lib/dashboard/hooks/use-runs';
import type { PreviewRow } from '@/lib/dashboard/upload/parse-protocol';
import { Button } from '@/components/ui/button';
import { Table, Td, Th } from '@/components/ui/table';

/** Optional: run the first three good rows one by one before launching the whole file. */
export function SampleRun({
  task,
  version,
  rows,
}: {
  task: TaskDetail;
  version: number | undefined;
  rows: PreviewRow[];
}) {
  const runTask = useRunTask(task.id);
  const [results, setResults] = useState<{ row: PreviewRow; result?: JobResult; error?: string }[]>([]);
  const [running, setRunning] = useState(false);
  const start = async () => {
    setRunning(true);
    setResults([]);
    for (const row of rows) {
      try {
        const { result } = await runTask.mutateAsync({ inputs: row.inputs, version, mode: 'run' });
        setResults((r) => [...r, { row, result }]);
      } catch (err) {
        setResults((r) => [...r, { row, error: errorMessage(err) }]);
      }
    }
    setRunning(false);
  };
  const outputs = task.outputs.slice(0, 4);
  return (
    <div className="space-y-3">
      <Button variant="secondary" onClick={start} isLoading={running} disabled={rows.length === 0}>
        Run {rows.length} sample row{rows.length === 1 ? '' : 's'}
      </Button>
      {results.length > 0 && (
        <Table label="Sample run" className="rounded border border-slate-200 dark:border-slate-800">
          <thead>
            <tr>
              <Th>data_uuid</Th>
              {outputs.map((o) => (
                <Th key={o.name}>{o.name}</Th>
              ))}
            </tr>
          </thead>
          <tbody>
            {results.map(({ row, result, error }) => (
              <tr key={row.index}>
                <Td className="font-mono text-xs">{row.data_uuid}</Td>
                {error ? (
                  <Td colSpan={outputs.length} className="text-red-800 dark:text-red-200">
                    {error}
                  </Td>
                ) : (
                  outputs.map((o) => <Td key={o.name}>{formatValue(result?.data_json?.[o.name])}</Td>)
                )}
              </tr>
            ))}
          </tbody>
        </Table>
      )}
    </div>
  );
}
