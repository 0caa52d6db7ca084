import robotsParser from 'robots-parser';
import type { GuardedFetch } from './guarded-fetch';
import type { RemoteTurns } from './host-pacer';

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

/**
 * How long the turn booked for a read of robots.txt may wait: not at all. The request has already
 * been sent, so the turn only records it; on a site nobody is pacing yet (a first visit) it is taken
 * at once and the first page waits the delay after it. Where others already hold turns, it is not
 * booked rather than holding every job's verdict back.
 */
const ROBOTS_TURN_WAIT_MS = 0;

export function createRobotsCache(
  fetch: GuardedFetch,
  userAgent: string,
  now = () => Date.now(),
  /**
   * The site's schedule of turns. A fetched robots.txt that sets a Crawl-delay for us was a request
   * to the site like any other, so it takes a turn there, and the first page waits the delay after it.
   */
  takeTurn?: RemoteTurns,
): RobotsCache {
  const agent = robotsAgent(userAgent);
  const entries = new Map<string, Promise<Entry>>();
  const delayOf = (robots: ReturnType<typeof robotsParser>): number | undefined => {
    const delay = robots.getCrawlDelay(agent);
    return delay === undefined ? undefined : Math.min(delay, 10) * 1000;
  };

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
      const robots = robotsParser(robotsUrl, text);
      const delay = delayOf(robots);
      // Booked before the entry resolves, so every job waiting for it takes its turn after this one.
      // Not booked ahead of the fetch: the delay is not known until the file is read.
      if (delay && takeTurn)
        await takeTurn(robotsUrl, delay, ROBOTS_TURN_WAIT_MS, signal).catch(() => undefined);
      return { at: now(), robots };
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
      const delay = delayOf(robots);
      return {
        allowed: robots.isAllowed(url, agent) !== false,
        sitemaps: robots.getSitemaps(),
        ...(delay !== undefined ? { crawlDelayMs: delay } : {}),
      };
    },
  };
}
