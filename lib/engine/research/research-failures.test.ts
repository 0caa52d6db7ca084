import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ResearchQuery } from '@/lib/contract/task-definition';
import { startFixtureSite, type FixtureSite } from '../../../tests/fixtures/site/server';
import { createResearcher, type Researcher } from './index';

const q = (keyword: string, query: string, type: ResearchQuery['type'] = 'string'): ResearchQuery => ({
  keyword,
  query,
  type,
});

let site: FixtureSite;
let researcher: Researcher;
const options = {
  allowPrivate: true,
  timeoutMs: 3_000,
  maxBytes: 2_000_000,
  maxPages: 4,
  userAgent: 'QuarryTest/1.0',
};

beforeAll(async () => {
  site = await startFixtureSite();
  researcher = createResearcher(options);
});
afterAll(async () => {
  await researcher.close();
  await site.close();
});

describe('research failures', () => {
  const queries = [q('company_name', 'Company name')];

  it.each([
    ['/status/500', true, /HTTP 500/, undefined],
    ['/status/429', true, /HTTP 429/, 1],
    ['/status/404', false, /HTTP 404/, undefined],
    ['/binary', false, /not a web page \(content type application\/octet-stream\)/, undefined],
  ])('%s is an error (transient %s)', async (path, transient, message, retryAfter) => {
    const result = await researcher.research({
      url: `${site.url}${path}`,
      queries,
      list: false,
      turbo: true,
    });
    expect(result.error_detected).toBe(true);
    expect(result.error).toMatch(message);
    expect(result.transient).toBe(transient);
    expect(result.retryAfterSeconds).toBe(retryAfter);
    expect(result.data).toEqual({ company_name: null });
  });

  it('refuses private addresses when they are not allowed', async () => {
    const strict = createResearcher({ ...options, allowPrivate: false });
    const before = site.hits.get('/acme/') ?? 0;
    const result = await strict.research({ url: `${site.url}/acme/`, queries, list: false, turbo: true });
    const viaName = await strict.research({
      url: `http://localhost:${site.port}/acme/`,
      queries,
      list: false,
      turbo: true,
    });
    await strict.close();
    expect(result).toMatchObject({ error_detected: true, transient: false });
    expect(result.error).toMatch(/loopback/);
    expect(viaName.error).toMatch(/local host name/);
    expect(site.hits.get('/acme/') ?? 0).toBe(before);
  });

  it('times out on a slow site as a transient failure', async () => {
    const quick = createResearcher({ ...options, timeoutMs: 150 });
    const result = await quick.research({
      url: `${site.url}/slow/2000/acme/`,
      queries,
      list: false,
      turbo: true,
    });
    await quick.close();
    expect(result).toMatchObject({ error_detected: true, transient: true });
    expect(result.error).toMatch(/did not answer within 150 ms/);
  });

  it('stops when the caller cancels', async () => {
    const ctrl = new AbortController();
    // The page never answers: the call can only end by the abort (no bound on the time it took,
    // which a loaded machine could break).
    const pending = researcher.research({
      url: `${site.url}/slow/3600000/acme/`,
      queries,
      list: false,
      turbo: true,
      signal: ctrl.signal,
    });
    await vi.waitFor(() => expect(site.hits.get('/slow/3600000/acme/')).toBe(1), { timeout: 10_000 });
    ctrl.abort();
    await expect(pending).rejects.toThrow(/aborted/i);
  });

  it('reads only the first maxBytes of a huge page', async () => {
    const capped = createResearcher({ ...options, maxBytes: 256 * 1024 });
    const result = await capped.research({ url: `${site.url}/huge`, queries, list: false, turbo: true });
    await capped.close();
    expect(result.pages[0]?.status).toBe(200);
    expect(result.error).toBe(`no answers found on ${site.url}/huge`);
  });

  it('accepts a bare host name input by adding https://', async () => {
    const result = await researcher.research({ url: `127.0.0.1:1/acme/`, queries, list: false, turbo: true });
    expect(result.pages[0]?.url).toBe('https://127.0.0.1:1/acme/');
    expect(result.error_detected).toBe(true);
  });
});
