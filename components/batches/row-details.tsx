import type { BatchRow } from '@/lib/contract/batch-extensions';
import type { Source } from '@/lib/contract/task-definition';
import { formatDateTime } from '@/lib/dashboard/format';
import { AnswersTable } from '@/components/results/answers-table';
import { rowAnswer } from './answer-cell';

// An expanded batch row: every field of the task (not only the columns shown) with its value,
// confidence and source, and for a field not found what was looked at.

export function RowDetails({ row, fields }: { row: BatchRow; fields: string[] }) {
  const names = [...new Set([...fields, ...Object.keys(row.data_json ?? {})])];
  const data: Record<string, unknown> = {};
  const sources: Record<string, Source | undefined> = {};
  for (const name of names) {
    const a = rowAnswer(row, name);
    if (!a) continue;
    data[name] = a.value;
    sources[name] = a.source;
  }
  const hasResult = Object.keys(data).length > 0;
  return (
    <div className="space-y-3 p-3 text-sm">
      <dl className="flex flex-wrap gap-x-6 gap-y-1 text-xs text-slate-600 dark:text-slate-400">
        <div className="flex min-w-0 gap-1">
          <dt>Input</dt>
          <dd className="font-medium break-all text-slate-800 dark:text-slate-200">
            {row.inputs.join(' · ')}
          </dd>
        </div>
        <div className="flex gap-1">
          <dt>Version</dt>
          <dd className="font-medium text-slate-800 dark:text-slate-200">v{row.task_version}</dd>
        </div>
        {row.finished_at && (
          <div className="flex gap-1">
            <dt>Finished</dt>
            <dd className="font-medium text-slate-800 dark:text-slate-200">
              {formatDateTime(row.finished_at)}
            </dd>
          </div>
        )}
      </dl>
      {row.error && (
        <p
          role="note"
          className="rounded bg-red-50 px-2 py-1 text-red-800 dark:bg-red-950/50 dark:text-red-200"
        >
          {row.error}
        </p>
      )}
      {hasResult ? (
        <AnswersTable
          label={`Answers of row ${row.seq + 1}`}
          fields={names.filter((n) => n in data)}
          data={data}
          sources={sources}
          className="bg-white dark:bg-slate-950"
        />
      ) : (
        !row.error && <p className="text-slate-600 dark:text-slate-400">This row has no result yet.</p>
      )}
    </div>
  );
}
