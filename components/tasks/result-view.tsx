'use client';
import { AlertTriangle } from 'lucide-react';
import { useState } from 'react';
import type { JobResult } from '@/lib/contract/tasks';
import { formatMs } from '@/lib/dashboard/format';
import { AnswersTable } from '@/components/results/answers-table';
import { TypedValue } from '@/components/results/answer-value';
import { Badge } from '@/components/ui/badge';
import { CodeBlock } from '@/components/ui/code-block';
import { Switch } from '@/components/ui/switch';
import { Table, Td, Th } from '@/components/ui/table';

/** A job result: each field's typed value, confidence and source; list rows as a table; raw JSON on demand. */
export function JobResultView({
  result,
  roundTripMs,
  idPrefix,
}: {
  result: JobResult;
  roundTripMs?: number;
  idPrefix: string;
}) {
  const [raw, setRaw] = useState(false);
  const fields = Object.keys(result.data_json);
  return (
    <div className="space-y-4" data-testid="job-result">
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2 text-sm">
        {result.error_detected ? (
          <Badge tone="danger">error detected</Badge>
        ) : (
          <Badge tone="success">ok</Badge>
        )}
        {result.task_version !== undefined && <span>version {result.task_version}</span>}
        <span>elapsed {formatMs(result.elapsed_ms ?? roundTripMs)}</span>
        <span className="font-mono text-xs text-slate-600 dark:text-slate-400">{result.job_id}</span>
        <div className="ml-auto">
          <Switch id={`${idPrefix}-raw`} checked={raw} onChange={setRaw} label="Raw JSON" />
        </div>
      </div>
      {result.error && (
        <p
          role="alert"
          className="flex items-start gap-2 rounded-md bg-amber-50 p-3 text-sm text-amber-900 dark:bg-amber-950/50 dark:text-amber-100"
        >
          <AlertTriangle aria-hidden className="mt-0.5 size-4 shrink-0" /> {result.error}
        </p>
      )}
      {raw ? (
        <CodeBlock code={JSON.stringify(result, null, 2)} label="Raw result JSON" />
      ) : (
        <>
          {fields.length > 0 && (
            <AnswersTable
              label="Extracted fields"
              data={result.data_json}
              sources={result.data_sources ?? {}}
            />
          )}
          {result.list && <RowsTable rows={result.list_data_json} label="List rows" />}
          {result.pages && result.pages.length > 0 && (
            <div>
              <h4 className="mb-1 text-sm font-semibold">Pages read</h4>
              <ul className="space-y-0.5 text-xs">
                {result.pages.map((p) => (
                  <li key={p.url} className="flex flex-wrap gap-2">
                    <span className="break-all">{p.url}</span>
                    <span className="text-slate-600 dark:text-slate-400">
                      {p.status} · {p.via} · {formatMs(p.ms)}
                    </span>
                  </li>
                ))}
              </ul>
            </div>
          )}
        </>
      )}
    </div>
  );
}

/** Rows of key/value maps (list results, /v0 dynamic results) as a table with the union of keys as columns. */
export function RowsTable({ rows, label }: { rows: Record<string, unknown>[]; label: string }) {
  if (rows.length === 0)
    return <p className="text-sm text-slate-600 dark:text-slate-400">No rows were found.</p>;
  const columns = [...new Set(rows.flatMap((r) => Object.keys(r)))];
  return (
    <Table label={label} className="rounded-md border border-slate-200 dark:border-slate-800">
      <thead>
        <tr>
          <Th>#</Th>
          {columns.map((c) => (
            <Th key={c}>{c}</Th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((r, i) => (
          <tr key={i}>
            <Td className="tabular-nums text-slate-600 dark:text-slate-400">{i + 1}</Td>
            {columns.map((c) => (
              <Td key={c} className="break-words">
                <TypedValue value={r[c]} />
              </Td>
            ))}
          </tr>
        ))}
      </tbody>
    </Table>
  );
}
