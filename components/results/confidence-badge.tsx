import { cn } from '@/lib/dashboard/cn';
import { confidenceLevel, formatConfidence, type ConfidenceLevel } from '@/lib/dashboard/answer-format';

// Confidence as a number, a word and a number of filled bars: the tone repeats what they say, so
// nothing rests on colour alone.

const TONE: Record<ConfidenceLevel, string> = {
  high: 'bg-emerald-50 text-emerald-800 ring-emerald-200 dark:bg-emerald-900/40 dark:text-emerald-200 dark:ring-emerald-800',
  medium:
    'bg-amber-50 text-amber-900 ring-amber-200 dark:bg-amber-900/40 dark:text-amber-100 dark:ring-amber-800',
  low: 'bg-red-50 text-red-800 ring-red-200 dark:bg-red-900/40 dark:text-red-200 dark:ring-red-800',
};
const BARS: Record<ConfidenceLevel, number> = { high: 3, medium: 2, low: 1 };

/** The full badge ("92% high" with three bars); `compact` is the percentage alone, for table cells. */
export function ConfidenceBadge({ confidence, compact = false }: { confidence: number; compact?: boolean }) {
  const level = confidenceLevel(confidence);
  const pct = formatConfidence(confidence);
  return (
    <span
      data-testid="confidence"
      data-level={level}
      title={`Confidence ${pct} (${level})`}
      className={cn(
        'inline-flex shrink-0 items-center gap-1.5 rounded font-medium whitespace-nowrap tabular-nums ring-1 ring-inset',
        compact ? 'px-1 text-[11px] leading-4' : 'px-1.5 py-0.5 text-xs',
        TONE[level],
      )}
    >
      {!compact && <Bars filled={BARS[level]} />}
      <span className="sr-only">Confidence </span>
      {pct}
      {compact ? <span className="sr-only"> ({level})</span> : <span>{level}</span>}
    </span>
  );
}

function Bars({ filled }: { filled: number }) {
  return (
    <span aria-hidden className="inline-flex items-end gap-px">
      {[1, 2, 3].map((i) => (
        <span
          key={i}
          className={cn('w-[3px] rounded-sm bg-current', i <= filled ? 'opacity-100' : 'opacity-25')}
          style={{ height: 4 + i * 3 }}
        />
      ))}
    </span>
  );
}
