import type { PageRead, Source } from '@/lib/contract/task-definition';
import type { ResearchResult } from '../research';
import type { LlmUsage } from '../llm/types';
import type { PreparedRun } from './build-research';
import type { StopSignal } from '../research/job-stop';

export type Research = (req: {
  url: string;
  queries: PreparedRun['queries'];
  list: boolean;
  turbo: boolean;
  signal?: StopSignal;
}) => Promise<ResearchResult>;

/** What one job produced, in the shape stored on the job row and returned to callers. */
export interface JobOutcome {
  data_json: Record<string, unknown>;
  list_data_json: Record<string, unknown>[];
  list: boolean;
  error_detected: boolean;
  error: string | null;
  data_sources: Record<string, Source>;
  pages: PageRead[];
  transient: boolean;
  retryAfterSeconds?: number;
  /** The start host's robots.txt Crawl-delay (ms): the queue spaces that host's jobs. Not stored. */
  crawlDelayMs?: number;
  elapsed_ms: number;
  /** Which extractor answered, model tokens and cost, and notes such as unverified quotes. */
  extractor?: 'offline' | 'model';
  usage?: LlmUsage;
  warnings?: string[];
}

export function failedOutcome(message: string, transient = false, elapsed = 0): JobOutcome {
  return {
    data_json: {},
    list_data_json: [],
    list: false,
    error_detected: true,
    error: message,
    data_sources: {},
    pages: [],
    transient,
    elapsed_ms: elapsed,
  };
}

export async function executeRun(
  research: Research,
  run: PreparedRun,
  turbo: boolean,
  signal?: StopSignal,
): Promise<JobOutcome> {
  const started = performance.now();
  try {
    const r = await research({ url: run.url, queries: run.queries, list: run.list, turbo, signal });
    return {
      data_json: r.data,
      list_data_json: r.rows,
      list: r.list,
      error_detected: r.error_detected,
      error: r.error,
      data_sources: r.sources,
      pages: r.pages,
      transient: r.transient,
      retryAfterSeconds: r.retryAfterSeconds,
      ...(r.crawlDelayMs ? { crawlDelayMs: r.crawlDelayMs } : {}),
      elapsed_ms: Math.round(performance.now() - started),
      ...(r.extractor ? { extractor: r.extractor } : {}),
      ...(r.usage ? { usage: r.usage } : {}),
      ...(r.warnings?.length ? { warnings: r.warnings } : {}),
    };
  } catch (err) {
    if (signal?.aborted) throw err;
    const elapsed = Math.round(performance.now() - started);
    // A research thread that crashed mid-job says so with `transient`: the queue retries the job.
    if ((err as { transient?: unknown }).transient === true) {
      return failedOutcome(`the research runner was interrupted: ${(err as Error).message}`, true, elapsed);
    }
    console.error('[quarry] research failed unexpectedly:', err);
    return failedOutcome('the research runner failed unexpectedly', false, elapsed);
  }
}
