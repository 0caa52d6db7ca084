'use client';
import { FileUp, X } from 'lucide-react';
import { useDropzone } from 'react-dropzone';
import type { ParseState } from '@/lib/dashboard/upload/use-file-parse';
import { cn } from '@/lib/dashboard/cn';
import { Button } from '@/components/ui/button';
import { Card, CardBody, CardHeader } from '@/components/ui/card';

// The engine's default upload cap (QUARRY_MAX_UPLOAD_MB); a bigger file would be refused with 413.
const MAX_BYTES = 200 * 1024 * 1024;
const ACCEPT = {
  'text/csv': ['.csv', '.tsv', '.txt'],
  'application/x-ndjson': ['.jsonl', '.ndjson'],
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': ['.xlsx'],
};

const mb = (n: number) =>
  n < 1024 * 1024
    ? `${Math.max(1, Math.round(n / 1024))} KB`
    : `${(n / 1024 / 1024).toFixed(n < 10 * 1024 * 1024 ? 1 : 0)} MB`;

export function FileDropStep({
  file,
  onFile,
  onClear,
  parse,
  headerError,
}: {
  file: File | null;
  onFile: (f: File) => void;
  onClear: () => void;
  parse: ParseState;
  headerError: string | null;
}) {
  const { getRootProps, getInputProps, isDragActive, fileRejections } = useDropzone({
    accept: ACCEPT,
    maxSize: MAX_BYTES,
    multiple: false,
    onDropAccepted: (files) => files[0] && onFile(files[0]),
  });
  const rejection = fileRejections[0]?.errors[0]?.message;
  return (
    <Card aria-labelledby="step-file">
      <CardHeader id="step-file" title="2. File" description="CSV, TSV, JSONL or XLSX, up to 200 MB." />
      <CardBody className="space-y-3">
        {file ? (
          <div className="flex items-center justify-between gap-3 rounded-md border border-slate-200 px-3 py-2 text-sm dark:border-slate-700">
            <div className="min-w-0">
              <p className="truncate font-medium" data-testid="chosen-file">
                {file.name}
              </p>
              <p className="text-slate-600 dark:text-slate-400">
                {mb(file.size)} · <ParseStatus parse={parse} />
              </p>
            </div>
            <Button variant="ghost" size="sm" onClick={onClear} aria-label="Choose another file">
              <X aria-hidden className="size-4" />
            </Button>
          </div>
        ) : (
          <div
            {...getRootProps()}
            className={cn(
              'flex cursor-pointer flex-col items-center rounded-md border-2 border-dashed px-6 py-10 text-center text-sm',
              isDragActive
                ? 'border-brand-500 bg-brand-50 dark:bg-brand-700/20'
                : 'border-slate-300 hover:border-brand-500 dark:border-slate-700',
            )}
          >
            <input {...getInputProps()} aria-label="Batch input file" />
            <FileUp aria-hidden className="mb-2 size-7 text-slate-500 dark:text-slate-400" />
            <p className="font-medium">Drop a file here, or click to choose one</p>
            <p className="mt-1 text-slate-600 dark:text-slate-400">
              Columns are matched to the task&apos;s inputs by name; you can change the mapping next.
            </p>
          </div>
        )}
        {rejection && (
          <p role="alert" className="text-sm text-red-700 dark:text-red-300">
            {rejection}
          </p>
        )}
        {(headerError || parse.status === 'error') && (
          <p role="alert" className="text-sm text-red-700 dark:text-red-300">
            {headerError ?? (parse.status === 'error' ? parse.message : '')}
          </p>
        )}
      </CardBody>
    </Card>
  );
}

function ParseStatus({ parse }: { parse: ParseState }) {
  if (parse.status === 'parsing')
    return (
      <span role="status">
        reading… {parse.rows.toLocaleString()} rows ({mb(parse.bytes)})
      </span>
    );
  if (parse.status === 'done')
    return (
      <span data-testid="parse-summary">
        {parse.summary.total.toLocaleString()} rows read in {(parse.summary.ms / 1000).toFixed(1)} s
        {parse.summary.sheet && parse.summary.sheet.of > 1 && (
          // Which tab of a workbook with several was read: the first visible one, as the engine does.
          <>
            {' '}
            from sheet “{parse.summary.sheet.name}” (the first visible of {parse.summary.sheet.of})
          </>
        )}
      </span>
    );
  if (parse.status === 'error') return <span>could not be read</span>;
  return <span>reading header…</span>;
}
