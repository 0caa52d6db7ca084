import type { JobResult } from '@/lib/contract/tasks';
import { formatMs } from './format';

// What a sample run says about the whole file: how long one row takes and what it costs. The median
// time, not the mean: one slow site in three rows would otherwise set the pace for thousands.

export interface SampleOutcome {
  inputs: string[];
  result?: JobResult;
  /** The request's round trip, used when the result does not say how long the job took. */
  roundTripMs?: number;
  error?: string;
}

export interface SamplePace {
  /** Rows the pace was measured on (runs that answered, errored jobs included: they took time too). */
  measured: number;
  /** Median seconds one row's job took. */
  jobSeconds: number;
  /** Mean model cost of a row in US dollars; null when no row used a model. */
  costPerRow: number | null;
}

/** The pace of the outcomes that came back with a result; null when none did. */
export function samplePace(outcomes: SampleOutcome[]): SamplePace | null {
  const timed = outcomes.flatMap((o) => {
    const ms = o.result ? (o.result.elapsed_ms ?? o.roundTripMs) : undefined;
    return o.result && ms !== undefined && ms >= 0 ? [{ ms, result: o.result }] : [];
  });
  if (timed.length === 0) return null;
  const ms = timed.map((t) => t.ms).sort((a, b) => a - b);
  const mid = ms.length >> 1;
  const median = ms.length % 2 ? ms[mid]! : (ms[mid - 1]! + ms[mid]!) / 2;
  const costs = timed.flatMap((t) => (t.result.usage ? [t.result.usage.cost_usd] : []));
  const costPerRow = costs.some((c) => c > 0) ? costs.reduce((a, b) => a + b, 0) / timed.length : null;
  // The estimate endpoint takes seconds above zero: a job answered from a cache still took some time.
  return { measured: timed.length, jobSeconds: Math.max(0.05, median / 1000), costPerRow };
}

/** The key a sample outcome is kept under: the row's inputs, so a re-read file finds its rows' answers. */
export const sampleKey = (inputs: string[]) => JSON.stringify(inputs);

/** A duration a person reads at a glance: "350 ms", "1.2 s", "40 s", "12 min", "3 h 20 min", "2 d 4 h". */
export function formatDuration(ms: number): string {
  const s = Math.round(ms / 1000);
  if (s < 60) return formatMs(Math.max(0, ms));
  const min = Math.round(s / 60);
  if (min < 60) return `${min} min`;
  const h = Math.floor(min / 60);
  if (h < 48) return min % 60 ? `${h} h ${min % 60} min` : `${h} h`;
  const d = Math.floor(h / 24);
  return h % 24 ? `${d} d ${h % 24} h` : `${d} d`;
}

/** Dollars with cents, or with as many digits as a small per-row cost needs to show. */
export function formatUsd(usd: number): string {
  if (usd >= 1 || usd === 0) return `$${usd.toFixed(2)}`;
  return `$${usd.toPrecision(2)}`;
}
