'use client';
import { RotateCcw } from 'lucide-react';
import { useState } from 'react';
import { errorMessage } from '@/lib/dashboard/api-error';
import { formatDateTime } from '@/lib/dashboard/format';
import { useSetLiveVersion, useTaskVersions } from '@/lib/dashboard/hooks/use-task-versions';
import { ApiSnippet } from '@/components/api/api-snippet';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { ErrorPanel } from '@/components/ui/error-panel';
import { TableSkeleton } from '@/components/ui/skeleton';
import { Table, Td, Th } from '@/components/ui/table';
import { useToast } from '@/components/ui/toast';
import { VersionDiff } from './version-diff';

/** Version history (instruction and date of each), set-live (roll back), and a diff of any two versions. */
export function VersionsPanel({ taskId, canSetLive }: { taskId: string; canSetLive: boolean }) {
  const { data: versions, isPending, error, refetch } = useTaskVersions(taskId, true);
  const setLive = useSetLiveVersion(taskId);
  const toast = useToast();
  const [pending, setPending] = useState<number | null>(null);

  if (isPending) return <TableSkeleton rows={3} label="Loading versions" />;
  if (error) return <ErrorPanel error={error} onRetry={() => refetch()} />;

  const makeLive = (version: number) => {
    setPending(version);
    setLive.mutate(version, {
      onSuccess: () =>
        toast({
          tone: 'success',
          title: `Version ${version} is live`,
          description: 'Runs and new batches use it by default.',
        }),
      onError: (err) =>
        toast({ tone: 'error', title: 'Could not change the live version', description: errorMessage(err) }),
      onSettled: () => setPending(null),
    });
  };

  return (
    <div className="space-y-6">
      <Table label="Version history" className="rounded-md border border-slate-200 dark:border-slate-800">
        <thead>
          <tr>
            <Th>Version</Th>
            <Th>Instruction</Th>
            <Th>Created</Th>
            <Th className="text-right">
              <span className="sr-only">Actions</span>
            </Th>
          </tr>
        </thead>
        <tbody>
          {[...versions].reverse().map((v) => (
            <tr key={v.version} data-testid={`version-row-${v.version}`}>
              <Td className="whitespace-nowrap">
                <span className="font-medium">v{v.version}</span>{' '}
                {v.is_live && <Badge tone="success">live</Badge>}
              </Td>
              <Td>
                {v.instruction ? (
                  <span>“{v.instruction}”</span>
                ) : (
                  <span className="text-slate-600 dark:text-slate-400">created from the description</span>
                )}
                {v.changes.length > 0 && (
                  <p className="mt-0.5 text-xs text-slate-600 dark:text-slate-400">{v.changes.join('; ')}</p>
                )}
              </Td>
              <Td className="whitespace-nowrap">{formatDateTime(v.created_at)}</Td>
              <Td className="text-right">
                {canSetLive && !v.is_live && (
                  <Button
                    size="sm"
                    variant="secondary"
                    onClick={() => makeLive(v.version)}
                    isLoading={pending === v.version}
                    disabled={pending !== null}
                  >
                    <RotateCcw aria-hidden className="size-3.5" /> Make v{v.version} live
                  </Button>
                )}
              </Td>
            </tr>
          ))}
        </tbody>
      </Table>
      {versions.length > 1 ? (
        <VersionDiff versions={versions} />
      ) : (
        <p className="text-sm text-slate-600 dark:text-slate-400">
          Edit the task by instruction to create a second version; then you can compare them here.
        </p>
      )}
      <ApiSnippet
        request={{ method: 'PUT', path: `/v0.1/tasks/${taskId}/live-version`, json: { version: 1 } }}
      />
    </div>
  );
}
