'use client';
import { Download } from 'lucide-react';
import { useId, useState } from 'react';
import { upstream } from '@/lib/dashboard/api-fetch';

const FORMATS = [
  { id: 'csv', label: 'CSV' },
  { id: 'xlsx', label: 'XLSX' },
  { id: 'jsonl', label: 'JSONL' },
  { id: 'json', label: 'JSON' },
] as const;

/**
 * Plain links: the browser streams the file from the engine through the dashboard's proxy (which adds
 * the key) straight to disk, at any point of the batch (partial results have one line per row so far).
 * Every file gives back the uploaded rows with the analyst's columns; the checkbox adds each answer's
 * source page and confidence as columns (CSV, XLSX; JSON rows carry them in data_sources anyway).
 */
export function DownloadsMenu({ batchId, completed }: { batchId: string; completed: boolean }) {
  const [sources, setSources] = useState(false);
  const id = useId();
  return (
    <div className="flex flex-wrap items-center gap-2" role="group" aria-label="Download results">
      <span className="text-sm text-slate-600 dark:text-slate-400">
        {completed ? 'Download' : 'Download so far'}
      </span>
      {FORMATS.map((f) => (
        <a
          key={f.id}
          href={upstream(
            `/v0.1/batches/${encodeURIComponent(batchId)}/download?format=${f.id}${sources ? '&sources=1' : ''}`,
          )}
          download
          className="inline-flex h-8 items-center gap-1 rounded-md border border-slate-300 bg-white px-2.5 text-sm font-medium text-slate-800 hover:bg-slate-100 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100 dark:hover:bg-slate-800"
        >
          <Download aria-hidden className="size-3.5" /> {f.label}
        </a>
      ))}
      <label
        htmlFor={id}
        className="inline-flex items-center gap-1.5 text-sm text-slate-700 dark:text-slate-300"
        title="Adds a source page and a confidence column after each answer (CSV and XLSX)"
      >
        <input
          id={id}
          type="checkbox"
          checked={sources}
          onChange={(e) => setSources(e.target.checked)}
          className="size-4 rounded border-slate-300 accent-brand-600 dark:border-slate-600"
        />
        Sources and confidence
      </label>
    </div>
  );
}
