'use client';
import type { TaskDetail } from '@/lib/contract/tasks';
import { answerText, describeAnswer, isNotFound, readSource } from '@/lib/dashboard/answer-format';
import { formatDateTime } from '@/lib/dashboard/format';
import { useEstimate } from '@/lib/dashboard/hooks/use-batches';
import { useCapabilities } from '@/lib/dashboard/hooks/use-connection';
import { useSampleRun } from '@/lib/dashboard/hooks/use-sample-run';
import {
  formatDuration,
  formatUsd,
  sampleKey,
  samplePace,
  type SampleOutcome,
} from '@/lib/dashboard/sample-pace';
import type { PreviewRow } from '@/lib/dashboard/upload/parse-protocol';
import { sheetRow } from '@/lib/ingest/sheet-row';
import type { InputFormat } from '@/lib/ingest/types';
import { NotFoundMark } from '@/components/results/answer-value';
import { ConfidenceBadge } from '@/components/results/confidence-badge';
import { JobResultView } from '@/components/tasks/result-view';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';

/**
 * Optional: run the first good rows one by one before launching the whole file, see every answer with
 * its source, and what the file would take at that pace. Answers are kept when the file is read again.
 */
export function SampleRun({
  task,
  version,
  rows,
  fileRows,
  format,
}: {
  task: TaskDetail;
  version: number | undefined;
  rows: PreviewRow[];
  /** Rows of the whole file that will run: the sample's pace is extrapolated to them. */
  fileRows: number;
  /** The file's format: the rows are numbered as the analyst's spreadsheet numbers them. */
  format: InputFormat;
}) {
  const sample = useSampleRun(task.id, version);
  const shown = rows.map((row) => ({ row, outcome: sample.outcomes.get(sampleKey(row.inputs)) }));
  const done = shown.flatMap((s) => (s.outcome ? [s.outcome] : []));
  const missing = shown.filter((s) => !s.outcome).map((s) => s.row.inputs);
  const start = () => sample.run(missing.length > 0 ? missing : rows.map((r) => r.inputs));
  const label =
    missing.length === 0 && rows.length > 0
      ? 'Run the sample again'
      : `Run ${missing.length} sample row${missing.length === 1 ? '' : 's'}`;
  return (
    <div className="space-y-3" data-testid="sample-run">
      <Button variant="secondary" onClick={start} isLoading={sample.running} disabled={rows.length === 0}>
        {label}
      </Button>
      {done.length > 0 && (
        <>
          <SamplePaceLine outcomes={done} fileRows={fileRows} />
          <ul className="space-y-2">
            {shown.map(({ row, outcome }) =>
              outcome ? (
                <SampleRowCard
                  key={row.index}
                  row={row}
                  outcome={outcome}
                  task={task}
                  rowNumber={sheetRow(row.index, format)}
                />
              ) : null,
            )}
          </ul>
        </>
      )}
    </div>
  );
}

function SamplePaceLine({ outcomes, fileRows }: { outcomes: SampleOutcome[]; fileRows: number }) {
  const pace = samplePace(outcomes);
  const { has } = useCapabilities();
  const estimate = useEstimate(fileRows, has('batch_estimate') && pace !== null, pace?.jobSeconds);
  if (!pace) return null;
  const e = estimate.data;
  // Measured from when the estimate was fetched (its times are counted from the server's now).
  const finish = e ? new Date(e.estimated_time_to_complete).getTime() - estimate.dataUpdatedAt : null;
  return (
    <p className="text-sm text-slate-700 dark:text-slate-300" data-testid="sample-pace">
      Sample pace: {formatDuration(pace.jobSeconds * 1000)} a row (median of {pace.measured}).
      {e && finish !== null && (
        <>
          {' '}
          At that pace the whole file ({fileRows.toLocaleString()} rows, {e.concurrency} at a time) takes
          about {formatDuration(finish)}, finishing about {formatDateTime(e.estimated_time_to_complete)}.
        </>
      )}
      {pace.costPerRow !== null && (
        <>
          {' '}
          Model cost about {formatUsd(pace.costPerRow * fileRows)} ({formatUsd(pace.costPerRow)} a row).
        </>
      )}
    </p>
  );
}

function SampleRowCard({
  row,
  outcome,
  task,
  rowNumber,
}: {
  row: PreviewRow;
  outcome: SampleOutcome;
  task: TaskDetail;
  rowNumber: number;
}) {
  const r = outcome.result;
  return (
    <li
      className="rounded-md border border-slate-200 p-3 text-sm dark:border-slate-800"
      data-testid={`sample-row-${row.index}`}
    >
      <div className="flex flex-wrap items-center gap-2">
        <span className="font-medium">Row {rowNumber}</span>
        <span className="min-w-0 truncate font-mono text-xs text-slate-600 dark:text-slate-400">
          {row.inputs.join(' · ')}
        </span>
        <span className="ml-auto">
          {outcome.error ? (
            <Badge tone="danger">request failed</Badge>
          ) : r?.error_detected ? (
            <Badge tone="danger">error detected</Badge>
          ) : (
            <Badge tone="success">answered</Badge>
          )}
        </span>
      </div>
      {outcome.error ? (
        <p className="mt-2 text-red-800 dark:text-red-200">{outcome.error}</p>
      ) : r ? (
        <>
          <AnswerChips
            task={task}
            data={r.data_json}
            sources={r.data_sources ?? {}}
            listRows={r.list ? r.list_data_json.length : null}
          />
          <details className="mt-2">
            <summary className="cursor-pointer text-slate-700 dark:text-slate-300">
              Answers and sources
            </summary>
            <div className="mt-2">
              <JobResultView result={r} roundTripMs={outcome.roundTripMs} idPrefix={`sample-${row.index}`} />
            </div>
          </details>
        </>
      ) : null}
    </li>
  );
}

/** Every page-level answer on one wrapping line: name, value and how sure; "not found" kept visible. */
function AnswerChips({
  task,
  data,
  sources,
  listRows,
}: {
  task: TaskDetail;
  data: Record<string, unknown>;
  sources: Record<string, unknown>;
  listRows: number | null;
}) {
  const names = task.outputs.map((o) => o.name).filter((n) => n in data);
  return (
    <dl className="mt-2 flex flex-wrap gap-x-4 gap-y-1">
      {names.map((name) => {
        const source = readSource(sources[name]);
        const missing = isNotFound(data[name], source);
        return (
          <div key={name} className="flex min-w-0 items-center gap-1.5">
            <dt className="text-slate-600 dark:text-slate-400">{name}</dt>
            <dd className="flex min-w-0 items-center gap-1">
              {missing ? (
                <NotFoundMark className="text-xs" />
              ) : (
                <>
                  <span className="max-w-64 truncate">{answerText(describeAnswer(data[name]))}</span>
                  {source && <ConfidenceBadge confidence={source.confidence} compact />}
                </>
              )}
            </dd>
          </div>
        );
      })}
      {listRows !== null && (
        <div className="flex items-center gap-1.5">
          <dt className="text-slate-600 dark:text-slate-400">list</dt>
          <dd>
            {listRows} row{listRows === 1 ? '' : 's'}
          </dd>
        </div>
      )}
    </dl>
  );
}
