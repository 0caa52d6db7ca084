import type { GuardedFetch } from '../net/guarded-fetch';

// Page addresses from a site's sitemap, for choosing which pages to read. Fetched once per origin:
// the sitemaps robots.txt names, else /sitemap.xml; one level of sitemap index is followed.

const MAX_URLS = 2_000;
const MAX_CHILD_SITEMAPS = 3;
const MAX_HOSTS = 1_000;
const LOC = /<loc>\s*(?:<!\[CDATA\[)?\s*([^<\s\]]+)\s*(?:\]\]>)?\s*<\/loc>/gi;

export interface SitemapCache {
  urls(pageUrl: string, listed: string[], signal?: AbortSignal): Promise<string[]>;
}

export function createSitemapCache(fetch: GuardedFetch): SitemapCache {
  const byOrigin = new Map<string, Promise<string[]>>();

  const fetchLocs = async (url: string, signal?: AbortSignal): Promise<{ locs: string[]; index: boolean }> => {
    try {
      const res = await fetch(url, {
        throwHttpErrors: false,
        ...(signal ? { signal } : {}),
        headers: { accept: 'application/xml,text/xml;q=0.9,*/*;q=0.5' },
      });
      if (res.status !== 200) return { locs: [], index: false };
      const text = res.body.toString('utf8');
      const locs = [...text.matchAll(LOC)].map((m) => decodeEntities(m[1] ?? '')).slice(0, MAX_URLS);
      return { locs, index: /<sitemapindex[\s>]/i.test(text) };
    } catch {
      return { locs: [], index: false };
    }
  };

  const load = async (origin: string, listed: string[], signal?: AbortSignal): Promise<string[]> => {
    const roots = listed.filter((u) => sameOrigin(u, origin)).slice(0, 2);
    if (roots.length === 0) roots.push(`${origin}/sitemap.xml`);
    const out = new Set<string>();
    for (const root of roots) {
      const { locs, index } = await fetchLocs(root, signal);
      const pages = index ? [] : locs;
      if (index) {
        for (const child of locs.filter((u) => sameOrigin(u, origin)).slice(0, MAX_CHILD_SITEMAPS)) {
          pages.push(...(await fetchLocs(child, signal)).locs);
        }
      }
      for (const page of pages) if (sameOrigin(page, origin) && out.size < MAX_URLS) out.add(page);
    }
    return [...out];
  };

  return {
    urls(pageUrl, listed, signal) {
      let origin: string;
      try {
        origin = new URL(pageUrl).origin;
      } catch {
        return Promise.resolve([]);
      }
      let pending = byOrigin.get(origin);
      if (!pending) {
        if (byOrigin.size >= MAX_HOSTS) byOrigin.delete(byOrigin.keys().next().value as string);
        pending = load(origin, listed, signal);
        byOrigin.set(origin, pending);
      }
      return pending;
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

function decodeEntities(text: string): string {
  return text.replace(/&amp;/g, '&').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"');
}
