'use client';
import { useTaskList, useTask } from '@/lib/dashboard/hooks/use-tasks';
import { Card, CardBody, CardHeader } from '@/components/ui/card';
import { Label, Select } from '@/components/ui/field';
import { Skeleton } from '@/components/ui/skeleton';
import { ErrorPanel } from '@/components/ui/error-panel';

export function ChooseTaskStep({
  taskId,
  version,
  onTask,
  onVersion,
}: {
  taskId: string;
  version: number | undefined;
  onTask: (id: string) => void;
  onVersion: (v: number | undefined) => void;
}) {
  const tasks = useTaskList();
  const task = useTask(taskId);
  const max = task.data?.max_version ?? 0;
  return (
    <Card aria-labelledby="step-task">
      <CardHeader id="step-task" title="1. Task" description="The task every row runs through." />
      <CardBody className="grid gap-4 sm:grid-cols-[1fr_12rem]">
        {tasks.isPending ? (
          <Skeleton className="h-9 w-full" />
        ) : tasks.error ? (
          <ErrorPanel error={tasks.error} onRetry={() => tasks.refetch()} />
        ) : (
          <div>
            <Label htmlFor="batch-task">Task</Label>
            <Select id="batch-task" value={taskId} onChange={(e) => onTask(e.target.value)}>
              <option value="">Choose a task…</option>
              {tasks.data.map((t) => (
                <option key={t.id} value={t.id}>
                  {t.name}
                </option>
              ))}
            </Select>
          </div>
        )}
        <div>
          <Label htmlFor="batch-version">Version</Label>
          <Select
            id="batch-version"
            value={version ?? ''}
            disabled={!task.data}
            onChange={(e) => onVersion(e.target.value ? Number(e.target.value) : undefined)}
          >
            <option value="">Live (v{task.data?.live_version ?? '–'})</option>
            {Array.from({ length: max }, (_, i) => i + 1).map((v) => (
              <option key={v} value={v}>
                v{v}
              </option>
            ))}
          </Select>
        </div>
      </CardBody>
    </Card>
  );
}
