'use client';
import { AlertTriangle, ExternalLink } from 'lucide-react';
import { useState } from 'react';
import type { JobResult } from '@/lib/contract/tasks';
import { formatMs, formatPercent, formatValue } from '@/lib/dashboard/format';
import { Badge } from '@/components/ui/badge';
import { CodeBlock } from '@/components/ui/code-block';
import { Switch } from '@/components/ui/switch';
import { Table, Td, Th } from '@/components/ui/table';

/** A job result: fields with their source, snippet and confidence; list rows as a table; raw JSON on demand. */
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
  const fields = Object.entries(result.data_json);
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
            <Table
              label="Extracted fields"
              className="rounded-md border border-slate-200 dark:border-slate-800"
            >
              <thead>
                <tr>
                  <Th>Field</Th>
                  <Th>Value</Th>
                  <Th>Source</Th>
                  <Th className="text-right">Confidence</Th>
                </tr>
              </thead>
              <tbody>
                {fields.map(([name, value]) => {
                  const src = result.data_sources?.[name];
                  return (
                    <tr key={name}>
                      <Td className="font-mono text-xs">{name}</Td>
                      <Td className="max-w-xs font-medium break-words">{formatValue(value)}</Td>
                      <Td className="max-w-md">
                        {src ? (
                          <>
                            <a
                              href={src.url}
                              target="_blank"
                              rel="noreferrer noopener"
                              className="inline-flex items-center gap-1 text-xs break-all text-brand-700 hover:underline dark:text-brand-100"
                            >
                              {src.url} <ExternalLink aria-hidden className="size-3 shrink-0" />
                            </a>
                            {src.snippet && (
                              <p className="mt-1 line-clamp-3 text-xs text-slate-600 dark:text-slate-400">
                                “{src.snippet}”
                              </p>
                            )}
                          </>
                        ) : (
                          <span className="text-slate-500">—</span>
                        )}
                      </Td>
                      <Td className="text-right tabular-nums">{formatPercent(src?.confidence)}</Td>
                    </tr>
                  );
                })}
              </tbody>
            </Table>
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
                {formatValue(r[c])}
              </Td>
            ))}
          </tr>
        ))}
      </tbody>
    </Table>
  );
}
