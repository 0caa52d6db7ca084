import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ResearchQuery } from '@/lib/contract/task-definition';
import { FACTS, startFixtureSite, type FixtureSite } from '../../../tests/fixtures/site/server';
import { createGuardedFetch } from '../net/guarded-fetch';
import { createResearcher, type Researcher } from './index';

// Robots, sitemaps, politeness and pages that need JavaScript (Debian's Chromium).

const q = (keyword: string, query: string, type: ResearchQuery['type'] = 'string'): ResearchQuery => ({
  keyword,
  query,
  type,
});
const BASE = {
  allowPrivate: true,
  timeoutMs: 10_000,
  maxBytes: 2_000_000,
  maxPages: 4,
  userAgent: 'QuarryBot/0.1',
};
const CHROMIUM = { mode: 'auto' as const, executablePath: '/usr/bin/chromium', maxPages: 2 };

let site: FixtureSite;
let researcher: Researcher;

beforeAll(async () => {
  site = await startFixtureSite();
  researcher = createResearcher({ ...BASE, browser: CHROMIUM });
});
afterAll(async () => {
  await researcher.close();
  await site.close();
});

describe('robots.txt, sitemap and politeness', () => {
  it('refuses a page robots.txt disallows, with a clear error, without fetching it', async () => {
    const r = await researcher.research({
      url: `${site.url}${FACTS.blocked.path}`,
      queries: [q('email', 'Email', 'email')],
      list: false,
      turbo: true,
    });
    expect(r.error_detected).toBe(true);
    expect(r.error).toMatch(
      /robots\.txt of 127\.0\.0\.1:\d+ does not allow reading \/private\/internal-report/,
    );
    expect(r.transient).toBe(false);
    expect(site.hits.get(FACTS.blocked.path)).toBeUndefined();
  });

  it('fetches robots.txt once per host', async () => {
    const before = site.hits.get('/robots.txt') ?? 0;
    await researcher.research({
      url: `${site.url}/acme/`,
      queries: [q('email', 'Email', 'email')],
      list: false,
      turbo: true,
    });
    await researcher.research({
      url: `${site.url}/lumen/`,
      queries: [q('email', 'Email', 'email')],
      list: false,
      turbo: true,
    });
    expect(site.hits.get('/robots.txt')).toBe(Math.max(before, 1));
  });

  it('finds a page only the sitemap lists, within the start page section', async () => {
    const r = await researcher.research({
      url: `${site.url}${FACTS.northwind.path}`,
      queries: [q('ceo', 'Who is the CEO?')],
      list: false,
      turbo: false,
    });
    expect(r.data.ceo).toBe(FACTS.northwind.ceo);
    expect(r.sources.ceo?.url).toBe(`${site.url}/northwind/company/leadership`);
    expect(r.pages.every((p) => p.url.startsWith(`${site.url}/northwind/`))).toBe(true);
  });

  it('remembers a Retry-After: the next job on that host waits it out, then reads the site', async () => {
    const own = createResearcher({ ...BASE, hostDelayMs: 50 });
    // Read before the 429 arrives, so no later than the moment the Retry-After's second starts from.
    // (Read after the first job returned, the bound lost however long that took: a loaded machine
    // could take more than the 100 ms it allowed.)
    const before = Date.now();
    const start = await own.research({
      url: `${site.url}/once-429/lumen/`,
      queries: [q('email', 'Contact email', 'email')],
      list: false,
      turbo: true,
    });
    // The start page itself answered 429: the job reports it as transient, with the wait.
    expect(start).toMatchObject({ error_detected: true, transient: true, retryAfterSeconds: 1 });
    const r = await own.research({
      url: `${site.url}/lumen/`,
      queries: [q('email', 'Contact email', 'email')],
      list: false,
      turbo: false,
    });
    expect(r.data.email).toBe(FACTS.lumen.email);
    // A lower bound only: the job cannot have started before the host's Retry-After ran out.
    expect(Date.now() - before).toBeGreaterThanOrEqual(1000 - 5);
    await own.close();
  });
});

// Each of these may launch Chromium, which on a busy two-core machine (the CI's unit stage runs two
// test files at once) took longer than the 5 s default: a start-up time, not a result.
describe('pages that need JavaScript', { timeout: 30_000 }, () => {
  const queries = [
    q('email', 'Contact email', 'email'),
    q('phone', 'Phone number'),
    q('founded', 'Year founded', 'number'),
    q('linkedin', 'LinkedIn page', 'url'),
  ];

  it('renders the JavaScript-only page in Chromium and answers from it', async () => {
    const r = await researcher.research({
      url: `${site.url}${FACTS.app.path}`,
      queries,
      list: false,
      turbo: true,
    });
    expect(r.error).toBeNull();
    expect(r.pages.map((p) => p.via)).toEqual(['static', 'browser']);
    expect(r.data).toMatchObject({
      email: FACTS.app.email,
      phone: FACTS.app.phone,
      founded: FACTS.app.founded,
      linkedin: FACTS.app.linkedin,
    });
    expect(r.sources.email?.url).toBe(`${site.url}${FACTS.app.path}`);
  });

  it('does not start a browser for pages with enough static text, nor when the browser is off', async () => {
    const r = await researcher.research({ url: `${site.url}/acme/`, queries, list: false, turbo: true });
    expect(r.pages.map((p) => p.via)).toEqual(['static']);
    const off = createResearcher({ ...BASE, browser: { ...CHROMIUM, mode: 'off' } });
    const shell = await off.research({
      url: `${site.url}${FACTS.app.path}`,
      queries,
      list: false,
      turbo: true,
    });
    expect(shell.pages.map((p) => p.via)).toEqual(['static']);
    expect(shell.data.email).toBeNull();
    await off.close();
  });

  it('applies the address guard to every request the browser makes', async () => {
    // Only 127.0.0.1 is trusted; the page's script also calls http://localhost:<port>/app/secret.json.
    const guarded = createGuardedFetch({ ...BASE, allowPrivate: false, allowHosts: ['127.0.0.1'] });
    const strict = createResearcher({ ...BASE, allowPrivate: true, fetch: guarded, browser: CHROMIUM });
    const before = site.hits.get('/app/secret.json') ?? 0;
    const r = await strict.research({
      url: `${site.url}${FACTS.app.path}`,
      queries: [q('email', 'Contact email', 'email'), q('token', 'Internal token')],
      list: false,
      turbo: true,
    });
    expect(r.data.email).toBe(FACTS.app.email);
    expect(site.hits.get('/app/secret.json') ?? 0).toBe(before);
    expect(JSON.stringify(r)).not.toContain('INTERNAL-ONLY');
    await strict.close();
    await guarded.close();
  });
});
