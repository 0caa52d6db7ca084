'use client';
import { Download, FlaskConical } from 'lucide-react';
import { useEffect, useMemo } from 'react';
import type { TaskDetail } from '@/lib/contract/tasks';
import { errorMessage } from '@/lib/dashboard/api-error';
import { formatDateTime } from '@/lib/dashboard/format';
import { useValidateData } from '@/lib/dashboard/hooks/use-batch-actions';
import { useEstimate } from '@/lib/dashboard/hooks/use-batches';
import { useCapabilities } from '@/lib/dashboard/hooks/use-connection';
import type { ParseSummary } from '@/lib/dashboard/upload/parse-protocol';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardBody, CardHeader } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { Table, Td, Th } from '@/components/ui/table';
import { PreviewTable } from './preview-table';
import { sheetRow } from '@/lib/ingest/sheet-row';
import { SampleRun } from './sample-run';
import { downloadText, toCsv } from './download-text';

const SHOWN_ERRORS = 200;

/** Checks before launch: the browser's (same rules as the engine), then the engine's own validate-data. */
export function PreflightStep({
  task,
  version,
  summary,
  filename,
}: {
  task: TaskDetail;
  version: number | undefined;
  summary: ParseSummary;
  filename: string;
}) {
  const validate = useValidateData();
  const { has } = useCapabilities();
  const estimate = useEstimate(summary.good, has('batch_estimate'));
  const { mutate } = validate;
  useEffect(() => {
    mutate({
      taskId: task.id,
      file: summary.upload,
      filename: summary.uploadName,
      fields: summary.uploadFields,
    });
  }, [mutate, task.id, summary]);

  const engineErrors = validate.data?.job_improper_format;
  const rows = useMemo(() => {
    const byIndex = new Map<number, { index: number; client?: string; engine?: string }>();
    for (const e of summary.errors)
      byIndex.set(e.error_index, { index: e.error_index, client: e.error_message });
    for (const e of engineErrors ?? []) {
      const r = byIndex.get(e.error_index) ?? { index: e.error_index };
      r.engine = e.error_message;
      byIndex.set(e.error_index, r);
    }
    return [...byIndex.values()].sort((a, b) => a.index - b.index);
  }, [summary.errors, engineErrors]);

  const downloadErrors = () =>
    downloadText(
      `${filename.replace(/\.[^.]+$/, '')}-bad-rows.csv`,
      toCsv([
        ['row', 'error_index', 'browser_check', 'engine_check'],
        ...rows.map((r) => [
          String(sheetRow(r.index, summary.format)),
          String(r.index),
          r.client ?? '',
          r.engine ?? '',
        ]),
      ]),
      'text/csv',
    );

  return (
    <Card aria-labelledby="step-preflight">
      <CardHeader
        id="step-preflight"
        title="4. Pre-flight"
        description="Rows with a problem are skipped at launch; fix the file and drop it again to include them."
        actions={
          rows.length > 0 && (
            <Button variant="secondary" size="sm" onClick={downloadErrors}>
              <Download aria-hidden className="size-4" /> Bad rows as CSV
            </Button>
          )
        }
      />
      <CardBody className="space-y-5">
        <dl className="grid grid-cols-2 gap-4 text-sm sm:grid-cols-4">
          <Stat label="Rows" value={summary.total.toLocaleString()} testId="preflight-rows" />
          <Stat label="Ready to run" value={summary.good.toLocaleString()} />
          <Stat
            label="Bad rows (browser)"
            value={summary.errorCount.toLocaleString()}
            tone={summary.errorCount ? 'danger' : 'success'}
          />
          <div>
            <dt className="text-slate-600 dark:text-slate-400">Bad rows (engine)</dt>
            <dd className="mt-0.5 text-lg font-semibold" data-testid="engine-check">
              {validate.isPending ? (
                <Skeleton className="h-6 w-16" />
              ) : validate.error ? (
                <span className="text-sm font-normal text-red-700 dark:text-red-300">
                  {errorMessage(validate.error)}
                </span>
              ) : validate.data ? (
                validate.data.job_improper_format_count.toLocaleString()
              ) : (
                '—'
              )}
            </dd>
          </div>
        </dl>
        {estimate.data && (
          <p className="text-sm text-slate-700 dark:text-slate-300" data-testid="estimate">
            If launched now: starts about {formatDateTime(estimate.data.estimated_time_to_start)}, finishes
            about {formatDateTime(estimate.data.estimated_time_to_complete)}.
          </p>
        )}
        {rows.length > 0 && (
          <div
            tabIndex={0}
            role="region"
            aria-label="Bad rows list"
            className="max-h-72 overflow-auto rounded border border-slate-200 dark:border-slate-800"
          >
            <Table label="Bad rows" className="overflow-visible!">
              <thead>
                <tr>
                  <Th className="w-20">Row</Th>
                  <Th>Problem</Th>
                  <Th className="w-28">Found by</Th>
                </tr>
              </thead>
              <tbody>
                {rows.slice(0, SHOWN_ERRORS).map((r) => (
                  <tr key={r.index} data-testid={`bad-row-${r.index}`}>
                    <Td className="font-mono">{sheetRow(r.index, summary.format)}</Td>
                    <Td className="break-words">{r.client ?? r.engine}</Td>
                    <Td>
                      <span className="flex gap-1">
                        {r.client && <Badge>browser</Badge>}
                        {r.engine && <Badge tone="brand">engine</Badge>}
                      </span>
                    </Td>
                  </tr>
                ))}
              </tbody>
            </Table>
          </div>
        )}
        {rows.length > SHOWN_ERRORS && (
          <p className="text-sm text-slate-600 dark:text-slate-400">
            Showing the first {SHOWN_ERRORS} of {rows.length.toLocaleString()}; download them all as CSV.
          </p>
        )}
        <PreviewTable inputs={task.inputs} rows={summary.preview} format={summary.format} />
        <div className="flex items-center gap-2 text-sm font-medium">
          <FlaskConical aria-hidden className="size-4" /> Sample run
        </div>
        <SampleRun
          task={task}
          version={version}
          rows={summary.preview.filter((r) => !r.error).slice(0, 3)}
          fileRows={summary.good}
          format={summary.format}
        />
      </CardBody>
    </Card>
  );
}

function Stat({
  label,
  value,
  tone,
  testId,
}: {
  label: string;
  value: string;
  tone?: 'danger' | 'success';
  testId?: string;
}) {
  return (
    <div>
      <dt className="text-slate-600 dark:text-slate-400">{label}</dt>
      <dd
        data-testid={testId}
        className={
          tone === 'danger'
            ? 'mt-0.5 text-lg font-semibold text-red-700 dark:text-red-300'
            : 'mt-0.5 text-lg font-semibold'
        }
      >
        {value}
      </dd>
    </div>
  );
}
