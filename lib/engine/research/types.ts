import type { PageRead, ResearchQuery, Source } from '@/lib/contract/task-definition';
import type { GuardedFetch } from '../net/guarded-fetch';

export interface ResearchRequest {
  url: string;
  queries: ResearchQuery[];
  list: boolean;
  turbo: boolean;
  signal?: AbortSignal;
}

export interface ResearchResult {
  /** keyword → value; null when not found (never invented). */
  data: Record<string, unknown>;
  /** List-shaped answers (tables, product lists, plans); keys are the query keywords. */
  rows: Record<string, unknown>[];
  /** True when the answer is list-shaped: request.list, or a 'list' typed query found rows. */
  list: boolean;
  /** keyword → where the value came from; one for every non-empty value. */
  sources: Record<string, Source>;
  /** Every page fetched, in order (failed ones with status 0 or their HTTP status). */
  pages: PageRead[];
  /** True when the site could not be read or nothing at all was found. */
  error_detected: boolean;
  error: string | null;
  /** True when the failure may succeed on retry (timeout, 429, 5xx, connection reset). */
  transient: boolean;
  retryAfterSeconds?: number;
}

export interface ResearcherOptions {
  allowPrivate: boolean;
  /** Per request (all redirect hops, headers and body). */
  timeoutMs: number;
  /** Per page body. */
  maxBytes: number;
  /** Extra same-site pages read in normal mode, besides the given one. */
  maxPages: number;
  userAgent: string;
  /** Injected fetch (tests, a shared pool); by default the researcher makes its own guarded fetch. */
  fetch?: GuardedFetch;
}

export interface Researcher {
  research(req: ResearchRequest): Promise<ResearchResult>;
  /** Closes the connection pool the researcher created; a no-op when a fetch was injected. */
  close(): Promise<void>;
}
