import type { MonitorChange } from '@/lib/contract/monitors';
import { formatValue } from '@/lib/dashboard/format';

// The cells of a change, in a run's changes and in a row's history. A row is named by its inputs in
// the run (the site, the company) with its data_uuid beside; a removed row, gone from the sheet, by
// its data_uuid alone.

export const KIND_TONE = { new: 'success', changed: 'brand', removed: 'warning', failed: 'danger' } as const;

function valuesText(v: unknown): string {
  if (v && typeof v === 'object' && !Array.isArray(v))
    return Object.entries(v as Record<string, unknown>)
      .map(([k, x]) => `${k}: ${formatValue(x)}`)
      .join(' · ');
  return formatValue(v);
}

export function RowName({ change }: { change: MonitorChange }) {
  const inputs = change.input ? Object.values(change.input).filter(Boolean) : [];
  return (
    <span className="flex flex-col">
      {inputs.length > 0 && <span className="break-all">{inputs.join(' · ')}</span>}
      <span className="font-mono text-xs text-slate-600 dark:text-slate-400">{change.data_uuid}</span>
    </span>
  );
}

export function Before({ change }: { change: MonitorChange }) {
  if (change.kind === 'new' || change.kind === 'failed') return <span className="text-slate-500">—</span>;
  return (
    <span className="break-words">
      {change.kind === 'removed' ? valuesText(change.old) : formatValue(change.old)}
    </span>
  );
}

export function After({ change }: { change: MonitorChange }) {
  if (change.kind === 'removed')
    return <span className="text-slate-600 dark:text-slate-400">no longer in the sheet</span>;
  if (change.kind === 'failed')
    return (
      <span className="text-red-700 dark:text-red-300">
        {(change.new as { error?: string } | null)?.error ?? 'failed'} (kept its last values)
      </span>
    );
  return (
    <span className="font-medium break-words">
      {change.kind === 'new' ? valuesText(change.new) : formatValue(change.new)}
    </span>
  );
}
