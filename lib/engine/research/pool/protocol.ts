import type { ResearchRequest, ResearchResult, ResearcherOptions } from '../types';
import type { RobotsVerdict } from '../../net/robots';

// Messages between the pool (main thread) and a research worker thread. Everything here must be
// structured-clonable: no functions, no AbortSignal (aborts travel as their own message).

/** workerData of a research thread. */
export interface WorkerInit {
  options: Omit<ResearcherOptions, 'fetch' | 'crawlTurns' | 'robotsCheck'>;
}

export type PlainResearchRequest = Omit<ResearchRequest, 'signal' | 'start'> & {
  /** The caller's JobStop has a gate: ask the main thread ('start') before the first page request. */
  gated?: boolean;
  /** Its gate is shared memory instead (JobStop.startFlag): cross it here, without asking. */
  startFlag?: Int32Array;
};

export type ToWorker =
  | { type: 'research'; id: number; req: PlainResearchRequest }
  | { type: 'abort'; id: number }
  /** The answer to a turn the thread asked for: whether it may send its request now. */
  | { type: 'turn'; turn: number; ok: boolean }
  /** robots.txt's verdict on a URL, from the process-wide cache on the main thread. */
  | { type: 'robots'; ask: number; verdict: RobotsVerdict }
  /** The answer of research call `id`'s start gate: whether it may send its first request. */
  | { type: 'start'; id: number; ok: boolean };

export interface SerializedError {
  name: string;
  message: string;
  stack?: string;
}

export type FromWorker =
  | { type: 'ready' }
  /** A turn at a host with a Crawl-delay, from the process-wide schedule on the main thread. */
  | { type: 'turn'; turn: number; url: string; gapMs: number; maxWaitMs: number }
  /** The job asking for that turn was aborted before it came: the schedule may give it to another. */
  | { type: 'turn-cancel'; turn: number }
  /** What robots.txt says of `url` (read once per site for every thread). */
  | { type: 'robots'; ask: number; url: string }
  /** Research call `id` is about to send its first page request: may it (JobStop.gate)? */
  | { type: 'start'; id: number }
  | { type: 'done'; id: number; ok: true; result: ResearchResult }
  | { type: 'done'; id: number; ok: false; error: SerializedError };
