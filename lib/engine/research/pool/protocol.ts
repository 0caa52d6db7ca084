import type { ResearchRequest, ResearchResult, ResearcherOptions } from '../types';

// Messages between the pool (main thread) and a research worker thread. Everything here must be
// structured-clonable: no functions, no AbortSignal (aborts travel as their own message).

/** workerData of a research thread. */
export interface WorkerInit {
  options: Omit<ResearcherOptions, 'fetch'>;
}

export type PlainResearchRequest = Omit<ResearchRequest, 'signal'>;

export type ToWorker =
  { type: 'research'; id: number; req: PlainResearchRequest } | { type: 'abort'; id: number };

export interface SerializedError {
  name: string;
  message: string;
  stack?: string;
}

export type FromWorker =
  | { type: 'ready' }
  | { type: 'done'; id: number; ok: true; result: ResearchResult }
  | { type: 'done'; id: number; ok: false; error: SerializedError };
