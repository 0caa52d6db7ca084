import type { ProgressSample } from '@/lib/dashboard/hooks/use-batch-progress';

// Rows finished over time, drawn from the progress samples of this page view (an SVG polyline: a
// chart library would cost more first-load JS than the whole page).

export function ThroughputChart({ samples, total }: { samples: ProgressSample[]; total: number }) {
  const W = 600;
  const H = 120;
  if (samples.length < 2) {
    return (
      <p className="flex h-[120px] items-center justify-center rounded border border-dashed border-slate-300 text-sm text-slate-600 dark:border-slate-700 dark:text-slate-400">
        The chart fills in while the batch runs.
      </p>
    );
  }
  const t0 = samples[0]!.t;
  const span = Math.max(1, samples[samples.length - 1]!.t - t0);
  const max = Math.max(1, total);
  const pts = samples.map((s) => `${((s.t - t0) / span) * W},${H - (s.done / max) * H}`).join(' ');
  const secs = Math.round(span / 1000);
  return (
    <figure>
      <svg
        viewBox={`0 0 ${W} ${H}`}
        preserveAspectRatio="none"
        className="h-[120px] w-full rounded bg-slate-50 dark:bg-slate-950"
        role="img"
        aria-label={`Rows finished over the last ${secs} seconds: ${samples[samples.length - 1]!.done} of ${total}`}
      >
        <polyline points={`0,${H} ${pts} ${W},${H}`} className="fill-brand-500/15 stroke-none" />
        <polyline
          points={pts}
          fill="none"
          className="stroke-brand-600"
          strokeWidth={2}
          vectorEffect="non-scaling-stroke"
        />
      </svg>
      <figcaption className="mt-1 text-xs text-slate-600 dark:text-slate-400">
        Rows finished over this view ({secs} s)
      </figcaption>
    </figure>
  );
}
