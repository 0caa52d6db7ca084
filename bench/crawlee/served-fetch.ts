// The fetch the Crawlee side's research reads pages through: it answers with the body Crawlee fetched
// for that URL, and fetches anything else for real, counted, so the report can show there was none.
import {
  createGuardedFetch,
  type FetchedResponse,
  type GuardedFetch,
} from '../../lib/engine/net/guarded-fetch';
import type { ResearcherOptions } from '../../lib/engine/research';

export interface ServedFetch {
  fetch: GuardedFetch;
  /** Serves `page` for `url` while `work` runs. */
  serving<T>(url: string, page: FetchedResponse, work: () => Promise<T>): Promise<T>;
  extraFetches(): number;
  close(): Promise<void>;
}

export function createServedFetch(options: ResearcherOptions): ServedFetch {
  const served = new Map<string, FetchedResponse>();
  let extra = 0;
  const outside = createGuardedFetch({
    allowPrivate: options.allowPrivate,
    timeoutMs: options.timeoutMs,
    maxBytes: options.maxBytes,
    userAgent: options.userAgent,
  });
  return {
    fetch: async (url, init) => {
      const hit = served.get(url);
      if (hit) return hit;
      extra++;
      return outside(url, init);
    },
    async serving(url, page, work) {
      served.set(url, page);
      try {
        return await work();
      } finally {
        served.delete(url);
      }
    },
    extraFetches: () => extra,
    close: () => outside.close(),
  };
}
