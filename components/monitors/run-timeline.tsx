'use client';
import { ChevronDown, ChevronRight } from 'lucide-react';
import Link from 'next/link';
import { useState } from 'react';
import type { MonitorRun } from '@/lib/contract/monitors';
import { formatDateTime } from '@/lib/dashboard/format';
import { Badge } from '@/components/ui/badge';
import { RunCounts } from './monitor-status';
import { RunChanges } from './run-changes';

// A monitor's runs, newest first, each with what it found; the newest run that changed something is
// open, the others open on a click. The first run lists every row as new: it is the baseline.

const changed = (r: MonitorRun) =>
  Boolean(r.counts && (r.counts.new || r.counts.changed || r.counts.removed || r.counts.failed));

export function RunTimeline({
  monitorId,
  runs,
  complete,
}: {
  monitorId: string;
  runs: MonitorRun[];
  /** Whether `runs` reaches back to the first run (the baseline). */
  complete: boolean;
}) {
  const [toggled, setToggled] = useState<Record<string, boolean>>({});
  const firstOpen = runs.find(changed)?.run_id;
  const oldest = complete && runs.length ? runs[runs.length - 1]!.run_id : null;
  return (
    <ol className="space-y-3" aria-label="Runs">
      {runs.map((r) => {
        const open = changed(r) && (toggled[r.run_id] ?? r.run_id === firstOpen);
        return (
          <li
            key={r.run_id}
            data-testid="monitor-run"
            className="rounded-md border border-slate-200 dark:border-slate-800"
          >
            <div className="flex flex-wrap items-center gap-x-3 gap-y-1.5 px-3 py-2.5">
              <button
                type="button"
                disabled={!changed(r)}
                aria-expanded={changed(r) ? open : undefined}
                onClick={() => setToggled((t) => ({ ...t, [r.run_id]: !open }))}
                className="flex items-center gap-1.5 text-sm font-medium disabled:cursor-default"
              >
                {changed(r) ? (
                  open ? (
                    <ChevronDown aria-hidden className="size-4" />
                  ) : (
                    <ChevronRight aria-hidden className="size-4" />
                  )
                ) : (
                  <span className="size-4" />
                )}
                {formatDateTime(r.finished_at ?? r.started_at)}
              </button>
              <Badge>{r.trigger === 'manual' ? 'run now' : 'scheduled'}</Badge>
              {r.run_id === oldest && r.counts && <Badge>baseline</Badge>}
              <RunCounts run={r} />
              {r.batch_id && (
                <Link
                  href={`/batches/${encodeURIComponent(r.batch_id)}`}
                  className="ml-auto text-xs text-brand-700 underline dark:text-brand-100"
                >
                  batch {r.batch_id}
                </Link>
              )}
            </div>
            {open && (
              <div className="border-t border-slate-200 px-3 py-2 dark:border-slate-800">
                <RunChanges monitorId={monitorId} runId={r.run_id} />
              </div>
            )}
          </li>
        );
      })}
    </ol>
  );
}
