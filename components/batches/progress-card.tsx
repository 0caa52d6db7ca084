'use client';
import type { BatchProgress } from '@/lib/dashboard/hooks/use-batch-progress';
import { Card, CardBody, CardHeader } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { ProgressBar } from './progress-bar';
import { ThroughputChart } from './throughput-chart';

function duration(s: number | null): string {
  if (s === null) return '—';
  if (s < 60) return `${s} s`;
  if (s < 3600) return `${Math.floor(s / 60)} min ${s % 60} s`;
  return `${Math.floor(s / 3600)} h ${Math.floor((s % 3600) / 60)} min`;
}

export function ProgressCard({ progress }: { progress: BatchProgress }) {
  const { counts, batch } = progress;
  return (
    <Card aria-labelledby="progress-title">
      <CardHeader
        id="progress-title"
        title="Progress"
        description={
          batch?.completed
            ? 'Finished.'
            : progress.source === 'events'
              ? 'Live (server-sent events).'
              : 'Refreshing every 2 s.'
        }
      />
      <CardBody className="space-y-4">
        {!counts ? (
          <Skeleton className="h-20 w-full" />
        ) : (
          <>
            <ProgressBar counts={counts} label="Batch progress" />
            <dl
              className="grid grid-cols-3 gap-3 text-sm sm:grid-cols-4 lg:grid-cols-8"
              data-testid="batch-counts"
            >
              <Stat label="Rows" value={counts.total} id="total" />
              <Stat label="Succeeded" value={counts.succeeded} id="succeeded" />
              <Stat label="Failed" value={counts.failed} id="failed" />
              <Stat label="Running" value={counts.running} id="running" />
              <Stat label="Pending" value={counts.pending} id="pending" />
              <Stat label="Removed" value={counts.removed} id="removed" />
              <div>
                <dt className="text-slate-600 dark:text-slate-400">Rows / min</dt>
                <dd className="text-lg font-semibold tabular-nums">
                  {progress.rowsPerMinute === null ? '—' : progress.rowsPerMinute.toLocaleString()}
                </dd>
              </div>
              <div>
                <dt className="text-slate-600 dark:text-slate-400">Time left</dt>
                <dd className="text-lg font-semibold tabular-nums">
                  {batch?.completed ? 'done' : duration(progress.secondsLeft)}
                </dd>
              </div>
            </dl>
            <ThroughputChart samples={progress.samples} total={counts.total} />
          </>
        )}
      </CardBody>
    </Card>
  );
}

function Stat({ label, value, id }: { label: string; value: number; id: string }) {
  return (
    <div>
      <dt className="text-slate-600 dark:text-slate-400">{label}</dt>
      <dd className="text-lg font-semibold tabular-nums" data-testid={`count-${id}`}>
        {value.toLocaleString()}
      </dd>
    </div>
  );
}
