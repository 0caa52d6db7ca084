import type { RowCounts } from '@/lib/contract/batch-extensions';

/** Stacked bar: succeeded, failed, removed, running; the rest (pending) is the track. */
export function ProgressBar({ counts, label }: { counts: RowCounts; label: string }) {
  const total = Math.max(1, counts.total);
  const pct = (n: number) => `${(n / total) * 100}%`;
  const done = counts.succeeded + counts.failed + counts.removed;
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={counts.total}
      aria-valuenow={done}
      aria-valuetext={`${done} of ${counts.total} rows done`}
      className="flex h-2.5 w-full overflow-hidden rounded-full bg-slate-200 dark:bg-slate-800"
    >
      <div className="bg-emerald-600" style={{ width: pct(counts.succeeded) }} />
      <div className="bg-red-600" style={{ width: pct(counts.failed) }} />
      <div className="bg-slate-400 dark:bg-slate-600" style={{ width: pct(counts.removed) }} />
      <div className="animate-pulse bg-brand-500" style={{ width: pct(counts.running) }} />
    </div>
  );
}
