import { describe, expect, it, vi } from 'vitest';
import type { FetchedResponse, GuardedFetch } from './guarded-fetch';
import { createRobotsCache } from './robots';

/** A site whose only file is robots.txt with `text`; counts the fetches. */
function site(text: string) {
  const fetched: string[] = [];
  const fetch: GuardedFetch = async (url) => {
    fetched.push(url);
    const res: FetchedResponse = {
      url,
      status: 200,
      headers: { 'content-type': 'text/plain' },
      body: Buffer.from(text),
      truncated: false,
      contentType: 'text/plain',
      redirects: [],
    };
    return res;
  };
  return { fetch, fetched };
}

describe('robots.txt cache', () => {
  it('reports a Crawl-delay and books the fetch of robots.txt as a turn before any job reads the verdict', async () => {
    const s = site('User-agent: *\nCrawl-delay: 2\nDisallow: /private\n');
    const order: string[] = [];
    let release!: () => void;
    const booked = new Promise<void>((r) => (release = r));
    const robots = createRobotsCache(s.fetch, 'QuarryBot/1.0', undefined, async (url, delayMs, maxWaitMs) => {
      order.push(`booked ${url} ${delayMs}`);
      expect(maxWaitMs).toBe(0); // records the request already sent; never waits for a turn
      await booked;
      return true;
    });
    const a = robots.check('https://shop.example/a').then((v) => order.push('a') && v);
    const b = robots.check('https://shop.example/private/b').then((v) => order.push('b') && v);
    // Booked once robots.txt is read (on a loaded machine, not always within a fixed 20 ms); then, with
    // the turn held back, no verdict comes.
    await vi.waitFor(() => expect(order).toContain('booked https://shop.example/robots.txt 2000'), {
      timeout: 10_000,
    });
    await new Promise((r) => setTimeout(r, 20));
    expect(order).toEqual(['booked https://shop.example/robots.txt 2000']); // no verdict before the turn
    release();
    expect(await a).toMatchObject({ allowed: true, crawlDelayMs: 2000 });
    expect(await b).toMatchObject({ allowed: false, crawlDelayMs: 2000 });
    expect(order).toEqual(['booked https://shop.example/robots.txt 2000', 'a', 'b']);
    expect(s.fetched).toEqual(['https://shop.example/robots.txt']); // once for both jobs
  });

  it('books nothing when the file sets no delay, and a failed booking does not lose the verdict', async () => {
    let calls = 0;
    const plain = createRobotsCache(
      site('User-agent: *\nAllow: /\n').fetch,
      'QuarryBot',
      undefined,
      async () => (calls++, true),
    );
    expect(await plain.check('https://a.example/')).toEqual({ allowed: true, sitemaps: [] });
    expect(calls).toBe(0);
    const failing = createRobotsCache(
      site('User-agent: *\nCrawl-delay: 1\n').fetch,
      'QuarryBot',
      undefined,
      async () => {
        throw new Error('the job was aborted');
      },
    );
    expect(await failing.check('https://b.example/')).toMatchObject({ allowed: true, crawlDelayMs: 1000 });
  });
});
