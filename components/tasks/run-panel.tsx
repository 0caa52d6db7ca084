'use client';
import { Play, Save } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import type { TaskDetail } from '@/lib/contract/tasks';
import { errorMessage } from '@/lib/dashboard/api-error';
import { useRunTask } from '@/lib/dashboard/hooks/use-runs';
import { useAddSavedTest } from '@/lib/dashboard/hooks/use-saved-tests';
import { ApiSnippet } from '@/components/api/api-snippet';
import { Button } from '@/components/ui/button';
import { ErrorPanel } from '@/components/ui/error-panel';
import { Input, Label, Select } from '@/components/ui/field';
import { useToast } from '@/components/ui/toast';
import { JobResultView } from './result-view';

/**
 * Quick test (one input) or a single job run (one field per input), on any version. With the saved-tests
 * extension the inputs can be kept for "run all saved tests".
 */
export function RunPanel({
  task,
  canSaveTests,
  defaultInput = '',
}: {
  task: Pick<TaskDetail, 'id' | 'inputs' | 'live_version' | 'max_version'>;
  canSaveTests: boolean;
  defaultInput?: string;
}) {
  const single = task.inputs.length === 1;
  const [values, setValues] = useState<string[]>(() =>
    task.inputs.map((_, i) => (i === 0 ? defaultInput : '')),
  );
  const [version, setVersion] = useState<number>(task.live_version);
  const run = useRunTask(task.id);
  const save = useAddSavedTest(task.id);
  const toast = useToast();
  const versions = Array.from({ length: task.max_version }, (_, i) => task.max_version - i);
  const mode = single ? 'test' : 'run';
  const filled = values.every((v) => v.trim());

  const submit = (e: FormEvent) => {
    e.preventDefault();
    run.mutate(
      { inputs: values.map((v) => v.trim()), version, mode },
      {
        onSuccess: ({ result }) =>
          toast(
            result.error_detected
              ? { tone: 'error', title: 'The run reported an error', description: result.error ?? undefined }
              : { tone: 'success', title: `Run finished on version ${result.task_version ?? version}` },
          ),
        onError: (err) => toast({ tone: 'error', title: 'Run failed', description: errorMessage(err) }),
      },
    );
  };
  const saveInputs = () =>
    save.mutate(
      { inputs: values.map((v) => v.trim()) },
      {
        onSuccess: () => toast({ tone: 'success', title: 'Saved as a test input' }),
        onError: (err) =>
          toast({ tone: 'error', title: 'Could not save the test', description: errorMessage(err) }),
      },
    );

  const path = single ? `/v0.1/tasks/${task.id}/test` : `/v0.1/tasks/${task.id}`;
  const json = single
    ? { input: values[0] || 'https://example.com', task_version: version }
    : { inputs: values, task_version: version };

  return (
    <div className="space-y-4">
      <form onSubmit={submit} className="space-y-3">
        <div className="grid gap-3 md:grid-cols-[1fr_10rem]">
          <div className="space-y-3">
            {task.inputs.map((input, i) => (
              <div key={input.name}>
                <Label htmlFor={`run-${input.name}`} hint={input.description}>
                  {input.name}
                </Label>
                <Input
                  id={`run-${input.name}`}
                  type={input.type === 'url' ? 'url' : 'text'}
                  placeholder={input.type === 'url' ? 'https://example.com' : input.name}
                  value={values[i] ?? ''}
                  onChange={(e) => setValues((vs) => vs.map((v, j) => (j === i ? e.target.value : v)))}
                  required
                />
              </div>
            ))}
          </div>
          <div>
            <Label htmlFor="run-version">Version</Label>
            <Select id="run-version" value={version} onChange={(e) => setVersion(Number(e.target.value))}>
              {versions.map((v) => (
                <option key={v} value={v}>
                  v{v}
                  {v === task.live_version ? ' (live)' : ''}
                </option>
              ))}
            </Select>
          </div>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button type="submit" isLoading={run.isPending} disabled={!filled}>
            <Play aria-hidden className="size-4" /> {single ? 'Run quick test' : 'Run job'}
          </Button>
          {canSaveTests && (
            <Button variant="secondary" onClick={saveInputs} isLoading={save.isPending} disabled={!filled}>
              <Save aria-hidden className="size-4" /> Save as test input
            </Button>
          )}
        </div>
      </form>
      {run.isPending && (
        <p role="status" className="text-sm text-slate-600 dark:text-slate-400">
          Reading the website… a run waits up to a minute.
        </p>
      )}
      {run.error && <ErrorPanel error={run.error} />}
      {run.data && (
        <JobResultView result={run.data.result} roundTripMs={run.data.roundTripMs} idPrefix="run" />
      )}
      <ApiSnippet request={{ method: 'POST', path, json }} />
    </div>
  );
}
