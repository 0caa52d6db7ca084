import type { RemoteTurns } from '../net/host-pacer';
import type { PageRead, ResearchQuery, Source } from '@/lib/contract/task-definition';
import type { LlmSettings, LlmUsage } from '../llm/types';
import type { GuardedFetch } from '../net/guarded-fetch';
import type { BrowserSettings } from './browser/browser-pool';
import type { StopSignal } from './job-stop';
import type { RobotsCache } from '../net/robots';

export interface ResearchRequest {
  url: string;
  queries: ResearchQuery[];
  list: boolean;
  turbo: boolean;
  /** Stops the research: an AbortSignal, or a queue job's JobStop (job-stop.ts). */
  signal?: StopSignal;
  /** Asked before the first page request (a research thread's way to ask its JobStop's gate). */
  start?: StartGateCheck;
}

/** Asked before the first page request: false means the job was withdrawn (JobStop.gate). */
export type StartGateCheck = () => boolean | Promise<boolean>;

export interface ResearchResult {
  /** keyword → value; null when not found (never invented). */
  data: Record<string, unknown>;
  /** List-shaped answers (tables, product lists, plans); keys are the query keywords. */
  rows: Record<string, unknown>[];
  /** True when the answer is list-shaped: request.list, or a 'list' typed query found rows. */
  list: boolean;
  /** keyword → where the value came from; for a null value, method 'not_found' and what was looked at. */
  sources: Record<string, Source>;
  /** Every page fetched, in order (failed ones with status 0 or their HTTP status). */
  pages: PageRead[];
  /** True when the site could not be read or nothing at all was found. */
  error_detected: boolean;
  error: string | null;
  /** True when the failure may succeed on retry (timeout, 429, 5xx, connection reset). */
  transient: boolean;
  retryAfterSeconds?: number;
  /** The start host's robots.txt Crawl-delay (ms), when it sets one: the queue spaces that host's jobs. */
  crawlDelayMs?: number;
  /** Which extractor answered: the offline one, or the configured language model. */
  extractor?: 'offline' | 'model';
  /** Model tokens and estimated cost of this job; absent when no model was called. */
  usage?: LlmUsage;
  /** Non-fatal remarks: model quotes not found on the page, pages skipped by robots.txt… */
  warnings?: string[];
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
  /** Where turns at Crawl-delay hosts are taken; by default from a schedule of this researcher's own. */
  crawlTurns?: RemoteTurns;
  /** Where robots.txt verdicts come from; by default a cache of this researcher's own. */
  robotsCheck?: RobotsCache['check'];
  /** Pause between two page requests of one job to the same host (ms); default 0. */
  hostDelayMs?: number;
  /** Honour robots.txt (default true). */
  respectRobots?: boolean;
  /** Read the site's sitemap to choose pages in normal mode (default true). */
  useSitemap?: boolean;
  /** Rendering of pages that need JavaScript; absent means off. */
  browser?: BrowserSettings;
  /** A configured language model; absent means the offline extractor answers. */
  llm?: LlmSettings;
}

export interface Researcher {
  research(req: ResearchRequest): Promise<ResearchResult>;
  /** Closes the connection pool the researcher created; a no-op when a fetch was injected. */
  close(): Promise<void>;
}
