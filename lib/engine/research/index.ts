import { createGuardedFetch, type GuardedFetcher } from '../net/guarded-fetch';
import { HostCooldowns, HostPacer } from '../net/host-pacer';
import { createRobotsCache } from '../net/robots';
import { BrowserPool } from './browser/browser-pool';
import { runResearch, type ResearchDeps } from './run-research';
import { abortSignalOf, JobStop } from './job-stop';
import { createSitemapCache } from './sitemap';
import type { Researcher, ResearcherOptions } from './types';

export type { ResearchRequest, ResearchResult, Researcher, ResearcherOptions } from './types';
export type { BrowserSettings } from './browser/browser-pool';
export type { ReadPage } from './page-types';
export { readPage } from './read-page';

/** The guarded fetch a researcher makes for itself when none is injected. */
export function researchFetch(opts: ResearcherOptions): GuardedFetcher {
  return createGuardedFetch({
    allowPrivate: opts.allowPrivate,
    timeoutMs: opts.timeoutMs,
    maxBytes: opts.maxBytes,
    userAgent: opts.userAgent,
  });
}

/**
 * The research runner: fetch the page (and, unless turbo, a few same-site pages that look like
 * they hold the missing answers), read them — in Chromium when they need JavaScript — and answer
 * each query with the offline extractor, or with the configured language model.
 * `opts` is plain data; connections, caches and the browser are built here.
 */
export function createResearcher(opts: ResearcherOptions): Researcher {
  let owned: GuardedFetcher | null = null;
  const fetch = opts.fetch ?? (owned = researchFetch(opts));
  const browser =
    opts.browser && opts.browser.mode !== 'off'
      ? new BrowserPool(opts.browser, fetch, { timeoutMs: opts.timeoutMs, userAgent: opts.userAgent })
      : null;
  const cooldowns = new HostCooldowns();
  const crawlPacer = new HostPacer(0, cooldowns, opts.crawlTurns);
  const deps: ResearchDeps = {
    fetch,
    robots:
      opts.respectRobots === false
        ? null
        : opts.robotsCheck
          ? { check: opts.robotsCheck }
          : createRobotsCache(fetch, opts.userAgent, undefined, crawlPacer.turn),
    sitemaps: opts.useSitemap === false ? null : createSitemapCache(fetch),
    cooldowns,
    crawlPacer,
    browser,
  };
  return {
    research: ({ signal, ...req }) =>
      runResearch(
        {
          ...req,
          signal: abortSignalOf(signal),
          start: req.start ?? ((signal instanceof JobStop && signal.gate) || undefined),
        },
        opts,
        deps,
      ),
    close: async () => {
      await browser?.close();
      await (owned as GuardedFetcher | null)?.close();
    },
  };
}
