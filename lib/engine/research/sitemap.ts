import { decodeXmlEntities } from '@/lib/ingest/xml-entities';
import type { GuardedFetch } from '../net/guarded-fetch';
import type { Pacer } from '../net/host-pacer';
import { MAX_IN_JOB_WAIT_MS } from './fetch-site';

// Page addresses from a site's sitemap, for choosing which pages to read. Fetched once per origin:
// the sitemaps robots.txt names, else /sitemap.xml; one level of sitemap index is followed.
// Under a robots.txt Crawl-delay, sitemap requests are requests to the site like any page: each takes
// a turn from the pacer the job is given, so the delay holds between them and the pages.

const MAX_URLS = 2_000;
const MAX_CHILD_SITEMAPS = 3;
const MAX_HOSTS = 1_000;
const LOC = /<loc>\s*(?:<!\[CDATA\[)?\s*([^<\s\]]+)\s*(?:\]\]>)?\s*<\/loc>/gi;

export interface SitemapOptions {
  signal?: AbortSignal;
  /** Turns at the site's host; a sitemap whose turn is further away than a job waits is skipped. */
  pacer?: Pacer;
}

export interface SitemapCache {
  urls(pageUrl: string, listed: string[], options?: SitemapOptions): Promise<string[]>;
}

/** What one load found; `whole` is false when a request was skipped for want of a turn or aborted. */
interface Loaded {
  urls: string[];
  whole: boolean;
}

export function createSitemapCache(fetch: GuardedFetch): SitemapCache {
  const byOrigin = new Map<string, Promise<Loaded>>();

  const fetchLocs = async (
    url: string,
    o: SitemapOptions,
  ): Promise<{ locs: string[]; index: boolean; whole: boolean }> => {
    const none = (whole: boolean) => ({ locs: [], index: false, whole });
    try {
      if (o.pacer && !(await o.pacer.wait(url, o.signal, MAX_IN_JOB_WAIT_MS))) return none(false);
      const res = await fetch(url, {
        throwHttpErrors: false,
        ...(o.signal ? { signal: o.signal } : {}),
        headers: { accept: 'application/xml,text/xml;q=0.9,*/*;q=0.5' },
      });
      if (res.status !== 200) return none(true);
      const text = res.body.toString('utf8');
      const locs = [...text.matchAll(LOC)].map((m) => decodeXmlEntities(m[1] ?? '')).slice(0, MAX_URLS);
      return { locs, index: /<sitemapindex[\s>]/i.test(text), whole: true };
    } catch {
      // A site without a usable sitemap is normal; a request cut short by the job's end is not an answer.
      return none(!o.signal?.aborted);
    }
  };

  const load = async (origin: string, listed: string[], o: SitemapOptions): Promise<Loaded> => {
    const roots = listed.filter((u) => sameOrigin(u, origin)).slice(0, 2);
    if (roots.length === 0) roots.push(`${origin}/sitemap.xml`);
    const out = new Set<string>();
    let whole = true;
    for (const root of roots) {
      const top = await fetchLocs(root, o);
      whole &&= top.whole;
      const pages = top.index ? [] : top.locs;
      if (top.index) {
        for (const child of top.locs.filter((u) => sameOrigin(u, origin)).slice(0, MAX_CHILD_SITEMAPS)) {
          const sub = await fetchLocs(child, o);
          whole &&= sub.whole;
          pages.push(...sub.locs);
        }
      }
      for (const page of pages) if (sameOrigin(page, origin) && out.size < MAX_URLS) out.add(page);
    }
    return { urls: [...out], whole };
  };

  return {
    async urls(pageUrl, listed, options = {}) {
      let origin: string;
      try {
        origin = new URL(pageUrl).origin;
      } catch {
        return [];
      }
      let pending = byOrigin.get(origin);
      if (!pending) {
        if (byOrigin.size >= MAX_HOSTS) byOrigin.delete(byOrigin.keys().next().value as string);
        const loading = load(origin, listed, options);
        byOrigin.set(origin, loading);
        // Kept only when every request was answered: a load cut short (no turn within a job's wait, or
        // the job aborted) would otherwise leave the site's pages unlisted for every later job.
        void loading.then((r) => {
          if (!r.whole && byOrigin.get(origin) === loading) byOrigin.delete(origin);
        });
        pending = loading;
      }
      return (await pending).urls;
    },
  };
}

function sameOrigin(url: string, origin: string): boolean {
  try {
    return new URL(url).origin === origin;
  } catch {
    return false;
  }
}
