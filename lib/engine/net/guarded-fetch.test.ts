import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { FACTS, HUGE_BYTES, startFixtureSite, type FixtureSite } from '../../../tests/fixtures/site/server';
import { decodeBody } from './decode-body';
import { FetchError } from './fetch-error';
import { createGuardedFetch, type GuardedFetcher } from './guarded-fetch';
import { createGuardedLookup } from './guarded-lookup';

let site: FixtureSite;
let open: GuardedFetcher;
let strict: GuardedFetcher;
const base = { timeoutMs: 2_000, maxBytes: 1_000_000, userAgent: 'QuarryTest/1.0' };

beforeAll(async () => {
  site = await startFixtureSite();
  open = createGuardedFetch({ ...base, allowPrivate: true });
  strict = createGuardedFetch({ ...base, allowPrivate: false });
});
afterAll(async () => {
  await Promise.all([open.close(), strict.close()]);
  await site.close();
});

async function failure(p: Promise<unknown>): Promise<FetchError> {
  try {
    await p;
  } catch (err) {
    if (err instanceof FetchError) return err;
    throw err;
  }
  throw new Error('expected the fetch to fail');
}

describe('guarded fetch on loopback with allowPrivate', () => {
  it('fetches a page with its final URL, status, headers and content type', async () => {
    const res = await open(`${site.url}${FACTS.acme.path}`);
    expect(res.status).toBe(200);
    expect(res.url).toBe(`${site.url}/acme/`);
    expect(res.contentType).toBe('text/html; charset=utf-8');
    expect(res.truncated).toBe(false);
    expect(res.body.toString()).toContain('Acme Robotics');
  });

  it('sends the configured user agent', async () => {
    const res = await open(`${site.url}/echo-headers`);
    expect(JSON.parse(res.body.toString())['user-agent']).toBe('QuarryTest/1.0');
  });

  it('follows redirects and reports every hop', async () => {
    const to = encodeURIComponent('/redirect?to=/acme/contact');
    const res = await open(`${site.url}/redirect?to=${to}`);
    expect(res.url).toBe(`${site.url}/acme/contact`);
    expect(res.redirects).toEqual([`${site.url}/redirect?to=/acme/contact`, `${site.url}/acme/contact`]);
  });

  it('stops after five redirects', async () => {
    let target = '/acme/';
    for (let i = 0; i < 6; i++) target = `/redirect?to=${encodeURIComponent(target)}`;
    const err = await failure(open(`${site.url}${target}`));
    expect(err.kind).toBe('http');
    expect(err.message).toMatch(/more than 5 redirects/);
  });

  it('decompresses gzip bodies', async () => {
    const res = await open(`${site.url}/gzip/acme/`);
    expect(res.body.toString()).toContain('Warehouse automation that pays for itself');
  });

  it('times out on slow answers, as a transient error', async () => {
    const quick = createGuardedFetch({ ...base, timeoutMs: 200, allowPrivate: true });
    // The page never answers (an hour's delay): only the timeout can end the call, however late a
    // busy machine fires it. (With a 3 s page and a bound of 1.5 s on the time taken, the bound was
    // what a loaded machine could break.)
    const err = await failure(quick(`${site.url}/slow/3600000/acme/`));
    await quick.close();
    expect(err.kind).toBe('timeout');
    expect(err.transient).toBe(true);
  });

  it('is cancelled by the caller signal', async () => {
    const ctrl = new AbortController();
    const pending = failure(open(`${site.url}/slow/3600001/acme/`, { signal: ctrl.signal })); // never answers
    await vi.waitFor(() => expect(site.hits.get('/slow/3600001/acme/')).toBe(1), { timeout: 10_000 });
    ctrl.abort();
    const err = await pending;
    expect(err.kind).toBe('aborted');
    expect(err.transient).toBe(false);
  });

  it('caps the body and marks it truncated', async () => {
    const res = await open(`${site.url}/huge`);
    expect(res.body.length).toBe(base.maxBytes);
    expect(res.truncated).toBe(true);
    expect(HUGE_BYTES).toBeGreaterThan(10 * 1024 * 1024);
    const err = await failure(open(`${site.url}/huge`, { onTooLarge: 'error' }));
    expect(err.kind).toBe('too_large');
  });

  it('types HTTP errors and marks 429 and 5xx transient with Retry-After', async () => {
    const limited = await failure(open(`${site.url}/status/429`));
    expect(limited).toMatchObject({ kind: 'http', status: 429, transient: true, retryAfterSeconds: 1 });
    const broken = await failure(open(`${site.url}/status/500`));
    expect(broken).toMatchObject({ kind: 'http', status: 500, transient: true });
    const missing = await failure(open(`${site.url}/status/404`));
    expect(missing).toMatchObject({ kind: 'http', status: 404, transient: false });
  });

  it('returns error statuses when asked to', async () => {
    const res = await open(`${site.url}/status/503`, { throwHttpErrors: false });
    expect(res.status).toBe(503);
    expect(res.headers['retry-after']).toBe('1');
  });

  it('reports refused connections', async () => {
    const err = await failure(open('http://127.0.0.1:1/'));
    expect(err.kind).toBe('connect');
  });

  it('delivers legacy-charset bytes that decodeBody turns into text', async () => {
    const res = await open(`${site.url}${FACTS.cafe.path}`);
    expect(res.contentType).toBe('text/html; charset=ISO-8859-1');
    expect(res.body.includes(Buffer.from('É', 'latin1'))).toBe(true);
    expect(decodeBody(res.body, res.contentType)).toContain(FACTS.cafe.title);
    const menu = await open(`${site.url}${FACTS.cafe.menuPath}`);
    expect(decodeBody(menu.body, menu.contentType)).toContain(FACTS.cafe.menuSentence);
  });
});

describe('guarded fetch refusals without allowPrivate', () => {
  it('refuses loopback literals before connecting', async () => {
    const before = site.hits.get('/acme/') ?? 0;
    const err = await failure(strict(`${site.url}/acme/`));
    expect(err).toMatchObject({ kind: 'blocked', transient: false });
    expect(err.message).toMatch(/loopback/);
    expect(site.hits.get('/acme/') ?? 0).toBe(before);
  });

  it('refuses private literals, localhost and metadata addresses', async () => {
    for (const url of [
      'http://10.0.0.1/',
      'http://localhost/',
      'http://169.254.169.254/latest',
      'http://[::1]/',
    ]) {
      expect((await failure(strict(url))).kind).toBe('blocked');
    }
  });

  it('refuses a redirect hop to a private address', async () => {
    // fixture.test is trusted and resolves to loopback, so the first hop is served; the hop to a
    // private literal must then be refused before any connection is made.
    const trusting = createGuardedFetch({
      ...base,
      allowPrivate: false,
      allowHosts: ['fixture.test'],
      resolve: async () => [{ address: '127.0.0.1', family: 4 }],
    });
    const ok = await trusting(`http://fixture.test:${site.port}/acme/`);
    expect(ok.status).toBe(200);
    const before = site.hits.get('/acme/contact') ?? 0;
    for (const target of [
      `http://127.0.0.1:${site.port}/acme/contact`,
      `http://localhost:${site.port}/acme/contact`,
    ]) {
      const err = await failure(
        trusting(`http://fixture.test:${site.port}/redirect?to=${encodeURIComponent(target)}`),
      );
      expect(err).toMatchObject({ kind: 'blocked', url: target });
    }
    await trusting.close();
    expect(site.hits.get('/acme/contact') ?? 0).toBe(before);
  });

  it('refuses a public-looking host name that resolves to loopback, at connect time', async () => {
    const rebinding = createGuardedFetch({
      ...base,
      allowPrivate: false,
      resolve: async () => [{ address: '127.0.0.1', family: 4 }],
    });
    const before = site.hits.get('/acme/') ?? 0;
    const err = await failure(rebinding(`http://shop.example.com:${site.port}/acme/`));
    await rebinding.close();
    expect(err).toMatchObject({ kind: 'blocked', transient: false });
    expect(err.message).toMatch(/shop\.example\.com resolves to a non-public address/);
    expect(site.hits.get('/acme/') ?? 0).toBe(before);
  });

  it('connects through the injected resolver when private addresses are allowed', async () => {
    const mapped = createGuardedFetch({
      ...base,
      allowPrivate: true,
      resolve: async () => [{ address: '127.0.0.1', family: 4 }],
    });
    const res = await mapped(`http://shop.example.com:${site.port}/acme/`);
    await mapped.close();
    expect(res.status).toBe(200);
  });

  it('refuses localhost through the system resolver', async () => {
    const lookup = createGuardedLookup({ allowPrivate: false });
    const err = await new Promise<NodeJS.ErrnoException | null>((resolve) =>
      lookup('localhost', { all: true }, (e) => resolve(e)),
    );
    expect(err?.code).toBe('EBLOCKEDADDRESS');
  });
});
