import { createGuardedFetch, type GuardedFetcher } from '../net/guarded-fetch';
import { runResearch } from './run-research';
import type { Researcher, ResearcherOptions } from './types';

export type { ResearchRequest, ResearchResult, Researcher, ResearcherOptions } from './types';
export type { ReadPage } from './page-types';
export { readPage } from './read-page';

/**
 * The research runner: fetch the page (and, unless turbo, a few same-site pages that look like
 * they hold the missing answers), read them, and answer each query with the offline extractor.
 */
export function createResearcher(opts: ResearcherOptions): Researcher {
  let owned: GuardedFetcher | null = null;
  const fetch =
    opts.fetch ??
    (owned = createGuardedFetch({
      allowPrivate: opts.allowPrivate,
      timeoutMs: opts.timeoutMs,
      maxBytes: opts.maxBytes,
      userAgent: opts.userAgent,
    }));
  return {
    research: (req) => runResearch(req, opts, fetch),
    close: async () => {
      await (owned as GuardedFetcher | null)?.close();
    },
  };
}
