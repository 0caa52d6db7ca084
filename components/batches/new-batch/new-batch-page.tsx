'use client';
import Link from 'next/link';
import { useSearchParams } from 'next/navigation';
import { useEffect, useMemo, useState } from 'react';
import { columnsFor } from '@/lib/ingest/column-matching';
import type { ColumnOptions } from '@/lib/ingest/types';
import { useTask } from '@/lib/dashboard/hooks/use-tasks';
import { formatOf, type UploadFormat } from '@/lib/dashboard/upload/parse-protocol';
import { useFileParse } from '@/lib/dashboard/upload/use-file-parse';
import { BackLink } from '@/components/layout/back-link';
import { PageHeader } from '@/components/layout/page-header';
import { ErrorPanel } from '@/components/ui/error-panel';
import { ChooseTaskStep } from './choose-task-step';
import { FileDropStep } from './file-drop-step';
import { LaunchStep } from './launch-step';
import { MapColumnsStep } from './map-columns-step';
import { PreflightStep } from './preflight-step';

// The new-batch wizard: choose task → drop a file → map columns → pre-flight → launch. The file is
// parsed in a worker with the engine's own readers; what is launched is the JSONL built from the
// previewed, mapped rows (see lib/dashboard/upload/parse-file.ts).

export function NewBatchPage() {
  const params = useSearchParams();
  const [taskId, setTaskId] = useState(params.get('task') ?? '');
  const [version, setVersion] = useState<number | undefined>(undefined);
  const [file, setFile] = useState<{ file: File; format: UploadFormat } | null>(null);
  const [mapping, setMapping] = useState<ColumnOptions>({});
  const task = useTask(taskId);
  const { header, parse, readHeader, run, reset } = useFileParse();

  const inputs = useMemo(() => task.data?.inputs ?? [], [task.data]);
  const columns = useMemo(() => (header.status === 'done' ? header.columns : []), [header]);

  // A new file or task: read its header, then parse with the automatic mapping.
  useEffect(() => {
    if (file) readHeader(file.file, file.format);
  }, [file, readHeader]);
  useEffect(() => {
    if (!file || !task.data || header.status !== 'done') return;
    run(file.file, file.format, task.data.inputs, mapping);
  }, [file, task.data, header.status, mapping, run]);

  const match = useMemo(
    () => (file && file.format !== 'jsonl' ? columnsFor(columns, inputs, mapping) : null),
    [file, columns, inputs, mapping],
  );

  const onFile = (f: File) => {
    const format = formatOf(f.name);
    if (!format) return;
    setMapping({});
    setFile({ file: f, format });
  };

  return (
    <>
      <BackLink href="/batches">Batches</BackLink>
      <PageHeader title="New batch" description="Run a task over every row of a spreadsheet." />
      <div className="space-y-5">
        <ChooseTaskStep
          taskId={taskId}
          version={version}
          onTask={(id) => {
            setTaskId(id);
            setVersion(undefined);
          }}
          onVersion={setVersion}
        />
        {task.error && taskId && <ErrorPanel error={task.error} onRetry={() => task.refetch()} />}
        {task.data && (
          <FileDropStep
            file={file?.file ?? null}
            onFile={onFile}
            onClear={() => {
              setFile(null);
              reset();
            }}
            parse={parse}
            headerError={header.status === 'error' ? header.message : null}
          />
        )}
        {task.data && file && match && header.status === 'done' && (
          <MapColumnsStep
            columns={columns}
            inputs={inputs}
            match={match}
            mapping={mapping}
            onMapping={setMapping}
          />
        )}
        {task.data && file && parse.status === 'done' && (
          <>
            <PreflightStep
              task={task.data}
              version={version}
              summary={parse.summary}
              filename={file.file.name}
            />
            <LaunchStep task={task.data} version={version} summary={parse.summary} />
          </>
        )}
      </div>
    </>
  );
}
