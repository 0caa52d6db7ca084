import robotsParser from 'robots-parser';
import type { GuardedFetch } from './guarded-fetch';

// robots.txt, fetched once per origin and kept for an hour (RFC 9309 §2.4 allows caching up to 24 h).
// A missing or unreadable file allows everything: only a served file can forbid.

export interface RobotsVerdict {
  allowed: boolean;
  /** Sitemap addresses the file lists. */
  sitemaps: string[];
  /** Crawl-delay for our agent, in ms, when the file sets one. */
  crawlDelayMs?: number;
}

export interface RobotsCache {
  check(url: string, signal?: AbortSignal): Promise<RobotsVerdict>;
}

interface Entry {
  at: number;
  robots: ReturnType<typeof robotsParser> | null;
}

const TTL_MS = 60 * 60_000;
const MAX_HOSTS = 2_000;
const MAX_ROBOTS_BYTES = 500 * 1024;

/** The product token robots.txt groups name: "QuarryBot/0.1 (+…)" → "QuarryBot". */
export function robotsAgent(userAgent: string): string {
  return userAgent.trim().split(/[\s/]/)[0] || '*';
}

export function createRobotsCache(fetch: GuardedFetch, userAgent: string, now = () => Date.now()): RobotsCache {
  const agent = robotsAgent(userAgent);
  const entries = new Map<string, Promise<Entry>>();

  const load = async (origin: string, signal?: AbortSignal): Promise<Entry> => {
    const robotsUrl = `${origin}/robots.txt`;
    try {
      const res = await fetch(robotsUrl, {
        throwHttpErrors: false,
        ...(signal ? { signal } : {}),
        headers: { accept: 'text/plain,*/*;q=0.5' },
      });
      if (res.status < 200 || res.status >= 300) return { at: now(), robots: null };
      const text = res.body.subarray(0, MAX_ROBOTS_BYTES).toString('utf8');
      return { at: now(), robots: robotsParser(robotsUrl, text) };
    } catch {
      // Unreachable: the page fetch that follows reports the real problem.
      return { at: now(), robots: null };
    }
  };

  return {
    async check(url, signal) {
      let origin: string;
      try {
        origin = new URL(url).origin;
      } catch {
        return { allowed: true, sitemaps: [] };
      }
      let pending = entries.get(origin);
      if (pending) {
        const entry = await pending;
        if (now() - entry.at > TTL_MS) pending = undefined;
      }
      if (!pending) {
        if (entries.size >= MAX_HOSTS) entries.delete(entries.keys().next().value as string);
        pending = load(origin, signal);
        entries.set(origin, pending);
      }
      const { robots } = await pending;
      if (!robots) return { allowed: true, sitemaps: [] };
      const delay = robots.getCrawlDelay(agent);
      return {
        allowed: robots.isAllowed(url, agent) !== false,
        sitemaps: robots.getSitemaps(),
        ...(delay !== undefined ? { crawlDelayMs: Math.min(delay, 10) * 1000 } : {}),
      };
    },
  };
}
