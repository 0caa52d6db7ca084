'use client';
import { Play, Plus, Save, X } from 'lucide-react';
import { useRouter } from 'next/navigation';
import { useState, type FormEvent } from 'react';
import type { OutputType } from '@/lib/contract/task-definition';
import type { DynamicRunRequest } from '@/lib/contract/tasks';
import { errorMessage } from '@/lib/dashboard/api-error';
import { useDynamicRun } from '@/lib/dashboard/hooks/use-runs';
import { useCreateTask } from '@/lib/dashboard/hooks/use-tasks';
import { PageHeader } from '@/components/layout/page-header';
import { ApiSnippet } from '@/components/api/api-snippet';
import { Button } from '@/components/ui/button';
import { Card, CardBody, CardHeader } from '@/components/ui/card';
import { ErrorPanel } from '@/components/ui/error-panel';
import { Input, Label, Select, useHoldUntilHydrated } from '@/components/ui/field';
import { Switch } from '@/components/ui/switch';
import { useToast } from '@/components/ui/toast';
import { JobResultView, RowsTable } from '@/components/tasks/result-view';
import { describeQueries } from './describe-queries';

const TYPES: OutputType[] = ['string', 'number', 'boolean', 'date', 'url', 'email', 'list'];

interface QueryRow {
  key: number;
  keyword: string;
  query: string;
  type: OutputType;
}

let nextKey = 3;

/** Dynamic run: a website and a list of questions, no stored task; "save as task" makes it reusable. */
export function PlaygroundPage() {
  const [website, setWebsite] = useState('');
  const [rows, setRows] = useState<QueryRow[]>([
    { key: 1, keyword: 'email', query: 'contact email address', type: 'email' },
    { key: 2, keyword: 'phone', query: 'phone number', type: 'string' },
  ]);
  const [turbo, setTurbo] = useState(false);
  const [shape, setShape] = useState<'v0' | 'v0.1'>('v0.1');
  const run = useDynamicRun();
  const create = useCreateTask();
  const toast = useToast();
  const router = useRouter();
  // The shape radios are plain inputs, not <Input>: they need the same hold until React listens.
  const holdChoice = useHoldUntilHydrated(true);

  const body: DynamicRunRequest = {
    websiteUrl: website.trim() || 'https://example.com',
    variableSearchItems: rows.map((r) => ({
      query: r.query,
      formatting: { keyword: r.keyword, type: r.type },
    })),
    ...(turbo ? { turbo: true } : {}),
  };
  const valid = website.trim() && rows.length > 0 && rows.every((r) => r.keyword.trim() && r.query.trim());
  const update = (key: number, patch: Partial<QueryRow>) =>
    setRows((rs) => rs.map((r) => (r.key === key ? { ...r, ...patch } : r)));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    run.mutate(
      { body, shape },
      { onError: (err) => toast({ tone: 'error', title: 'Run failed', description: errorMessage(err) }) },
    );
  };
  const saveAsTask = () =>
    create.mutate(describeQueries(rows), {
      onSuccess: ({ data }) => {
        toast({ tone: 'success', title: `Saved as task “${data.name}”`, description: data.message });
        router.push(`/tasks/${encodeURIComponent(data.task_id)}`);
      },
      onError: (err) =>
        toast({ tone: 'error', title: 'Could not save as a task', description: errorMessage(err) }),
    });

  return (
    <>
      <PageHeader title="Playground" description="Ask a website anything without creating a task first." />
      <Card>
        <CardBody>
          <form onSubmit={submit} className="space-y-4">
            <div>
              <Label htmlFor="pg-website">Website</Label>
              <Input
                id="pg-website"
                type="url"
                placeholder="https://example.com"
                value={website}
                onChange={(e) => setWebsite(e.target.value)}
                required
              />
            </div>
            <fieldset className="space-y-2">
              <legend className="mb-1 text-sm font-medium">Queries</legend>
              {rows.map((r, i) => (
                <div key={r.key} className="grid grid-cols-[10rem_1fr_8rem_auto] items-center gap-2">
                  <Input
                    aria-label={`Keyword ${i + 1}`}
                    placeholder="keyword"
                    value={r.keyword}
                    onChange={(e) => update(r.key, { keyword: e.target.value })}
                    className="font-mono"
                  />
                  <Input
                    aria-label={`Query ${i + 1}`}
                    placeholder="what to find"
                    value={r.query}
                    onChange={(e) => update(r.key, { query: e.target.value })}
                  />
                  <Select
                    aria-label={`Format ${i + 1}`}
                    value={r.type}
                    onChange={(e) => update(r.key, { type: e.target.value as OutputType })}
                  >
                    {TYPES.map((t) => (
                      <option key={t}>{t}</option>
                    ))}
                  </Select>
                  <Button
                    variant="ghost"
                    size="sm"
                    aria-label={`Remove query ${i + 1}`}
                    onClick={() => setRows((rs) => rs.filter((x) => x.key !== r.key))}
                    disabled={rows.length === 1}
                  >
                    <X aria-hidden className="size-4" />
                  </Button>
                </div>
              ))}
              <Button
                variant="secondary"
                size="sm"
                onClick={() =>
                  setRows((rs) => [...rs, { key: nextKey++, keyword: '', query: '', type: 'string' }])
                }
              >
                <Plus aria-hidden className="size-4" /> Add query
              </Button>
            </fieldset>
            <div className="flex flex-wrap items-center gap-6">
              <Switch
                id="pg-turbo"
                checked={turbo}
                onChange={setTurbo}
                label="Turbo (reads only the given page)"
              />
              <fieldset className="flex items-center gap-3 text-sm">
                <legend className="sr-only">Response shape</legend>
                <span className="text-slate-700 dark:text-slate-300">Response shape</span>
                {(['v0.1', 'v0'] as const).map((s) => (
                  <label key={s} className="flex items-center gap-1">
                    <input
                      type="radio"
                      name="shape"
                      value={s}
                      checked={shape === s}
                      onChange={() => setShape(s)}
                      {...holdChoice}
                    />{' '}
                    /{s}
                  </label>
                ))}
              </fieldset>
            </div>
            <div className="flex flex-wrap gap-2">
              <Button type="submit" isLoading={run.isPending} disabled={!valid}>
                <Play aria-hidden className="size-4" /> Run
              </Button>
              <Button
                variant="secondary"
                onClick={saveAsTask}
                isLoading={create.isPending}
                disabled={!rows.every((r) => r.query.trim())}
              >
                <Save aria-hidden className="size-4" /> Save as task
              </Button>
            </div>
          </form>
          <ApiSnippet
            className="mt-4"
            request={{ method: 'POST', path: shape === 'v0' ? '/v0/tasks' : '/v0.1/tasks', json: body }}
          />
        </CardBody>
      </Card>
      {(run.data || run.error) && (
        <Card className="mt-6" aria-labelledby="pg-result">
          <CardHeader id="pg-result" title="Result" />
          <CardBody>
            {run.error ? (
              <ErrorPanel error={run.error} />
            ) : run.data?.shape === 'v0.1' ? (
              <JobResultView result={run.data.result} idPrefix="pg" />
            ) : run.data?.shape === 'v0' ? (
              <div className="space-y-2">
                <p className="font-mono text-xs text-slate-600 dark:text-slate-400">
                  {run.data.result.job_id}
                </p>
                <RowsTable rows={run.data.result.data_json} label="Result rows" />
              </div>
            ) : null}
          </CardBody>
        </Card>
      )}
    </>
  );
}
