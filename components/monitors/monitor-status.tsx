import type { Monitor, MonitorRun } from '@/lib/contract/monitors';
import { Badge } from '@/components/ui/badge';

/** Paused, running (a run is going), or active; a cron schedule with no time ahead reads as ended. */
export function MonitorStatusBadge({ monitor, running }: { monitor: Monitor; running?: boolean }) {
  if (monitor.paused) return <Badge tone="warning">Paused</Badge>;
  if (running) return <Badge tone="brand">Running</Badge>;
  if (!monitor.next_run_at) return <Badge>No run ahead</Badge>;
  return <Badge tone="success">Active</Badge>;
}

/** new 2 · changed 3 · removed 1 · failed 1 · unchanged 40, leaving out the zeros but unchanged. */
export function RunCounts({ run }: { run: MonitorRun }) {
  if (run.error) return <Badge tone="danger">No run: {run.error}</Badge>;
  if (!run.counts) return <Badge tone="brand">{run.finished_at ? 'Not compared' : 'Running'}</Badge>;
  const c = run.counts;
  const parts: { label: string; n: number; tone: 'brand' | 'warning' | 'danger' | 'neutral' | 'success' }[] =
    [
      { label: 'new', n: c.new ?? 0, tone: 'success' },
      { label: 'changed', n: c.changed ?? 0, tone: 'brand' },
      { label: 'removed', n: c.removed ?? 0, tone: 'warning' },
      { label: 'failed', n: c.failed ?? 0, tone: 'danger' },
    ];
  return (
    <span className="flex flex-wrap items-center gap-1.5" data-testid="run-counts">
      {parts
        .filter((p) => p.n > 0)
        .map((p) => (
          <Badge key={p.label} tone={p.tone}>
            {p.n.toLocaleString()} {p.label}
          </Badge>
        ))}
      <Badge>{(c.unchanged ?? 0).toLocaleString()} unchanged</Badge>
    </span>
  );
}
